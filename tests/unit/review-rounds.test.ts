// The pure rules of a review round: the data patch (RFC 7386, src/domains/reviews/review-rounds.ts)
// and who may decide on a claimed item (src/domains/reviews/claims.ts).
import { describe, expect, it } from "vitest";
import type { TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { assertMayDecide } from "../../src/domains/reviews/claims.ts";
import { mergePatch, patchedData } from "../../src/domains/reviews/review-rounds.ts";
import { AppError } from "../../src/foundation/errors.ts";

describe("patchedData (JSON Merge Patch)", () => {
  const data = { invoice: { number: "INV-8", total: 300 }, purchase_order: { number: "PO-3", total: 250, lines: [{ quantity: 10 }, { quantity: 1 }] }, note: "x" };

  it("merges objects, replaces arrays whole, deletes with null, and leaves the stored data as it was", () => {
    const before = structuredClone(data);
    const patched = patchedData(data, { purchase_order: { total: 300, lines: [{ quantity: 12 }] }, note: null, receipt: { lines: [] } });
    expect(patched).toEqual({
      invoice: { number: "INV-8", total: 300 },
      purchase_order: { number: "PO-3", total: 300, lines: [{ quantity: 12 }] },
      receipt: { lines: [] },
    });
    expect(data).toEqual(before);
  });

  it("patches a run without data as an empty object; an empty patch changes nothing", () => {
    expect(patchedData(null, { a: 1, b: null })).toEqual({ a: 1 });
    expect(patchedData(data, {})).toEqual(data);
  });

  it("applies `constructor` and `prototype` like any other key, at any depth, and every key after them", () => {
    const parsed = JSON.parse('{"constructor":{"name":"Acme"},"b":2,"n":{"prototype":{"x":1},"c":3,"constructor":null}}') as Record<string, unknown>;
    const patched = patchedData({ a: 1, n: { constructor: "kept?", d: 4 } }, parsed);
    expect(JSON.parse(JSON.stringify(patched))).toEqual({ a: 1, constructor: { name: "Acme" }, b: 2, n: { d: 4, prototype: { x: 1 }, c: 3 } });
    expect(Object.hasOwn(patched, "constructor")).toBe(true);
    // Nothing reached a prototype.
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("name", "Acme");
  });

  it("keeps a `__proto__` key already in the stored data as data, and sets no prototype", () => {
    const stored = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    const patched = patchedData(stored, { b: 2 });
    expect(JSON.stringify(patched)).toBe('{"__proto__":{"polluted":true},"a":1,"b":2}');
    expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
    expect((patched as { polluted?: unknown }).polluted).toBeUndefined();
  });

  // RFC 7386, Appendix A.
  it.each([
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
  ])("mergePatch(%j, %j) is %j", (target, patch, expected) => {
    expect(mergePatch(target, patch)).toEqual(expected);
  });
});

describe("assertMayDecide", () => {
  const principal = { organizationId: "00000000-0000-4000-8000-000000000000", actor: { id: "member:me", name: "Me" } } as TPrincipal;
  const now = new Date("2026-11-24T12:00:00Z");
  const later = new Date("2026-11-24T12:10:00Z");
  const earlier = new Date("2026-11-24T11:50:00Z");
  const claim = (claimedBy: string | null, claimedUntil: Date | null) => ({ claimedBy, claimedByName: claimedBy ? "Ada" : null, claimedUntil });
  // These holders are not stored members (no UUID), so naming them reads nothing: the recorded name stands.
  const noDatabase = {
    $queryRawUnsafe: () => {
      throw new Error("no lookup expected");
    },
  } as never;

  it("lets anyone decide an unclaimed item, the holder their own, and anyone once a claim expired", async () => {
    await expect(assertMayDecide(noDatabase, claim(null, null), principal, undefined, now)).resolves.toBeUndefined();
    await expect(assertMayDecide(noDatabase, claim("member:me", later), principal, undefined, now)).resolves.toBeUndefined();
    await expect(assertMayDecide(noDatabase, claim("member:ada", earlier), principal, undefined, now)).resolves.toBeUndefined();
  });

  it("refuses anyone else on a live claim with a conflict naming the holder and the time in words, unless force is true", async () => {
    const refused = await assertMayDecide(noDatabase, claim("member:ada", later), principal, false, now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ type: "conflict", message: "Ada is reviewing this until 12:10 UTC; send force: true to decide anyway" });
    await expect(assertMayDecide(noDatabase, claim("member:ada", later), principal, true, now)).resolves.toBeUndefined();
  });
});
