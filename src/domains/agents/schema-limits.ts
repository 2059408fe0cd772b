// The bounds a customer's JSON Schema (a custom agent's input_schema or output_schema) must
// keep BEFORE it is compiled (docs/api-conventions.md, "Schema limits"): compiling costs time
// on the event loop and memory for as long as the validator is kept, both growing with the
// schema, so its size, depth and number of members are capped where the slowest schema within
// them compiles in a few milliseconds (`npm run bench`, row "schemas"). Pure: no Ajv here.
import { patternWeight } from "./linear-regexp.ts";

/** JSON Schema dialects a customer schema may declare in `$schema` (draft 2020-12 only; absent means it too). */
export const SUPPORTED_SCHEMA_DIALECTS = ["https://json-schema.org/draft/2020-12/schema"] as const;

export const SCHEMA_LIMITS = {
  /** Serialized size (UTF-8 bytes of its JSON text). */
  maxBytes: 64 * 1024,
  /** Nesting of objects and arrays. */
  maxDepth: 32,
  /** Members: every keyword and property name of every object, and every array element. */
  maxMembers: 600,
  /** Regular expressions (`pattern` values and `patternProperties` names). */
  maxPatterns: 50,
  /** Their repetition weights together (linear-regexp.ts, patternWeight; one pattern: at most 2,000). */
  maxPatternWeight: 3000,
} as const;

// Identifiers that register a schema resource or anchor inside the validator: customers have
// no use for them below the root (references stay within the document, by JSON Pointer), and
// each one registered is kept by Ajv for as long as its instance lives.
const NESTED_IDENTIFIERS = ["$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$schema"] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** `https://…/schema#` and `…/schema` name the same dialect. */
const withoutEmptyFragment = (uri: string) => (uri.endsWith("#") ? uri.slice(0, -1) : uri);

/** A JSON Pointer-ish path for messages: `properties/email/pattern`. */
const at = (path: string[]) => {
  const pointer = path.join("/");
  return path.length === 0 ? "the root" : pointer.length > 120 ? `…${pointer.slice(-120)}` : pointer;
};

// Schema keywords whose object value is a map from names to subschemas (or, for
// patternProperties, from patterns to subschemas): their keys are names, not keywords.
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

/**
 * Why `schema` is outside the bounds of a customer schema, or null. Cheap: one serialization
 * and one walk that stops at the first problem, before anything is compiled.
 */
export function schemaLimitProblem(schema: unknown): string | null {
  if (!isObject(schema)) return "must be a JSON Schema object";
  const bytes = Buffer.byteLength(JSON.stringify(schema), "utf8");
  if (bytes > SCHEMA_LIMITS.maxBytes) {
    return `is ${bytes} bytes serialized; a schema may have at most ${SCHEMA_LIMITS.maxBytes} bytes (64 KB)`;
  }
  const declared = schema.$schema;
  if (declared !== undefined && (typeof declared !== "string" || !(SUPPORTED_SCHEMA_DIALECTS as readonly string[]).includes(withoutEmptyFragment(declared)))) {
    return `$schema ${JSON.stringify(declared)} is not supported: omit it or use ${SUPPORTED_SCHEMA_DIALECTS.join(", ")} (draft 2020-12)`;
  }
  let members = 0;
  let patterns = 0;
  let weight = 0;
  const countPatterns = (sources: string[]): string | null => {
    patterns += sources.length;
    for (const source of sources) weight += patternWeight(source);
    if (patterns > SCHEMA_LIMITS.maxPatterns) return `has more than ${SCHEMA_LIMITS.maxPatterns} regular expressions (pattern, patternProperties)`;
    if (weight > SCHEMA_LIMITS.maxPatternWeight) {
      return `has regular expressions whose repetition weights add up to more than ${SCHEMA_LIMITS.maxPatternWeight} (atoms times the bounds of {n,m})`;
    }
    return null;
  };
  const walk = (node: unknown, path: string[], depth: number, keysAreNames: boolean): string | null => {
    if (typeof node !== "object" || node === null) return null;
    if (depth > SCHEMA_LIMITS.maxDepth) return `nests deeper than ${SCHEMA_LIMITS.maxDepth} levels (at ${at(path)})`;
    const entries: [string, unknown][] = Array.isArray(node) ? node.map((item, index) => [String(index), item]) : Object.entries(node);
    members += entries.length;
    if (members > SCHEMA_LIMITS.maxMembers) {
      return `has more than ${SCHEMA_LIMITS.maxMembers} members (keywords, property names and array items counted together)`;
    }
    for (const [key, value] of entries) {
      const isKeyword = !Array.isArray(node) && !keysAreNames;
      if (isKeyword && depth > 0 && (NESTED_IDENTIFIERS as readonly string[]).includes(key)) {
        return `${key} is allowed only at the root of the schema (found at ${at([...path, key])}); use "$ref": "#/$defs/name" to reuse a part`;
      }
      const sources = isKeyword && key === "pattern" && typeof value === "string" ? [value] : isKeyword && key === "patternProperties" && isObject(value) ? Object.keys(value) : [];
      const patternProblem = sources.length > 0 ? countPatterns(sources) : null;
      if (patternProblem) return patternProblem;
      // Values of keywords like `enum`, `const`, `default` and `examples` are data, not schemas.
      const childKeysAreNames = isKeyword && NAME_MAPS.has(key);
      const problem = walk(value, [...path, key], depth + 1, childKeysAreNames);
      if (problem) return problem;
    }
    return null;
  };
  return walk(schema, [], 0, false);
}
