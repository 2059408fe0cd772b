// The evaluation diff's lines (src/dashboard/releases/json-lines.ts): the text is exactly
// JSON.stringify(value, null, 2), each line carries the JSON Pointer of its value, and the
// lines under a `differences` pointer are the ones marked.
import { describe, expect, it } from "vitest";
import { jsonLines, underAny } from "../../../src/dashboard/releases/json-lines.ts";
import { formatPoints } from "../../../src/dashboard/releases/types.ts";

const VALUE = {
  category: "invoice",
  "a/b": { "c~d": 1 },
  lines: [{ sku: "A-1", quantity: 2 }, { sku: "B-2", quantity: null }],
  empty: {},
  none: [],
  flag: true,
};

describe("jsonLines", () => {
  it("writes what JSON.stringify writes, line for line", () => {
    for (const value of [VALUE, {}, [], "text", 3, null, [1, [2, [3]]], { nested: { deeper: { deepest: [] } } }]) {
      expect(jsonLines(value).map((line) => line.text).join("\n")).toBe(JSON.stringify(value, null, 2));
    }
  });

  it("gives each line the pointer of its value, escaping ~ and /", () => {
    const byText = Object.fromEntries(jsonLines(VALUE).map((line) => [line.text.trim(), line.pointer]));
    expect(byText['"category": "invoice",']).toBe("/category");
    expect(byText['"a/b": {']).toBe("/a~1b");
    expect(byText['"c~d": 1']).toBe("/a~1b/c~0d");
    expect(byText['"quantity": null']).toBe("/lines/1/quantity");
    expect(byText['"empty": {},']).toBe("/empty");
    expect(jsonLines(VALUE)[0]).toEqual({ text: "{", pointer: "" });
  });

  it("marks a pointer's own line and everything inside it, nothing else", () => {
    const marked = (differences: string[]) =>
      jsonLines(VALUE)
        .filter((line) => underAny(line.pointer, differences))
        .map((line) => line.text.trim());
    expect(marked(["/category"])).toEqual(['"category": "invoice",']);
    expect(marked(["/lines/1"])).toEqual(["{", '"sku": "B-2",', '"quantity": null', "}"]);
    // "/line" is not a prefix of "/lines": pointers match by whole tokens.
    expect(marked(["/line"])).toEqual([]);
    expect(marked([""])).toHaveLength(jsonLines(VALUE).length);
    expect(marked([])).toEqual([]);
  });
});

describe("formatPoints", () => {
  it("is the signed difference in percentage points", () => {
    expect(formatPoints(0.9, 0.85)).toBe("+5.0 pts");
    expect(formatPoints(0.8, 0.85)).toBe("−5.0 pts");
    expect(formatPoints(0.85, 0.85)).toBe("±0.0 pts");
    expect(formatPoints(null, 0.85)).toBe("—");
  });
});
