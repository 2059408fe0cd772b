// The pure parts of a key's rights: its effective scopes (granted ∩ its creator's current
// role) and the per-turn lookup that lets many callers share one read of a key.
import { describe, expect, it } from "vitest";
import { effectiveKeyScopes, ROLE_SCOPES } from "../../src/domains/auth/roles.ts";
import { SCOPES } from "../../src/domains/auth/scopes.ts";
import { lookupPerTurn } from "../../src/foundation/turn-batch.ts";

describe("effectiveKeyScopes", () => {
  it("keeps a key without a creator (the operator's) as granted", () => {
    expect(effectiveKeyScopes([...SCOPES], null)).toEqual([...SCOPES]);
  });

  it("limits a member's key to what the member's role allows, in the granted order", () => {
    const granted = ["webhooks:write", "agents:read", "agents:write", "triage:write", "batch:run"] as const;
    expect(effectiveKeyScopes(granted, "admin")).toEqual([...granted]);
    expect(effectiveKeyScopes(granted, "reviewer")).toEqual(["agents:read", "triage:write", "batch:run"]);
    expect(effectiveKeyScopes(granted, "viewer")).toEqual(["agents:read"]);
    for (const role of ["admin", "reviewer", "viewer"] as const) {
      expect(effectiveKeyScopes([...SCOPES], role)).toEqual(SCOPES.filter((scope) => ROLE_SCOPES[role].includes(scope)));
    }
  });
});

describe("lookupPerTurn", () => {
  it("reads every key asked for in one turn with one load, each caller getting its own value", async () => {
    const loads: string[][] = [];
    const lookup = lookupPerTurn(async (keys: string[]) => {
      loads.push(keys);
      return new Map(keys.filter((key) => key !== "missing").map((key) => [key, key.toUpperCase()]));
    });
    const answers = await Promise.all(["a", "b", "a", "missing", ...Array.from({ length: 1_000 }, () => "a")].map((key) => lookup(key)));
    expect(loads).toEqual([["a", "b", "missing"]]);
    expect(answers.slice(0, 4)).toEqual(["A", "B", "A", undefined]);
    expect(new Set(answers.slice(4))).toEqual(new Set(["A"]));
  });

  it("never hands a caller a read that began before it asked", async () => {
    let stored = "before";
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const lookup = lookupPerTurn(async (keys: string[]) => {
      const value = stored;
      started.push(value);
      if (value === "before") await gate;
      return new Map(keys.map((key) => [key, value]));
    });
    const early = lookup("k");
    await new Promise((resolve) => setImmediate(resolve));
    // The first read is in flight; a write lands, then a new caller asks.
    stored = "after";
    const late = lookup("k");
    release();
    expect(await early).toBe("before");
    expect(await late).toBe("after");
    expect(started).toEqual(["before", "after"]);
  });
});
