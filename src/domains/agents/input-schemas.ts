// What an agent accepts as a run's `data`, as JSON Schema (draft 2020-12): published in
// GET /v1/agents and checked when a run or batch row is accepted, before anything is charged.
// The built-ins' schemas are generated from the zod schemas their agents parse with, so the
// published contract and the agent cannot drift; custom agents bring their own. Ajv
// validates both, so every refusal names a JSON path the same way. A customer's schema is
// bounded before it is compiled (schema-limits.ts), compiled on an Ajv instance of its own
// with its patterns on a linear-time engine (linear-regexp.ts), and kept in a cache bounded
// by bytes (docs/api-conventions.md, "Schema limits").
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { z } from "zod";
import { validationError } from "../../foundation/errors.ts";
import type { TAgentType } from "./agent-types.ts";
import { ZPurchaseDocument, ZReceipt } from "./ap-specialist.ts";
import { linearRegExp } from "./linear-regexp.ts";
import { ZRfqData } from "./rfq-generator.ts";
import { schemaLimitProblem } from "./schema-limits.ts";
import { MAX_DATA_DEPTH, VALIDATION_BUDGET, validationCost, validationWeights, type TValidationWeights } from "./validation-cost.ts";
import { configure as configureStringify } from "safe-stable-stringify";

export type TJsonSchema = Record<string, unknown>;

/** One reason `data` does not fit: `path` is a JSON Pointer into `data` ("" for the whole). */
export type TSchemaIssue = { path: string; message: string };

// ajv-formats is CommonJS with its function on `default` when imported from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

// The built-ins' schemas are ours: one shared instance on the native RegExp engine. It also
// checks customer schemas against the draft 2020-12 meta-schema (our patterns, not theirs).
// addUsedSchema false: no `$id` is ever registered on it.
const builtInAjv = new Ajv2020({ allErrors: false, strict: false, validateFormats: true, addUsedSchema: false });
addFormats(builtInAjv);

const ANY_OBJECT: TJsonSchema = { type: "object" };

const toInputSchema = (schema: z.ZodType): TJsonSchema =>
  z.toJSONSchema(schema, { io: "input", target: "draft-2020-12", unrepresentable: "any" });

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

const builtInSchemas = new Set<TJsonSchema>(Object.values(BUILT_IN_INPUT_SCHEMAS));
// By identity: every accepted run and batch row is checked, and serializing the same
// built-in schema object for each of a 500-row batch's rows would cost more than validating.
const compiledBuiltIns = new WeakMap<TJsonSchema, ValidateFunction>();

/**
 * A customer schema compiled on an Ajv instance of its own, with patterns on the linear-time
 * engine (linear-regexp.ts) and `$ref`s called rather than inlined (inlining copies a
 * referenced schema into every place that refers to it: N refs to a big part would compile
 * N copies). Everything Ajv keeps for the schema lives on that instance, so dropping the
 * instance frees it all. Throws UnsupportedPatternError or Ajv's compile error.
 */
const canonicalJson = configureStringify({ deterministic: true, circularValue: null });

function compileCustomerSchema(schema: TJsonSchema): ValidateFunction {
  const ajv = new Ajv2020({
    allErrors: false,
    strict: false,
    validateFormats: true,
    // The instance holds this one schema, so registering it collides with nobody's, and it is
    // what lets `$ref: "#"` (a recursive tree) resolve.
    addUsedSchema: true,
    // Checked once beforehand against the meta-schema (builtInAjv): compiling the meta-schema
    // again on every instance would cost more than the customer's schema.
    validateSchema: false,
    inlineRefs: false,
    // Ajv's optimizing pass over the generated code grows with the square of the schema's
    // size (2,000 properties: 1.5 s with it, 80 ms without); the validator runs as fast.
    code: { regExp: linearRegExp, optimize: false },
  });
  addFormats(ajv);
  // Ajv compares object items pairwise (n² deep comparisons: 50,000 items, over a billion);
  // comparing their canonical JSON (keys sorted) in a set is linear and means the same.
  ajv.removeKeyword("uniqueItems");
  ajv.addKeyword({
    keyword: "uniqueItems",
    type: "array",
    schemaType: "boolean",
    error: { message: "must NOT have duplicate items" },
    validate: (unique: boolean, items: unknown[]) => !unique || new Set(items.map((item) => canonicalJson(item))).size === items.length,
  });
  // `$schema` was checked (schema-limits.ts): this instance has no meta-schemas to look up.
  const { $schema: _dialect, ...rest } = schema;
  return ajv.compile(rest);
}

/**
 * Compiled customer schemas, least recently used first, bounded by their total serialized
 * size as well as their count: a schema's compiled code and Ajv's bookkeeping grow with it
 * (measured: ~40 bytes of heap per byte of schema), so 2 MB of schemas hold ~80 MB at most.
 */
const MAX_CACHED_SCHEMAS = 500;
const MAX_CACHED_SCHEMA_BYTES = 2 * 1024 * 1024;
type TCustomerValidator = { validate: ValidateFunction; weights: TValidationWeights };
const compiledCustomer = new Map<string, TCustomerValidator & { bytes: number }>();
let cachedBytes = 0;

/** A stored customer schema that cannot be used (one saved before the current limits). */
export class UnusableSchemaError extends Error {
  constructor(readonly problem: string) {
    super(`the agent's schema is not usable: ${problem}`);
    this.name = "UnusableSchemaError";
  }
}

function customerValidator(schema: TJsonSchema): TCustomerValidator {
  const key = JSON.stringify(schema);
  const cached = compiledCustomer.get(key);
  if (cached) {
    // Most recently used last, so eviction takes the least recently used.
    compiledCustomer.delete(key);
    compiledCustomer.set(key, cached);
    return cached;
  }
  const checked = checkedCompile(schema);
  if ("problem" in checked) throw new UnusableSchemaError(checked.problem);
  compiledCustomer.set(key, { ...checked, bytes: key.length });
  cachedBytes += key.length;
  while (compiledCustomer.size > MAX_CACHED_SCHEMAS || cachedBytes > MAX_CACHED_SCHEMA_BYTES) {
    const [oldestKey, oldest] = compiledCustomer.entries().next().value!;
    compiledCustomer.delete(oldestKey);
    cachedBytes -= oldest.bytes;
  }
  return checked;
}

// A customer schema object (one request's, read from the database) by identity too: a
// 500-row batch checks each row against the same object, and serializing it for each row
// to find it in the cache would cost more than validating. The object dies with the request.
const customerByObject = new WeakMap<TJsonSchema, TCustomerValidator>();

/** The validator of `schema`, with the weights that bound its cost for a customer's schema. */
function validatorFor(schema: TJsonSchema): { validate: ValidateFunction; weights: TValidationWeights | null } {
  if (builtInSchemas.has(schema)) {
    let validate = compiledBuiltIns.get(schema);
    if (!validate) compiledBuiltIns.set(schema, (validate = builtInAjv.compile(schema)));
    return { validate, weights: null };
  }
  let customer = customerByObject.get(schema);
  if (!customer) customerByObject.set(schema, (customer = customerValidator(schema)));
  return customer;
}

/** Figures of the compiled-schema cache, for tests and the bench. */
export const customerSchemaCacheStats = () => ({ schemas: compiledCustomer.size, bytes: cachedBytes });

const MAX_PROBLEM_LENGTH = 300;
const shortened = (text: string) => (text.length > MAX_PROBLEM_LENGTH ? `${text.slice(0, MAX_PROBLEM_LENGTH)}…` : text);

/**
 * A customer schema checked and compiled: outside the limits (schema-limits.ts, checked
 * before anything is compiled), not valid draft 2020-12, a pattern the linear-time engine
 * refuses, or a schema Ajv cannot compile is a problem instead.
 */
function checkedCompile(schema: unknown): TCustomerValidator | { problem: string } {
  const limitProblem = schemaLimitProblem(schema);
  if (limitProblem) return { problem: limitProblem };
  if (!builtInAjv.validateSchema(schema as TJsonSchema)) return { problem: shortened(builtInAjv.errorsText(builtInAjv.errors, { dataVar: "schema" })) };
  const weights = validationWeights(schema as TJsonSchema);
  if ("problem" in weights) return weights;
  try {
    return { validate: compileCustomerSchema(schema as TJsonSchema), weights };
  } catch (error) {
    return { problem: shortened(error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * Why `schema` cannot be a custom agent's schema, or null when it can. Compiles on a
 * throwaway instance that is not cached: a refused schema leaves nothing behind.
 */
export function customerSchemaProblem(schema: unknown): string | null {
  const checked = checkedCompile(schema);
  return "problem" in checked ? checked.problem : null;
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
export function inputIssues(schema: TJsonSchema, data: unknown, budget: { remaining: number } = { remaining: VALIDATION_BUDGET }): TSchemaIssue[] {
  const { validate, weights } = validatorFor(schema);
  if (weights) {
    // Bounded before it runs: the validator itself cannot be interrupted (validation-cost.ts).
    // A request's inputs (a batch's rows) share one budget.
    const cost = validationCost(weights, data, budget.remaining);
    if (cost === null) return [{ path: "", message: `must not be nested deeper than ${MAX_DATA_DEPTH} levels` }];
    budget.remaining -= cost;
    if (budget.remaining < 0) {
      return [
        {
          path: "",
          message: `is too large to check against this agent's schema (a request may cost ${VALIDATION_BUDGET.toLocaleString("en-US")} checks); send less data or simplify the schema`,
        },
      ];
    }
  }
  return validate(data) ? [] : mostSpecific(validate.errors ?? []).map(describe);
}

/**
 * The reasons a model's `output` does not fit a custom agent's output schema (empty when it
 * does); a stored schema that can no longer be used is one issue at the root.
 */
export function outputIssues(schema: TJsonSchema, output: unknown): TSchemaIssue[] {
  try {
    return inputIssues(schema, output);
  } catch (error) {
    if (error instanceof UnusableSchemaError) return [{ path: "", message: `cannot be checked: ${error.message}` }];
    throw error;
  }
}

/** `data.invoice.lines.0.description` style path of an issue, as the API's validation errors name fields. */
export const dataPath = (issue: TSchemaIssue, root = "data"): string =>
  [root, ...issue.path.split("/").slice(1).map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))].join(".");

/**
 * Throws a 400 validation_error naming every path where an input's `data` does not fit the
 * agent's input schema; `root` prefixes the paths (a batch row passes `rows.3.data`). The
 * inputs of one request share one validation budget.
 */
export function assertInputsFit(schema: TJsonSchema, inputs: readonly { data: unknown; root: string }[]): void {
  const budget = { remaining: VALIDATION_BUDGET };
  for (const input of inputs) assertInputFits(schema, input.data, input.root, budget);
}

function assertInputFits(schema: TJsonSchema, data: unknown, root: string, budget: { remaining: number }): void {
  let issues: TSchemaIssue[];
  try {
    issues = inputIssues(schema, data, budget);
  } catch (error) {
    if (!(error instanceof UnusableSchemaError)) throw error;
    throw validationError(`input_schema: ${error.message}; add a version of the agent whose schema is within the limits`, [
      { path: "input_schema", message: error.problem },
    ]);
  }
  if (issues.length === 0) return;
  const named = issues.map((issue) => ({ path: dataPath(issue, root), message: issue.message }));
  const more = named.length > 1 ? ` (and ${named.length - 1} more)` : "";
  throw validationError(`Invalid ${named[0]!.path}: ${named[0]!.message}${more}`, named);
}
