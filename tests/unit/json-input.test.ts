// Bounded JSON input (src/foundation/json-input.ts) and the zod primitives built on it:
// depth is measured on the text before parsing, values are walked without recursion, and
// strings or keys PostgreSQL cannot store are refused with the field's path.
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/foundation/errors.ts";
import {
  findJsonInputProblem,
  jsonTextExceedsDepth,
  MAX_JSON_DEPTH,
  parseJsonObjectText,
  unstorableStringReason,
} from "../../src/foundation/json-input.ts";
import { ZPaginationQuery } from "../../src/foundation/pagination.ts";
import { ZJsonObject } from "../../src/foundation/schemas.ts";

/** `{"k":{"k":…1…}}` with `levels` objects, built without recursion. */
const nestedText = (levels: number) => `${'{"k":'.repeat(levels)}1${"}".repeat(levels)}`;
const nestedValue = (levels: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { k: 1 };
  for (let level = 1; level < levels; level++) value = { k: value };
  return value;
};

function thrown(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected an AppError");
}

describe("jsonTextExceedsDepth", () => {
  it("counts objects and arrays, the root being level 1", () => {
    expect(jsonTextExceedsDepth(nestedText(64), 64)).toBe(false);
    expect(jsonTextExceedsDepth(nestedText(65), 64)).toBe(true);
    expect(jsonTextExceedsDepth(`{"a":${"[".repeat(63)}${"]".repeat(63)}}`, 64)).toBe(false);
    expect(jsonTextExceedsDepth(`{"a":${"[".repeat(64)}${"]".repeat(64)}}`, 64)).toBe(true);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    const brackets = "{[".repeat(200);
    expect(jsonTextExceedsDepth(JSON.stringify({ text: brackets, "key{[": `\\"${brackets}` }), 2)).toBe(false);
    expect(jsonTextExceedsDepth('{"a":"\\\\"}', 1)).toBe(false);
  });

  it("scans 100,000 levels without touching the call stack", () => {
    expect(jsonTextExceedsDepth("[".repeat(100_000) + "]".repeat(100_000))).toBe(true);
  });
});

describe("findJsonInputProblem", () => {
  it("accepts ordinary JSON", () => {
    expect(findJsonInputProblem({ task: "Match INV-7", data: { lines: [{ sku: "A", qty: 2 }], emoji: "😀" } })).toBeNull();
  });

  it("names the path of a string with NUL or an unpaired surrogate", () => {
    expect(findJsonInputProblem({ rows: [{ task: "ok" }, { task: "a\u0000b" }] })).toMatchObject({
      path: "rows.1.task",
      message: "must not contain NUL (\\u0000) characters",
    });
    expect(findJsonInputProblem({ task: "a\ud800b" })).toMatchObject({ path: "task", message: expect.stringMatching(/unpaired UTF-16 surrogates/) });
    expect(findJsonInputProblem({ task: "a\udc00" })?.path).toBe("task");
    expect(findJsonInputProblem({ task: "\ud83d" })?.path).toBe("task");
  });

  it("checks object keys too", () => {
    expect(findJsonInputProblem({ data: { "x\udfff": 1 } })).toMatchObject({ path: "data.x\udfff", message: expect.stringMatching(/^key must not contain unpaired/) });
    expect(findJsonInputProblem({ data: { "a\u0000": 1 } })).toMatchObject({ message: expect.stringMatching(/^key must not contain NUL/) });
  });

  it("refuses nesting deeper than the limit, at the walked value, for a 100,000-level value", () => {
    expect(findJsonInputProblem(nestedValue(MAX_JSON_DEPTH))).toBeNull();
    expect(findJsonInputProblem(nestedValue(MAX_JSON_DEPTH + 1))).toMatchObject({ path: "(body)", message: "must not be nested deeper than 64 levels" });
    expect(findJsonInputProblem(nestedValue(100_000), { basePath: "data" })).toMatchObject({ path: "data", segments: [] });
  });

  it("refuses values larger than maxSize", () => {
    expect(findJsonInputProblem({ a: "x".repeat(100) }, { maxSize: 50 })).toMatchObject({ path: "(body)", message: "must not be larger than 50 characters" });
    expect(findJsonInputProblem({ a: "x".repeat(10) }, { maxSize: 50 })).toBeNull();
  });
});

describe("unstorableStringReason", () => {
  it("accepts paired surrogates and refuses lone ones and NUL", () => {
    expect(unstorableStringReason("a😀b")).toBeNull();
    expect(unstorableStringReason("a\ud83d\ude00")).toBeNull();
    expect(unstorableStringReason("\ude00\ud83d")).not.toBeNull();
    expect(unstorableStringReason("\u0000")).not.toBeNull();
  });
});

describe("parseJsonObjectText", () => {
  const limits = { maxBytes: 1024 * 1024 };

  it("parses a JSON object", () => {
    expect(parseJsonObjectText('{"task":"x","data":{"a":[1,2]}}', limits)).toEqual({ task: "x", data: { a: [1, 2] } });
  });

  it("refuses a 10,000-level body before parsing it, quickly", () => {
    const started = performance.now();
    const error = thrown(() => parseJsonObjectText(nestedText(10_000), limits));
    expect(performance.now() - started).toBeLessThan(200);
    expect(error.type).toBe("validation_error");
    expect(error.details).toEqual({ issues: [{ path: "(body)", message: "must not be nested deeper than 64 levels" }] });
  });

  it("refuses text above maxBytes (counted in UTF-8 bytes) with payload_too_large", () => {
    expect(thrown(() => parseJsonObjectText(JSON.stringify({ a: "é".repeat(600) }), { maxBytes: 1000 })).type).toBe("payload_too_large");
  });

  it.each([
    ["{", "malformed JSON"],
    ["[1,2]", "expected a JSON object"],
    ["null", "expected a JSON object"],
    ['"text"', "expected a JSON object"],
  ])("refuses %s (%s)", (text, message) => {
    expect(thrown(() => parseJsonObjectText(text, limits)).details).toEqual({ issues: [{ path: "(body)", message }] });
  });

  it("refuses escaped lone surrogates and NUL in values and keys, naming the field", () => {
    expect(thrown(() => parseJsonObjectText('{"task":"a\\ud800b"}', limits)).message).toBe(
      "Invalid task: must not contain unpaired UTF-16 surrogates (\\ud800-\\udfff)",
    );
    expect(thrown(() => parseJsonObjectText('{"data":{"k\\u0000":1}}', limits)).details).toEqual({
      issues: [{ path: "data.k\u0000", message: "key must not contain NUL (\\u0000) characters" }],
    });
  });

  it("refuses a __proto__ key at any depth, naming it, and takes constructor and prototype as ordinary keys", () => {
    // JSON.parse keeps __proto__ as an own key; later steps would drop it silently.
    for (const [text, path] of [
      ['{"__proto__":{"x":1},"b":2}', "__proto__"],
      ['{"data_patch":{"b":2,"n":{"c":3,"__proto__":{"x":1}}}}', "data_patch.n.__proto__"],
      ['{"rows":[{"task":"t","data":{"__proto__":1}}]}', "rows.0.data.__proto__"],
      ['{"a":{"\\u005f_proto__":null}}', "a.__proto__"],
    ] as const) {
      const error = thrown(() => parseJsonObjectText(text, limits));
      expect(error.type, text).toBe("validation_error");
      expect(error.details, text).toEqual({ issues: [{ path, message: 'key "__proto__" is not accepted: JavaScript cannot keep it as ordinary data' }] });
    }
    expect(parseJsonObjectText('{"constructor":{"prototype":{}},"b":2}', limits)).toEqual({ constructor: { prototype: {} }, b: 2 });
  });
});

describe("ZJsonObject", () => {
  it("accepts nested JSON up to the limit", () => {
    expect(ZJsonObject.safeParse(nestedValue(MAX_JSON_DEPTH)).success).toBe(true);
  });

  it("refuses deeper nesting, lone surrogates and NUL, with the path inside the object", () => {
    const deep = ZJsonObject.safeParse(nestedValue(5_000));
    expect(deep.success).toBe(false);
    expect(deep.error?.issues).toEqual([expect.objectContaining({ path: [], message: "must not be nested deeper than 64 levels" })]);

    const surrogate = ZJsonObject.safeParse({ a: { "b\ud800": 1 } });
    expect(surrogate.error?.issues).toEqual([expect.objectContaining({ path: ["a", "b\ud800"] })]);

    const nul = ZJsonObject.safeParse({ list: ["ok", "x\u0000"] });
    expect(nul.error?.issues).toEqual([expect.objectContaining({ path: ["list", 1], message: "must not contain NUL (\\u0000) characters" })]);
  });
});

describe("ZPaginationQuery", () => {
  const parse = (input: Record<string, unknown>) => ZPaginationQuery.safeParse(input);
  const messages = (input: Record<string, unknown>) => parse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

  it("takes decimal strings (REST) and numbers (dashboard), with defaults", () => {
    expect(parse({}).data).toEqual({ limit: 20, offset: 0 });
    expect(parse({ limit: "5", offset: "10" }).data).toEqual({ limit: 5, offset: 10 });
    expect(parse({ limit: 5, offset: 10 }).data).toEqual({ limit: 5, offset: 10 });
    expect(parse({ limit: "016" }).data).toEqual({ limit: 16, offset: 0 });
  });

  it.each(["abc", "0x10", "1e1", "+5", " 5", "5.0", "-1", "", "0", "101", "99999999999999999999", "Infinity", "NaN"])("refuses limit=%j with one clear message", (limit) => {
    expect(messages({ limit })).toEqual(["limit: limit must be a whole number between 1 and 100"]);
  });

  it.each([[5.5], [0], [-3], [1e20], [null], [true]])("refuses limit %j from the dashboard", (limit) => {
    expect(messages({ limit })).toEqual(["limit: limit must be a whole number between 1 and 100"]);
  });

  it("refuses a repeated parameter", () => {
    expect(messages({ limit: ["5", "500"] })).toEqual(["limit: limit must be given once"]);
    expect(messages({ offset: ["1", "2"] })).toEqual(["offset: offset must be given once"]);
  });

  it("refuses a negative or non-decimal offset", () => {
    expect(messages({ offset: "-1" })).toEqual(["offset: offset must be a whole number, 0 or more"]);
    expect(messages({ offset: "0x10" })).toEqual(["offset: offset must be a whole number, 0 or more"]);
  });
});
