// The quorum a route asks of a run (src/domains/review-routes/quorum.ts): a JSON Pointer
// (RFC 6901) into the run's input data, compared with the route's bound; anything that is not
// a number greater than the bound needs one approval.
import { describe, expect, it } from "vitest";
import { quorumFor, valueAtPointer } from "../../../src/domains/review-routes/quorum.ts";

describe("valueAtPointer", () => {
  const document = { invoice: { total: 12000, lines: [{ sku: "A" }, { sku: "B" }] }, "a/b": { "c~d": 7 }, "": { empty: true }, "0": "zero" };

  it("walks objects and arrays", () => {
    expect(valueAtPointer(document, "/invoice/total")).toBe(12000);
    expect(valueAtPointer(document, "/invoice/lines/1/sku")).toBe("B");
    expect(valueAtPointer(document, "/invoice/lines")).toHaveLength(2);
    expect(valueAtPointer(document, "")).toBe(document);
    expect(valueAtPointer(document, "/0")).toBe("zero");
  });

  it("unescapes ~1 as / and ~0 as ~ (in that order: ~01 is ~1, not /)", () => {
    expect(valueAtPointer(document, "/a~1b/c~0d")).toBe(7);
    expect(valueAtPointer({ "~1": "tilde one" }, "/~01")).toBe("tilde one");
    expect(valueAtPointer(document, "//empty")).toBe(true);
  });

  it("answers undefined for a missing path, a bad array index, or a step into a scalar", () => {
    expect(valueAtPointer(document, "/invoice/vendor")).toBeUndefined();
    expect(valueAtPointer(document, "/invoice/lines/2")).toBeUndefined();
    expect(valueAtPointer(document, "/invoice/lines/01")).toBeUndefined();
    expect(valueAtPointer(document, "/invoice/lines/-")).toBeUndefined();
    expect(valueAtPointer(document, "/invoice/lines/length")).toBeUndefined();
    expect(valueAtPointer(document, "/invoice/total/value")).toBeUndefined();
    expect(valueAtPointer(null, "/invoice")).toBeUndefined();
    expect(valueAtPointer({}, "/toString")).toBeUndefined();
  });
});

describe("quorumFor", () => {
  const route = (approvalsRequired: number, approvalsWhen: unknown = null) => ({ approvalsRequired, approvalsWhen });
  const over = { path: "/invoice/total", gt: 10000 };

  it("no route, or a route that asks one approval: 1", () => {
    expect(quorumFor(null, {})).toBe(1);
    expect(quorumFor(route(1, over), { invoice: { total: 50000 } })).toBe(1);
  });

  it("a route without a condition: its quorum for every run", () => {
    expect(quorumFor(route(2), {})).toBe(2);
    expect(quorumFor(route(3), null)).toBe(3);
  });

  it("with a condition: the quorum only when the number at the path is greater than the bound", () => {
    expect(quorumFor(route(2, over), { invoice: { total: 40000 } })).toBe(2);
    expect(quorumFor(route(2, over), { invoice: { total: 10000.01 } })).toBe(2);
    expect(quorumFor(route(2, over), { invoice: { total: 10000 } })).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: -1 } })).toBe(1);
    expect(quorumFor(route(2, { path: "/amounts/1", gt: 5 }), { amounts: [1, 6] })).toBe(2);
  });

  it("a string that is a number counts as that number; any other string does not", () => {
    expect(quorumFor(route(2, over), { invoice: { total: "40000" } })).toBe(2);
    expect(quorumFor(route(2, over), { invoice: { total: " 40000.5 " } })).toBe(2);
    expect(quorumFor(route(2, over), { invoice: { total: "9000" } })).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: "" } })).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: "   " } })).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: "40,000 USD" } })).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: "Infinity" } })).toBe(1);
  });

  it("a missing path, or a value that is not a number: 1", () => {
    expect(quorumFor(route(2, over), {})).toBe(1);
    expect(quorumFor(route(2, over), null)).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: null } })).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: true } })).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: [40000] } })).toBe(1);
    expect(quorumFor(route(2, over), { invoice: { total: { amount: 40000 } } })).toBe(1);
  });
});
