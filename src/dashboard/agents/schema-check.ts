// The output schema editor's check as you type: JSON syntax, then the structural problems a
// person makes by hand. The server (Ajv, draft 2020-12) remains the judge: its 400 message
// is shown on submit for whatever this light check lets through.

const JSON_SCHEMA_TYPES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"]);

export type TSchemaCheck = { schema: Record<string, unknown>; problem?: undefined } | { schema?: undefined; problem: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Problems of one schema node, with the path to it ("properties.total"). */
function nodeProblem(node: unknown, path: string): string | null {
  if (typeof node === "boolean") return null;
  if (!isObject(node)) return `${path || "The schema"} is not a JSON Schema object`;
  const where = path ? ` at ${path}` : "";
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  for (const type of types) {
    if (typeof type !== "string" || !JSON_SCHEMA_TYPES.has(type)) {
      return `"type"${where} must be one of ${[...JSON_SCHEMA_TYPES].join(", ")} (got ${JSON.stringify(type)})`;
    }
  }
  if (node.required !== undefined && !(Array.isArray(node.required) && node.required.every((item) => typeof item === "string"))) {
    return `"required"${where} must be an array of property names`;
  }
  if (node.properties !== undefined) {
    if (!isObject(node.properties)) return `"properties"${where} must be an object of schemas`;
    for (const [key, child] of Object.entries(node.properties)) {
      const problem = nodeProblem(child, path ? `${path}.properties.${key}` : `properties.${key}`);
      if (problem) return problem;
    }
  }
  if (node.items !== undefined) {
    const problem = nodeProblem(node.items, path ? `${path}.items` : "items");
    if (problem) return problem;
  }
  return null;
}

/** Parses and checks the editor's text: the schema, or the first problem in words. */
export function checkOutputSchema(text: string): TSchemaCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `Not valid JSON: ${(error as Error).message}` };
  }
  if (!isObject(parsed)) return { problem: "Not a JSON Schema object: the output schema must be a JSON object ({ … })" };
  const problem = nodeProblem(parsed, "");
  if (problem) return { problem };
  // A run's output is a JSON object, so the server accepts only an object schema.
  if (parsed.type !== "object") return { problem: 'The top-level "type" must be "object": a run\'s output is a JSON object' };
  return { schema: parsed };
}
