// JSON Merge Patch both ways (src/dashboard/lib/merge-patch.ts): the request-changes form sends
// the difference between the run's data and the reviewer's edit; the server applies it with
// its own implementation (review-rounds.ts `patchedData`), so both are checked to agree.
import { describe, expect, it } from "vitest";
import { applyMergePatch, jsonEqual, mergePatchBetween } from "../../../src/dashboard/lib/merge-patch.ts";
import { patchedData } from "../../../src/domains/reviews/review-rounds.ts";

const LINE = { sku: "A-1", description: "Widgets", quantity: 10, unit_price: 10 };
const DATA = {
  invoice: { number: "INV-1", vendor: "Acme", total: 150, lines: [LINE, { ...LINE, sku: "B-2", quantity: 5 }] },
  purchase_order: { number: "PO-1", total: 120 },
  note: "urgent",
};

describe("mergePatchBetween", () => {
  it("is empty when nothing changed", () => {
    expect(mergePatchBetween(DATA, structuredClone(DATA))).toEqual({});
  });

  it("sends a changed field alone, nested", () => {
    const edited = structuredClone(DATA);
    edited.purchase_order.total = 100;
    expect(mergePatchBetween(DATA, edited)).toEqual({ purchase_order: { total: 100 } });
  });

  it("replaces a list whole when one of its elements changes or goes", () => {
    const edited = structuredClone(DATA);
    edited.invoice.lines[1]!.quantity = 4;
    expect(mergePatchBetween(DATA, edited)).toEqual({ invoice: { lines: [LINE, { ...LINE, sku: "B-2", quantity: 4 }] } });
    const removed = structuredClone(DATA);
    removed.invoice.lines.splice(0, 1);
    expect(mergePatchBetween(DATA, removed)).toEqual({ invoice: { lines: [{ ...LINE, sku: "B-2", quantity: 5 }] } });
  });

  it("deletes a removed key with null and adds a new one", () => {
    const { note: _note, purchase_order: _po, ...rest } = DATA;
    expect(mergePatchBetween(DATA, { ...rest, receipt: { lines: [] } })).toEqual({ note: null, purchase_order: null, receipt: { lines: [] } });
  });

  it("reads a null in the edit as a removal (a merge patch cannot set null)", () => {
    expect(mergePatchBetween(DATA, { ...DATA, note: null })).toEqual({ note: null });
    expect(mergePatchBetween({ a: 1 }, { a: 1, b: { c: null, d: 2 } })).toEqual({ b: { d: 2 } });
  });

  it("applied to the original gives the edit, here and on the server", () => {
    const edits: Record<string, unknown>[] = [
      { ...DATA, invoice: { ...DATA.invoice, vendor: "Acme Ltd", lines: [LINE] } },
      { invoice: DATA.invoice },
      { ...DATA, purchase_order: { number: 7, total: 120, lines: [] } },
      { ...DATA, note: "later", extra: { deep: { list: [1, { two: 2 }] } } },
    ];
    for (const edited of edits) {
      const patch = mergePatchBetween(DATA, edited);
      expect(applyMergePatch(DATA, patch)).toEqual(edited);
      expect(patchedData(DATA, patch)).toEqual(edited);
    }
  });
});

describe("applyMergePatch (RFC 7396 appendix A)", () => {
  const cases: [unknown, unknown, unknown][] = [
    [{ a: "b" }, { a: "c" }, { a: "c" }],
    [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
    [{ a: "b" }, { a: null }, {}],
    [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
    [{ a: ["b"] }, { a: "c" }, { a: "c" }],
    [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
    [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
    [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
    [["a", "b"], ["c", "d"], ["c", "d"]],
    [{ a: "b" }, ["c"], ["c"]],
    [{ a: "foo" }, null, null],
    [{ a: "foo" }, "bar", "bar"],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: "b", c: null }, { a: "b" }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(cases)("%j patched with %j is %j", (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it("leaves the target as it was", () => {
    const target = structuredClone(DATA);
    applyMergePatch(target, { invoice: { vendor: null }, note: null });
    expect(target).toEqual(DATA);
  });
});

describe("jsonEqual", () => {
  it("ignores key order and undefined keys, not array order", () => {
    expect(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: null }, {})).toBe(false);
  });
});
