// What an agent accepts as a run's `data`, as JSON Schema (draft 2020-12): published in
// GET /v1/agents and checked when a run or batch row is accepted, before anything is charged.
// The built-ins' schemas are generated from the zod schemas their agents parse with, so the
// published contract and the agent cannot drift; custom agents bring their own. Ajv
// validates both, so every refusal names a JSON path the same way.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { z } from "zod";
import { validationError } from "../../foundation/errors.ts";
import type { TAgentType } from "./agent-types.ts";
import { ZPurchaseDocument, ZReceipt } from "./ap-specialist.ts";
import { ZRfqData } from "./rfq-generator.ts";

export type TJsonSchema = Record<string, unknown>;

/** One reason `data` does not fit: `path` is a JSON Pointer into `data` ("" for the whole). */
export type TSchemaIssue = { path: string; message: string };

// ajv-formats is CommonJS with its function on `default` when imported from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

// addUsedSchema false: a schema's `$id` is not registered on this shared instance, so one
// organization's `$id` can never collide with (or be referenced by) another's.
const ajv = new Ajv2020({ allErrors: false, strict: false, validateFormats: true, addUsedSchema: false });
addFormats(ajv);

const ANY_OBJECT: TJsonSchema = { type: "object" };

const toInputSchema = (schema: z.ZodType): TJsonSchema =>
  z.toJSONSchema(schema, { io: "input", target: "draft-2020-12", unrepresentable: "any" }) as TJsonSchema;

const ZApData = z.object({
  invoice: ZPurchaseDocument,
  purchase_order: ZPurchaseDocument.nullish(),
  receipt: ZReceipt.nullish(),
});

/** `data` of each built-in agent (center routes anything; assistant reads any object). */
export const BUILT_IN_INPUT_SCHEMAS: Record<TAgentType, TJsonSchema> = {
  center: ANY_OBJECT,
  assistant: ANY_OBJECT,
  ap_specialist: toInputSchema(ZApData),
  rfq_generator: toInputSchema(ZRfqData),
};

// Customers bring their own schemas (agent definitions): the cache is bounded, the oldest
// compiled schema leaving it (and Ajv's own cache) first, so memory does not grow with them.
const MAX_COMPILED_SCHEMAS = 500;
const compiled = new Map<string, { schema: TJsonSchema; validate: ValidateFunction }>();
// By identity first: every accepted run and batch row is checked, and serializing the same
// built-in schema object for each of a 500-row batch's rows would cost more than validating.
const compiledByObject = new WeakMap<TJsonSchema, ValidateFunction>();

function validatorFor(schema: TJsonSchema): ValidateFunction {
  const known = compiledByObject.get(schema);
  if (known) return known;
  const key = JSON.stringify(schema);
  const cached = compiled.get(key);
  if (cached) {
    // Most recently used last, so eviction takes the least recently used.
    compiled.delete(key);
    compiled.set(key, cached);
    return cached.validate;
  }
  const validate = ajv.compile(schema);
  compiled.set(key, { schema, validate });
  if (compiled.size > MAX_COMPILED_SCHEMAS) {
    const [oldestKey, oldest] = compiled.entries().next().value!;
    compiled.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  compiledByObject.set(schema, validate);
  return validate;
}

const MAX_PATTERN_LENGTH = 200;
// A quantified group that itself holds a quantifier or an alternation ("(a+)+", "(a|a)*") is
// what makes a backtracking engine take exponential time; so do back-references.
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[+*|]|\{\d)(?:[^()\\]|\\.)*\)(?:[+*]|\{\d)/;
const BACK_REFERENCE = /\\(?:[1-9]|k<)/;

/** Every regular expression a schema would run on data: `pattern` values and `patternProperties` keys. */
function patternsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) patternsIn(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "pattern" && typeof value === "string") found.push(value);
      if (key === "patternProperties" && value && typeof value === "object") found.push(...Object.keys(value));
      patternsIn(value, found);
    }
  }
  return found;
}

/**
 * Why a customer's regular expression is refused, or null. Ajv runs patterns on Node's
 * backtracking engine in the server process, so one crafted pattern could stall every
 * tenant's requests (ReDoS): patterns are short and free of nested quantifiers and
 * back-references (docs/api-conventions.md, "Agent definitions").
 */
export function riskyPatternProblem(source: string): string | null {
  if (source.length > MAX_PATTERN_LENGTH) return `pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  if (BACK_REFERENCE.test(source)) return "pattern uses a back-reference, which is not supported";
  if (NESTED_QUANTIFIER.test(source)) return "pattern repeats a group that itself repeats or alternates (e.g. (a+)+), which is not supported";
  return null;
}

/** Why `schema` is not a usable JSON Schema, or null when it is. */
export function schemaProblem(schema: unknown): string | null {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return "must be a JSON Schema object";
  if (!ajv.validateSchema(schema)) return ajv.errorsText(ajv.errors, { dataVar: "schema" });
  for (const pattern of patternsIn(schema)) {
    const problem = riskyPatternProblem(pattern);
    if (problem) return `${problem}: ${JSON.stringify(pattern.slice(0, 60))}`;
  }
  try {
    validatorFor(schema as TJsonSchema);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const describe = (error: ErrorObject): TSchemaIssue => {
  // A missing property is reported at its parent; name the property itself.
  const missing = error.keyword === "required" ? `/${String((error.params as { missingProperty: string }).missingProperty)}` : "";
  return { path: `${error.instancePath}${missing}`, message: error.message ?? "is invalid" };
};

const isNullBranch = (error: ErrorObject): boolean =>
  error.keyword === "type" && (error.params as { type?: unknown }).type === "null";

/**
 * An optional field is `anyOf: [shape, null]`: when the shape fails, Ajv also reports "must
 * be null" and "must match a schema in anyOf" for the same value. Those say nothing the
 * shape's own error does not, so they are left out whenever a more specific error remains.
 */
function mostSpecific(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((error) => error.keyword !== "anyOf" && error.keyword !== "oneOf" && !isNullBranch(error));
  if (specific.length === 0) return errors.filter((error) => error.keyword !== "anyOf" && error.keyword !== "oneOf").slice(0, 1);
  return specific;
}

/** The reasons `data` does not fit `schema` (empty when it does). */
export function inputIssues(schema: TJsonSchema, data: unknown): TSchemaIssue[] {
  const validate = validatorFor(schema);
  return validate(data) ? [] : mostSpecific(validate.errors ?? []).map(describe);
}

/** The reasons a model's `output` does not fit a custom agent's output schema (empty when it does). */
export const outputIssues = (schema: TJsonSchema, output: unknown): TSchemaIssue[] => inputIssues(schema, output);

/** `data.invoice.lines.0.description` style path of an issue, as the API's validation errors name fields. */
export const dataPath = (issue: TSchemaIssue, root = "data"): string =>
  [root, ...issue.path.split("/").slice(1).map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))].join(".");

/**
 * Throws a 400 validation_error naming every path where `data` does not fit the agent's
 * input schema; `root` prefixes the paths (a batch row passes `rows.3.data`).
 */
export function assertInputFits(schema: TJsonSchema, data: unknown, root = "data"): void {
  const issues = inputIssues(schema, data);
  if (issues.length === 0) return;
  const named = issues.map((issue) => ({ path: dataPath(issue, root), message: issue.message }));
  const more = named.length > 1 ? ` (and ${named.length - 1} more)` : "";
  throw validationError(`Invalid ${named[0]!.path}: ${named[0]!.message}${more}`, named);
}
