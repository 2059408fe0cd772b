import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, hashesMatch, isWellFormedApiKey, keyMode } from "../../src/domains/auth/api-keys.ts";
import { parseScopeList, SCOPES } from "../../src/domains/auth/scopes.ts";

describe("API keys", () => {
  it("generates svc_live_/svc_test_ keys with 40 base62 characters and a 12-character prefix", () => {
    const live = generateApiKey("live");
    const test = generateApiKey("test");
    expect(live.key).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(test.key).toMatch(/^svc_test_[0-9A-Za-z]{40}$/);
    expect(live.prefix).toBe(live.key.slice(0, 12));
    expect(keyMode(live.key)).toBe("live");
    expect(keyMode(test.key)).toBe("test");
  });

  it("stores only a SHA-256 hex digest that does not contain the key", () => {
    const { key, hash } = generateApiKey("live");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(9));
  });

  it("never generates the same key twice in 1,000 draws", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey("live").key));
    expect(keys.size).toBe(1000);
  });

  it("recognises well-formed keys only", () => {
    expect(isWellFormedApiKey(generateApiKey("test").key)).toBe(true);
    expect(isWellFormedApiKey("svc_prod_abcdefabcdefabcdefabcdefabcdefabcdef")).toBe(false);
    expect(isWellFormedApiKey("svc_live_short")).toBe(false);
    expect(isWellFormedApiKey("svc_live_" + "a".repeat(39) + "!")).toBe(false);
  });

  it("compares digests in constant time and rejects different lengths", () => {
    const a = hashApiKey("a");
    expect(hashesMatch(a, a)).toBe(true);
    expect(hashesMatch(a, hashApiKey("b"))).toBe(false);
    expect(hashesMatch(a, a.slice(0, 10))).toBe(false);
  });
});

describe("scope lists", () => {
  it("expands 'all' to every scope and validates names", () => {
    expect(parseScopeList("all")).toEqual([...SCOPES]);
    expect(parseScopeList("agents:run, triage:read")).toEqual(["agents:run", "triage:read"]);
    expect(() => parseScopeList("agents:fly")).toThrow();
    expect(() => parseScopeList("")).toThrow();
  });
});
