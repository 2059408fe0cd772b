// The pure rules of a review round (src/domains/reviews/review-rounds.ts): the data patch
// (RFC 7386) and who may decide on a claimed item.
import { describe, expect, it } from "vitest";
import type { TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { assertMayDecide, patchedData } from "../../src/domains/reviews/review-rounds.ts";
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
});

describe("assertMayDecide", () => {
  const principal = { actor: { id: "member:me", name: "Me" } } as TPrincipal;
  const now = new Date("2026-11-24T12:00:00Z");
  const later = new Date("2026-11-24T12:10:00Z");
  const earlier = new Date("2026-11-24T11:50:00Z");
  const claim = (claimedBy: string | null, claimedUntil: Date | null) => ({ claimedBy, claimedByName: claimedBy ? "Ada" : null, claimedUntil });

  it("lets anyone decide an unclaimed item, the holder their own, and anyone once a claim expired", () => {
    expect(() => assertMayDecide(claim(null, null), principal, undefined, now)).not.toThrow();
    expect(() => assertMayDecide(claim("member:me", later), principal, undefined, now)).not.toThrow();
    expect(() => assertMayDecide(claim("member:ada", earlier), principal, undefined, now)).not.toThrow();
  });

  it("refuses anyone else on a live claim with a conflict naming the holder, unless force is true", () => {
    let refused: unknown;
    try {
      assertMayDecide(claim("member:ada", later), principal, false, now);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ type: "conflict", message: expect.stringContaining("claimed by Ada until 2026-11-24T12:10:00.000Z") });
    expect(() => assertMayDecide(claim("member:ada", later), principal, true, now)).not.toThrow();
  });
});
