// CSV columns → the agent's `data`, pure (no React, no network), so it is unit-tested on its
// own. The agent's input schema (JSON Schema, from batches.inputSchema: the same schema the
// server checks every row against at acceptance) decides what each column becomes:
// - a dotted header builds nested objects (`invoice.total`), a numeric segment an array
//   element (`items.0.description`);
// - a cell for an array or object is JSON (`invoice.lines` = `[{"sku":"A4",…}]`);
// - numbers, integers and booleans are coerced by the schema's type; text stays text;
// - for rfq_generator, `supplier` (names, `;`-separated) and `supplier_email` fill `suppliers`.
// Each row is then checked against the schema here, line by line, before anything is sent.
// The browser cannot compile schemas (the CSP has no 'unsafe-eval', which Ajv needs), so the
// check below covers the JSON Schema keywords the agents' schemas use; the server's Ajv check
// stays the authority.

export type TJsonSchema = Record<string, unknown>;
export type TColumnMapping = {
  column: string;
  /** Dotted path inside `data`. */
  path: string;
  /** What the cell becomes: "number", "boolean", "JSON array", "text", … */
  type: string;
  /** False when the schema does not name the path (sent as text; the agent may ignore it). */
  known: boolean;
};
export type TMappedIssue = { path: string; message: string };

const SUPPLIER_COLUMNS: Record<string, string> = { supplier: "suppliers", supplier_email: "suppliers.0.email" };

export const asSchema = (value: unknown): TJsonSchema | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as TJsonSchema) : null;

const typesOf = (schema: TJsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];

/** An optional field is `anyOf: [shape, {type: null}]`: the shape is what a cell fills. */
export function unwrapNullable(schema: TJsonSchema): TJsonSchema {
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as unknown[]).map(asSchema).filter((branch) => branch !== null) : [];
  const nonNull = branches.filter((branch) => !(typesOf(branch).length === 1 && typesOf(branch)[0] === "null"));
  return nonNull.length === 1 && branches.length === 2 ? nonNull[0]! : schema;
}

/** The schema at a dotted path, or null where the schema does not say. */
export function schemaAt(schema: TJsonSchema, path: string): TJsonSchema | null {
  let current: TJsonSchema | null = unwrapNullable(schema);
  for (const segment of path.split(".")) {
    if (!current) return null;
    if (/^\d+$/.test(segment)) current = asSchema(current.items);
    else current = asSchema(asSchema(current.properties)?.[segment]);
    current = current ? unwrapNullable(current) : null;
  }
  return current;
}

/** The types a cell may become at this schema ("string", "number", …), [] when any. */
export function cellTypes(schema: TJsonSchema | null): string[] {
  if (!schema) return [];
  const direct = typesOf(schema);
  if (direct.length > 0) return direct;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as unknown[]).flatMap((branch) => cellTypes(asSchema(branch)));
  return [];
}

export function typeLabel(types: string[]): string {
  const shown = types.filter((type) => type !== "null");
  if (shown.length === 0) return "text";
  return shown
    .map((type) => (type === "array" ? "JSON array" : type === "object" ? "JSON object" : type === "string" ? "text" : type))
    .join(" or ");
}

/** How each data column maps onto the agent's schema. */
export function mapColumns(columns: string[], schema: TJsonSchema, agentType?: string): TColumnMapping[] {
  return columns.map((column) => {
    const path = agentType === "rfq_generator" && SUPPLIER_COLUMNS[column] ? SUPPLIER_COLUMNS[column] : column;
    if (agentType === "rfq_generator" && column === "supplier") return { column, path, type: "supplier names, ;-separated", known: true };
    const target = schemaAt(schema, path);
    // An open schema (center, assistant: any object) names no fields: every column is text it reads.
    const open = asSchema(unwrapNullable(schema).properties) === null;
    return { column, path, type: typeLabel(cellTypes(target)), known: target !== null || open };
  });
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const TRUE = new Set(["true", "yes", "y", "1"]);
const FALSE = new Set(["false", "no", "n", "0"]);

/** A cell as the schema's type wants it, or why it cannot be. */
export function coerce(cell: string, types: string[]): { value: unknown } | { problem: string } {
  const text = cell.trim();
  const wantsJson = types.includes("array") || types.includes("object");
  if (wantsJson && (text.startsWith("[") || text.startsWith("{"))) {
    try {
      return { value: JSON.parse(text) };
    } catch {
      return { problem: `is not valid JSON (${types.includes("array") ? "an array like [{…}]" : "an object like {…}"} expected)` };
    }
  }
  if (types.includes("string")) return { value: cell };
  if ((types.includes("number") || types.includes("integer")) && NUMBER.test(text)) return { value: Number(text) };
  if (types.includes("boolean") && TRUE.has(text.toLowerCase())) return { value: true };
  if (types.includes("boolean") && FALSE.has(text.toLowerCase())) return { value: false };
  if (types.length === 0) return { value: cell };
  return { problem: `must be ${typeLabel(types)}, not "${truncate(text)}"` };
}

const truncate = (text: string): string => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

export function setPath(target: Record<string, unknown>, path: string, value: unknown): string | null {
  const segments = path.split(".");
  let node: Record<string, unknown> | unknown[] = target;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const key: string | number = Array.isArray(node) ? Number(segment) : segment;
    if (Array.isArray(node) && !/^\d+$/.test(segment)) return `${segments.slice(0, index).join(".")} is a list: use ${segments.slice(0, index).join(".")}.0.${segment}`;
    const last = index === segments.length - 1;
    const container = node as Record<string | number, unknown>;
    if (last) {
      if (container[key] !== undefined) return `${path} is given twice`;
      container[key] = value;
      return null;
    }
    const next = container[key];
    if (next === undefined) container[key] = /^\d+$/.test(segments[index + 1]!) ? [] : {};
    else if (typeof next !== "object" || next === null) return `${segments.slice(0, index + 1).join(".")} is given both as a value and with fields`;
    node = container[key] as Record<string, unknown> | unknown[];
  }
  return null;
}

/** One CSV row's cells (column → text, empty cells left out) as the agent's `data`. */
export function buildRowData(cells: Record<string, string>, mappings: TColumnMapping[], schema: TJsonSchema): { data: Record<string, unknown>; problems: string[] } {
  const data: Record<string, unknown> = {};
  const problems: string[] = [];
  // Shorter paths first: `supplier` makes the suppliers list that `supplier_email` completes,
  // and `invoice` as a JSON cell beside `invoice.total` is reported rather than overwritten.
  const ordered = [...mappings].sort((left, right) => left.path.split(".").length - right.path.split(".").length);
  for (const mapping of ordered) {
    const cell = cells[mapping.column];
    if (cell === undefined || cell.trim() === "") continue;
    let value: unknown;
    if (mapping.column === "supplier" && mapping.path === "suppliers") {
      value = cell.split(";").map((name) => name.trim()).filter(Boolean).map((name) => ({ name }));
      if (cells.supplier_email?.trim() && (value as unknown[]).length !== 1) {
        problems.push("supplier_email needs exactly one supplier name in supplier");
        continue;
      }
    } else {
      const coerced = coerce(cell, mapping.known ? cellTypes(schemaAt(schema, mapping.path)) : []);
      if ("problem" in coerced) {
        problems.push(`${mapping.column} ${coerced.problem}`);
        continue;
      }
      value = coerced.value;
    }
    const problem = setPath(data, mapping.path, value);
    if (problem) problems.push(problem);
  }
  return { data, problems };
}

// ---------------------------------------------------------------------------------------
// The check of `data` against the schema (the keywords the agents' input schemas use).

const describeType = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" && Number.isInteger(value) ? "integer" : typeof value;

function hasType(value: unknown, type: string): boolean {
  const actual = describeType(value);
  if (type === "number") return actual === "number" || actual === "integer";
  return actual === type;
}

// The same simple shape Ajv's "email" format accepts in practice (something@domain.tld).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function check(schema: TJsonSchema, value: unknown, path: string, issues: TMappedIssue[]): void {
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as unknown[]).map(asSchema).filter((branch) => branch !== null);
    const results = branches.map((branch) => {
      const found: TMappedIssue[] = [];
      check(branch, value, path, found);
      return found;
    });
    if (results.some((found) => found.length === 0)) return;
    // Report the branch whose type fits (an object's missing field), else the first.
    const fitting = branches.findIndex((branch) => typesOf(branch).some((type) => hasType(value, type)));
    issues.push(...results[fitting >= 0 ? fitting : 0]!);
    return;
  }
  const types = typesOf(schema);
  if (types.length > 0 && !types.some((type) => hasType(value, type))) {
    issues.push({ path, message: `must be ${types.filter((type) => type !== "null").join(" or ") || "null"}` });
    return;
  }
  if (Array.isArray(schema.enum) && !(schema.enum as unknown[]).some((option) => JSON.stringify(option) === JSON.stringify(value))) {
    issues.push({ path, message: `must be one of ${(schema.enum as unknown[]).map((option) => JSON.stringify(option)).join(", ")}` });
  }
  if (typeof value === "string") {
    // One problem per text: an email that fails its format also fails the pattern beside it.
    const problem =
      typeof schema.minLength === "number" && value.length < schema.minLength
        ? schema.minLength === 1 ? "must not be empty" : `must have at least ${schema.minLength} characters`
        : typeof schema.maxLength === "number" && value.length > schema.maxLength
          ? `must have at most ${schema.maxLength} characters`
          : schema.format === "email" && !EMAIL.test(value)
            ? 'must match format "email"'
            : typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value)
              ? `must match pattern "${schema.pattern}"`
              : null;
    if (problem) issues.push({ path, message: problem });
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) issues.push({ path, message: `must be >= ${schema.minimum}` });
    if (typeof schema.maximum === "number" && value > schema.maximum) issues.push({ path, message: `must be <= ${schema.maximum}` });
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum) issues.push({ path, message: `must be > ${schema.exclusiveMinimum}` });
    if (types.includes("integer") && !Number.isInteger(value)) issues.push({ path, message: "must be integer" });
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) issues.push({ path, message: `must not have fewer than ${schema.minItems} items` });
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) issues.push({ path, message: `must not have more than ${schema.maxItems} items` });
    const items = asSchema(schema.items);
    if (items) value.forEach((item, index) => check(items, item, `${path}.${index}`, issues));
  }
  if (describeType(value) === "object") {
    const object = value as Record<string, unknown>;
    for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
      if (object[name] === undefined) issues.push({ path: `${path}.${name}`, message: `must have required property '${name}'` });
    }
    const properties = asSchema(schema.properties) ?? {};
    for (const [name, property] of Object.entries(properties)) {
      const propertySchema = asSchema(property);
      if (propertySchema && object[name] !== undefined) check(propertySchema, object[name], `${path}.${name}`, issues);
    }
  }
}

/** Where `data` does not fit `schema`, as `data.invoice.lines.0.description` paths (empty when it fits). */
export function dataIssues(schema: TJsonSchema, data: unknown): TMappedIssue[] {
  const issues: TMappedIssue[] = [];
  check(schema, data, "data", issues);
  return issues;
}

/** Every CSV row mapped and checked: the rows to send, and each line's problems. */
export function mapRows<TRow extends { task: string; data?: Record<string, string> }>(
  rows: TRow[],
  lines: number[],
  columns: string[],
  schema: TJsonSchema,
  agentType?: string,
): { rows: { task: string; data?: Record<string, unknown> }[]; mappings: TColumnMapping[]; problems: { line: number; message: string }[] } {
  const mappings = mapColumns(columns, schema, agentType);
  const problems: { line: number; message: string }[] = [];
  const mapped = rows.map((row, index) => {
    const line = lines[index] ?? index + 2;
    const { data, problems: cellProblems } = buildRowData(row.data ?? {}, mappings, schema);
    for (const message of cellProblems) problems.push({ line, message });
    if (cellProblems.length === 0) {
      for (const issue of dataIssues(schema, data)) problems.push({ line, message: `${issue.path}: ${issue.message}` });
    }
    return Object.keys(data).length > 0 ? { task: row.task, data } : { task: row.task };
  });
  return { rows: mapped, mappings, problems };
}
