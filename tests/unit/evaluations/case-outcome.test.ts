// A case's outcome and its differences (docs/api-conventions.md, "Evaluations").
import { describe, expect, it } from "vitest";
import { caseOutcome, jsonDifferences } from "../../../src/domains/evaluations/evaluation-execution.ts";

describe("jsonDifferences", () => {
  it("finds none between equal values, whatever the key order", () => {
    expect(jsonDifferences({ a: 1, b: { c: [1, { d: "x" }] } }, { b: { c: [1, { d: "x" }] }, a: 1 })).toEqual([]);
  });

  it("points at each difference from the output's root, escaping ~ and /", () => {
    expect(jsonDifferences({ a: 1, b: { c: 2 }, "x/y": 1, "t~": 0, list: [1, 2] }, { a: 2, b: { c: 2, e: 3 }, "x/y": 2, "t~": 0, list: [1, 3] })).toEqual([
      "/a",
      "/b/e",
      "/list/1",
      "/x~1y",
    ]);
    expect(jsonDifferences({ list: [1] }, { list: [1, 2] })).toEqual(["/list"]);
    expect(jsonDifferences({ a: null }, { a: {} })).toEqual(["/a"]);
    expect(jsonDifferences({ a: "1" }, { a: 1 })).toEqual(["/a"]);
  });
});

describe("caseOutcome", () => {
  const expected = { category: "invoice" };
  it("agrees when the version completes with the expected output, disagrees with another, sends to review otherwise", () => {
    expect(caseOutcome(expected, false, { category: "invoice" })).toEqual({ outcome: "agreed", differences: [] });
    expect(caseOutcome(expected, false, { category: "spam" })).toEqual({ outcome: "disagreed", differences: ["/category"] });
    expect(caseOutcome(expected, true, { category: "invoice" })).toEqual({ outcome: "sent_to_review", differences: [] });
  });

  it("agrees with a rejection by routing to review, and disagrees by completing", () => {
    expect(caseOutcome(null, true, { category: "invoice" }).outcome).toBe("agreed");
    expect(caseOutcome(null, false, { category: "invoice" }).outcome).toBe("disagreed");
  });
});
