// "The same body" for Idempotency-Key means the same parsed input, whatever the order of
// its object keys: the request hash is SHA-256 of canonical JSON (safe-stable-stringify).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashRequest } from "../../src/domains/idempotency/idempotency.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("idempotency request hash", () => {
  it("does not depend on object key order, at any depth", () => {
    const one = { task: "Match INV-7", agent_type: "ap_specialist", data: { po: "PO-3", lines: [{ sku: "A", qty: 2 }], meta: { b: 1, a: 2 } } };
    const other = { data: { meta: { a: 2, b: 1 }, lines: [{ qty: 2, sku: "A" }], po: "PO-3" }, agent_type: "ap_specialist", task: "Match INV-7" };
    expect(hashRequest(other)).toBe(hashRequest(one));
  });

  it("hashes the canonical JSON: keys sorted, no whitespace", () => {
    expect(hashRequest({ b: [1, { d: null, c: "x" }], a: true })).toBe(sha256('{"a":true,"b":[1,{"c":"x","d":null}]}'));
  });

  it("drops undefined members, so an omitted optional field and an undefined one are the same body", () => {
    expect(hashRequest({ task: "t", webhook_url: undefined, data: { x: undefined, y: 1 } })).toBe(hashRequest({ task: "t", data: { y: 1 } }));
    // Inside arrays, undefined is null, as in JSON.
    expect(hashRequest({ rows: [undefined, 1] })).toBe(sha256('{"rows":[null,1]}'));
  });

  it("tells different bodies apart: values, array order and nesting count", () => {
    const base = hashRequest({ task: "t", rows: [1, 2] });
    expect(hashRequest({ task: "u", rows: [1, 2] })).not.toBe(base);
    expect(hashRequest({ task: "t", rows: [2, 1] })).not.toBe(base);
    expect(hashRequest({ task: "t", rows: [[1, 2]] })).not.toBe(base);
    expect(hashRequest({ task: "t", rows: ["1", "2"] })).not.toBe(base);
  });

  it("keeps the hashes recorded before the library replaced the hand-written canonical form", () => {
    // Computed with the previous implementation: records written within the last 24 h still match.
    const body = {
      task: "Match invoice INV-7",
      agent_type: "ap_specialist",
      priority: "normal",
      data: { z: 1, a: [3, { y: "é", b: null }], Ä: true, "a b": "\u2028" },
      webhook_url: undefined,
    };
    expect(hashRequest(body)).toBe("a10696c4b91653c8ea97694d4b5552e151759f311fa8654a48f029fbd4b99349");
  });
});
