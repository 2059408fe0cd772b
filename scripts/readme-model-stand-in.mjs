// The README check's stand-in for a language model (scripts/readme-check.mjs): an
// OpenAI-compatible Chat Completions server on loopback that answers every request with the
// smallest JSON value fitting the structured-output schema it was sent (the first `enum`
// value, empty strings and lists), sure of itself (confidence 0.9, no review). Enough for
// the README's model-backed commands to complete; tests/helpers/fake-model-server.ts is the
// scripted fake the integration tests use.
import http from "node:http";

/** The smallest value fitting a (plain) JSON Schema, with the answer envelope filled in sure. */
function sampleOf(schema, name) {
  if (name === "confidence") return 0.9;
  if (name === "needs_review") return false;
  if (name === "review_reason") return null;
  if (!schema || typeof schema !== "object") return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" || schema.properties) {
    const value = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if ((schema.required ?? []).includes(key)) value[key] = sampleOf(property, key);
    }
    return value;
  }
  if (type === "array") return [];
  if (type === "string") return name === "summary" ? "Answered by the README check's model stand-in." : "";
  if (type === "number" || type === "integer") return schema.minimum ?? 0;
  if (type === "boolean") return false;
  return null;
}

/** Starts the stand-in on a free loopback port; answers its OPENAI_BASE_URL and a close(). */
export async function startModelStandIn() {
  let answered = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      let request = {};
      try {
        request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        // answered like any other request: the service only sends JSON
      }
      answered += 1;
      const schema = request.response_format?.json_schema?.schema;
      const content = JSON.stringify(sampleOf(schema, undefined) ?? {});
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: `chatcmpl-readme-${answered}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: request.model ?? "stand-in",
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    answered: () => answered,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
