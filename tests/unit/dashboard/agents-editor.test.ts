// The Agents page's pure parts: the output schema editor's check as you type and the
// version diff's line diff (src/dashboard/agents/).
import { describe, expect, it } from "vitest";
import { lineDiff } from "../../../src/dashboard/agents/line-diff.ts";
import { checkOutputSchema } from "../../../src/dashboard/agents/schema-check.ts";

describe("checkOutputSchema", () => {
  it("accepts an object schema and returns it parsed", () => {
    const checked = checkOutputSchema('{ "type": "object", "properties": { "a": { "type": ["string", "null"] } }, "required": ["a"] }');
    expect(checked.problem).toBeUndefined();
    expect(checked.schema).toMatchObject({ type: "object", required: ["a"] });
  });

  it.each([
    ['{ "type": "object", ', /^Not valid JSON/],
    ['["a"]', /^Not a JSON Schema object/],
    ["42", /^Not a JSON Schema object/],
    ['{ "type": "objet" }', /"type" must be one of/],
    ['{ "type": "object", "required": "a" }', /"required" must be an array of property names/],
    ['{ "type": "object", "properties": [] }', /"properties" must be an object of schemas/],
    ['{ "type": "object", "properties": { "a": { "items": { "type": 3 } } } }', /"type" at properties\.a\.items must be one of/],
    ['{ "type": "object", "properties": { "a": "string" } }', /properties\.a is not a JSON Schema object/],
    ['{ "type": "array" }', /top-level "type" must be "object"/],
  ])("names the problem of %s", (text, problem) => {
    expect(checkOutputSchema(text).problem).toMatch(problem);
  });
});

describe("lineDiff", () => {
  it("keeps common lines and marks the removed and added ones in order", () => {
    expect(lineDiff("a\nb\nc\nd", "a\nc\nx\nd")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "same", text: "c" },
      { kind: "added", text: "x" },
      { kind: "same", text: "d" },
    ]);
  });

  it("handles identical, emptied and new texts", () => {
    expect(lineDiff("a\nb", "a\nb").every((line) => line.kind === "same")).toBe(true);
    expect(lineDiff("a\nb", "")).toEqual([
      { kind: "removed", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "" },
    ]);
    expect(lineDiff("", "x").filter((line) => line.kind === "added").map((line) => line.text)).toEqual(["x"]);
  });
});
