// Customers' regular expressions (`pattern`, `patternProperties`, `propertyNames` patterns in
// custom agents' schemas) run on RE2's linear-time engine, never on V8's backtracking one:
// whatever the pattern, matching a string takes time proportional to its length, so one
// crafted pattern cannot hold the event loop for every tenant (ReDoS). re2js is a pure-JS
// port of RE2: no native build, no WebAssembly, the same on every Node version we run.
// Ajv takes it through its `code.regExp` option (input-schemas.ts).
import type { RegExpEngine, RegExpLike } from "ajv/dist/types/index.js";
import { RE2JS } from "re2js";

/** Longest pattern a customer schema may hold (characters). */
export const MAX_PATTERN_LENGTH = 1000;
/**
 * Largest repetition weight of one pattern (patternWeight): RE2 compiles `x{1,1000}` to
 * ~2,000 instructions, and compiling costs time in proportion (`a{1,1000}` × 90 in one
 * pattern: 0.7 s), so the weight is bounded before anything is compiled.
 */
export const MAX_PATTERN_WEIGHT = 2000;

/** A customer pattern the linear-time engine refuses; `reason` says why in the customer's terms. */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern)} ${reason}`);
    this.name = "UnsupportedPatternError";
  }
}

// What RE2 leaves out by design (it is what backtracking needs), named for the customer.
// Checked on the source before translating: the translation would turn `\k<x>` into the
// literal "k<x>" and change the pattern's meaning instead of refusing it.
const LOOK_AROUND = /\(\?<?[=!]/;
const BACK_REFERENCE = /\\(?:[1-9]|k<)/;

const BOUNDED_REPEAT = /^\{(\d+)(?:,(\d*))?\}/;

/**
 * An upper estimate of the size of the program RE2 builds for `pattern`, without compiling
 * it: every atom counts 1, a group the sum of its parts, and a bounded repeat `{n,m}`
 * multiplies what it repeats by its larger bound (nested repeats multiply).
 */
export function patternWeight(pattern: string): number {
  const groups: number[] = [0];
  let previous = 0; // weight of the atom or group a quantifier would repeat
  const add = (weight: number) => {
    groups[groups.length - 1]! += weight;
    previous = weight;
  };
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === "\\") {
      index += 1;
      add(1);
    } else if (char === "[") {
      // A class is one atom: skip to its closing bracket (escapes included).
      index += 1;
      while (index < pattern.length && pattern[index] !== "]") index += pattern[index] === "\\" ? 2 : 1;
      add(1);
    } else if (char === "(") {
      groups.push(0);
    } else if (char === ")") {
      const weight = groups.length > 1 ? groups.pop()! : 0;
      add(weight);
    } else if (char === "{" && BOUNDED_REPEAT.test(pattern.slice(index, index + 24))) {
      const [text, low, high] = BOUNDED_REPEAT.exec(pattern.slice(index, index + 24))!;
      const times = Math.max(Number(low), high ? Number(high) : 0, 1);
      groups[groups.length - 1]! += previous * (times - 1);
      previous *= times;
      index += text.length - 1;
    } else if (char !== "*" && char !== "+" && char !== "?" && char !== "|") {
      add(1);
    }
  }
  return groups.reduce((sum, weight) => sum + weight, 0);
}

/** The compiled RE2 program of a JavaScript-syntax pattern, or an UnsupportedPatternError. */
export function compileLinear(pattern: string, flags = ""): RE2JS {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new UnsupportedPatternError(pattern, `is longer than ${MAX_PATTERN_LENGTH} characters`);
  }
  if (patternWeight(pattern) > MAX_PATTERN_WEIGHT) {
    throw new UnsupportedPatternError(pattern, `repeats too much: its repetition weight (atoms times the bounds of {n,m}) is above ${MAX_PATTERN_WEIGHT}`);
  }
  if (LOOK_AROUND.test(pattern)) {
    throw new UnsupportedPatternError(pattern, "uses look-around ((?=, (?!, (?<=, (?<!), which the linear-time engine does not support");
  }
  if (BACK_REFERENCE.test(pattern)) {
    throw new UnsupportedPatternError(pattern, "uses a back-reference (\\1, \\k<name>), which the linear-time engine does not support");
  }
  try {
    // JavaScript syntax (\u{…}, (?<name>…), flags) in, RE2 syntax out.
    const translated = RE2JS.translateRegExp(pattern);
    return RE2JS.compile(flags.includes("i") ? `(?i)${translated}` : translated);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : String(error);
    throw new UnsupportedPatternError(pattern, `is not supported by the linear-time engine (RE2 syntax): ${detail}`);
  }
}

/** Ajv's `code.regExp`: `test` searches anywhere in the string, as RegExp#test does. */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    const compiled = compileLinear(pattern, flags);
    // Ajv keys its compiled patterns by toString(): it must differ per pattern.
    const like: RegExpLike & { toString: () => string } = { test: (input: string) => compiled.test(input), toString: () => `/${pattern}/${flags}` };
    return like;
  },
  { code: "linearRegExp" },
);
