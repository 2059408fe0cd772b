// Bounded reading of untrusted JSON, shared by both transports: the REST handler parses
// /v1 bodies with `parseJsonObjectText`, and the zod primitive ZJsonObject (the dashboard's
// tRPC transport) and the tRPC input check walk already-parsed values with
// `findJsonInputProblem`. Nothing here recurses over user input: depth is measured by one
// scan over the raw text (before JSON.parse), and values are walked with an explicit
// stack, so a 10,000-level body costs one linear pass instead of the call stack.
//
// The bounds protect what comes after the request: PostgreSQL text cannot hold U+0000,
// Prisma's JSON serialisation stops at 128 levels (a run's `data` is re-nested a few levels
// by the executor's step state), and a lone UTF-16 surrogate is not valid UTF-8.
import { AppError } from "./errors.ts";

/** Deepest nesting of objects/arrays accepted anywhere in a JSON input (the body root is level 1). */
export const MAX_JSON_DEPTH = 64;

export type TJsonInputProblem = { path: string; message: string };

export const NUL_MESSAGE = "must not contain NUL (\\u0000) characters";
export const SURROGATE_MESSAGE = "must not contain unpaired UTF-16 surrogates (\\ud800-\\udfff)";
/**
 * JSON.parse keeps a `__proto__` key as an own property, but JavaScript cannot carry it as
 * data: an assignment sets the object's prototype instead (zod's records drop it, merge
 * libraries skip it), so it would vanish silently somewhere between the request and the
 * database. It is refused wherever it appears (docs/api-conventions.md, "Request changes").
 */
export const PROTO_KEY = "__proto__";
export const PROTO_KEY_MESSAGE = 'key "__proto__" is not accepted: JavaScript cannot keep it as ordinary data';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const nativeIsWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
/** String.prototype.isWellFormed (Node ≥ 20) where present: no unpaired surrogate. */
const isWellFormed: (value: string) => boolean = nativeIsWellFormed
  ? (value) => nativeIsWellFormed.call(value)
  : (value) => !LONE_SURROGATE.test(value);

/** Why a string cannot be stored as text (NUL, unpaired surrogate), or null when it can. */
export function unstorableStringReason(value: string): string | null {
  if (value.includes("\u0000")) return NUL_MESSAGE;
  if (!isWellFormed(value)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * True when the JSON text nests objects/arrays deeper than `maxDepth`. One pass over the
 * text, counting brackets outside strings; it does not validate the JSON (JSON.parse does).
 */
export function jsonTextExceedsDepth(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

type TFrame = { value: unknown; depth: number; key: string | number | null; parent: TFrame | null };

function segmentsOf(frame: TFrame | null): (string | number)[] {
  const segments: (string | number)[] = [];
  for (let at = frame; at && at.key !== null; at = at.parent) segments.push(at.key);
  return segments.reverse();
}

/** Dotted path of a problem below `basePath` ("" and no segments → "(body)"). */
export function formatInputPath(basePath: string, segments: readonly (string | number)[]): string {
  const relative = segments.join(".");
  if (!basePath) return relative || "(body)";
  return relative ? `${basePath}.${relative}` : basePath;
}

export type TWalkOptions = {
  /** Deepest nesting allowed, counting `value` itself as level 1 (default MAX_JSON_DEPTH). */
  maxDepth?: number;
  /** Largest size allowed, in UTF-16 code units of strings and keys plus one per value (approximates the JSON text). */
  maxSize?: number;
  /** Dotted path of `value` itself, prefixed to every reported path ("" → paths from the body root). */
  basePath?: string;
};

/** A problem found by the walk: `segments` below the walked value, and the dotted `path`. */
export type TJsonWalkProblem = TJsonInputProblem & { segments: (string | number)[] };

/**
 * The first problem of a parsed JSON value: nesting deeper than `maxDepth` or a size above
 * `maxSize` (reported at the walked value itself), or a string or object key that cannot
 * be stored (NUL, unpaired surrogate, a `__proto__` key; reported at its own path, e.g.
 * `rows.3.task`).
 * Iterative, with an explicit stack.
 */
export function findJsonInputProblem(value: unknown, options: TWalkOptions = {}): TJsonWalkProblem | null {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const maxSize = options.maxSize ?? Number.POSITIVE_INFINITY;
  const basePath = options.basePath ?? "";
  const problem = (segments: (string | number)[], message: string): TJsonWalkProblem => ({
    path: formatInputPath(basePath, segments),
    segments,
    message,
  });
  const stack: TFrame[] = [{ value, depth: 1, key: null, parent: null }];
  let size = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    size += 1;
    if (typeof current === "string") {
      size += current.length;
      const reason = unstorableStringReason(current);
      if (reason) return problem(segmentsOf(frame), reason);
    } else if (current !== null && typeof current === "object") {
      if (frame.depth > maxDepth) return problem([], `must not be nested deeper than ${maxDepth} levels`);
      if (Array.isArray(current)) {
        for (let index = current.length - 1; index >= 0; index--) {
          stack.push({ value: current[index], depth: frame.depth + 1, key: index, parent: frame });
        }
      } else {
        const keys = Object.keys(current);
        for (let index = keys.length - 1; index >= 0; index--) {
          const key = keys[index]!;
          size += key.length;
          const child: TFrame = { value: (current as Record<string, unknown>)[key], depth: frame.depth + 1, key, parent: frame };
          const reason = unstorableStringReason(key);
          if (reason) return problem(segmentsOf(child), `key ${reason}`);
          if (key === PROTO_KEY) return problem(segmentsOf(child), PROTO_KEY_MESSAGE);
          stack.push(child);
        }
      }
    }
    if (size > maxSize) return problem([], `must not be larger than ${maxSize} characters`);
  }
  return null;
}

/** A 400 validation_error for one problem ("Invalid data.a: must not contain …"). */
export function jsonInputError(problem: TJsonInputProblem): AppError<"validation_error"> {
  const issue = { path: problem.path, message: problem.message };
  return new AppError("validation_error", `Invalid ${issue.path}: ${issue.message}`, { issues: [issue] });
}

export type TJsonTextLimits = { maxBytes: number; maxDepth?: number };

/**
 * Parses an untrusted request body that must be a JSON object, within bounds: at most
 * `maxBytes` UTF-8 bytes (413), at most `maxDepth` levels (checked on the text before
 * parsing), valid JSON, an object, and only storable strings and keys (400 naming the
 * field otherwise).
 */
export function parseJsonObjectText(text: string, limits: TJsonTextLimits): Record<string, unknown> {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  if (Buffer.byteLength(text, "utf8") > limits.maxBytes) {
    throw new AppError("payload_too_large", `Request body exceeds ${limits.maxBytes} bytes`);
  }
  if (jsonTextExceedsDepth(text, maxDepth)) {
    const message = `must not be nested deeper than ${maxDepth} levels`;
    throw new AppError("validation_error", `Request body ${message}`, { issues: [{ path: "(body)", message }] });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("validation_error", "Request body is not valid JSON", { issues: [{ path: "(body)", message: "malformed JSON" }] });
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AppError("validation_error", "Request body must be a JSON object", {
      issues: [{ path: "(body)", message: "expected a JSON object" }],
    });
  }
  const problem = findJsonInputProblem(parsed, { maxDepth });
  if (problem) throw jsonInputError(problem);
  return parsed as Record<string, unknown>;
}
