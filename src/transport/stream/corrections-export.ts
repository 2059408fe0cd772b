// GET /v1/agents/{name}/corrections — the judged runs of an agent as JSON Lines
// (application/x-ndjson), written as they are read, chunk by chunk (quality.service.ts):
// trpc-to-openapi answers JSON only, so this route stands beside the run stream. The key,
// its scope, the rate limit and the agent's tenancy are checked before the first byte;
// their errors are the usual JSON bodies (src/foundation/errors.ts).
import type { ServerResponse } from "node:http";
import { z } from "zod";
import { logger } from "../../foundation/logger.ts";
import { ZCorrectionsQuery } from "../../domains/quality/quality.schemas.ts";
import { openCorrections } from "../../domains/quality/quality.service.ts";
import { authorizeApiCall } from "../authorize.ts";
import type { TRestRoute } from "../rest/rest-handler.ts";

/** Query parameters as the REST transport sees them: each given once. */
export function queryOf(url: string | undefined): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(url ?? "/", "http://localhost").searchParams) {
    const previous = query[key];
    query[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}

/**
 * Writes one line, waiting for the socket to drain when its buffer is full (a slow reader
 * holds back the reads), or for the client to go (then the loop stops).
 */
export async function writeLine(res: ServerResponse, line: string): Promise<void> {
  if (res.write(line)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

export const correctionsExportRoute: TRestRoute = {
  method: "GET",
  path: "/v1/agents/{name}/corrections",
  rateLimited: true,
  operation: {
    operationId: "agents-corrections",
    tags: ["agents"],
    summary: "The judged runs of an agent as a dataset: one JSON object per line, streamed",
    description:
      "Every run of the agent (all versions) created in [from, to) (default: the last 30 days) that a person judged, by its first decision, in the order the runs were created. See docs/api-conventions.md, \"Quality\".",
    security: [{ bearerAuth: [] }],
    requestParams: {
      path: z.object({ name: z.string().min(1).max(100) }),
      query: ZCorrectionsQuery.omit({ name: true }),
    },
    responses: {
      "200": {
        description:
          "application/x-ndjson: one line per judged run, `{run_id, agent_version, task, data, proposed_output, final_output, decision, feedback, reason_code, judged_at}`",
        content: { "application/x-ndjson": { schema: { type: "string" } } },
      },
    },
  },
  async handle({ req, res, params, header }) {
    const principal = await authorizeApiCall({ header, setHeader: (name, value) => res.setHeader(name, value) }, { scope: "agents:read", rateLimit: "standard" });
    const query = ZCorrectionsQuery.parse({ ...queryOf(req.url), name: params.name ?? "" });
    const lines = await openCorrections(principal, query);
    res.writeHead(200, { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" });
    let gone = false;
    req.on("close", () => (gone = true));
    try {
      for await (const line of lines) {
        if (gone || res.destroyed) break;
        await writeLine(res, `${JSON.stringify(line)}\n`);
      }
      res.end();
    } catch (error) {
      // The status is sent: a cut-off body is how a failure shows (no final newline, or a reset).
      logger.error("corrections export failed mid-stream", { error: String(error) });
      res.destroy(error as Error);
    } finally {
      await lines.return(undefined);
    }
  },
};
