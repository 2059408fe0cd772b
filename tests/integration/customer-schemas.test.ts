// Customers' schemas cannot stall or exhaust the shared server (docs/api-conventions.md,
// "Schema limits"): their patterns run on a linear-time engine, a schema is bounded before
// it is compiled, the agent cap is checked first, and neither refused nor accepted schemas
// grow the server's memory. Measured against a server of this file's own (its RSS is read
// from /proc), with another organization's calls timed while the hostile ones run.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let testKey: string;
let otherKey: string;
let cappedKey: string;

const HOSTILE_PATTERNS = ["^((a)+)+$", "^((a+))+$", "^((a)*)*$", "^((?:a)+)+$"];
// On a backtracking engine 28 characters take seconds and each more one doubles it; the
// requests carry a timeout so that the old engine fails these tests instead of hanging them.
const REQUEST_TIMEOUT_MS = 15_000;
const GENEROUS_MS = 1000;

async function api(method: string, route: string, key: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${service.server().baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.json(), ms: performance.now() - started };
}

const define = (name: string, fields: Record<string, unknown>, key = testKey) =>
  api("POST", "/v1/agents", key, { name, instructions: "Read the data.", ...fields });

/** `work` while another organization reads its usage: how long that read took. */
async function otherTenantDelayDuring<T>(work: () => Promise<T>): Promise<{ result: T; otherMs: number }> {
  const pending = work();
  await new Promise((resolve) => setTimeout(resolve, 30)); // the hostile request is being handled
  const other = await api("GET", "/v1/usage", otherKey);
  expect(other.status).toBe(200);
  return { result: await pending, otherMs: other.ms };
}

const properties = (count: number, make: (index: number) => unknown = () => ({ type: "string" })) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, make(index)]));

function rssMb(): number {
  const status = readFileSync(`/proc/${service.server().process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await createOwnService("schemas");
  await service.start({ OPENAI_BASE_URL: fake.baseUrl, AGENT_MODEL: "fake-model" });
  const { orgId } = await service.createOrgKey("Schemas Co");
  ({ key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test"));
  ({ key: otherKey } = await service.createOrgKey("Bystander Co"));
  ({ key: cappedKey } = await service.createOrgKey("Capped Co"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

describe("customer regular expressions cannot stall the server", () => {
  it("accepts nested quantifiers in pattern and propertyNames, and a hostile input answers at once without delaying another organization", async () => {
    for (const [index, pattern] of HOSTILE_PATTERNS.entries()) {
      const inPattern = await define(`hostile_pattern_${index}`, { input_schema: { type: "object", properties: { s: { type: "string", pattern } } } });
      expect(inPattern.status, JSON.stringify(inPattern.body)).toBe(201);
      const inNames = await define(`hostile_names_${index}`, { input_schema: { type: "object", propertyNames: { pattern } } });
      expect(inNames.status, JSON.stringify(inNames.body)).toBe(201);

      for (const length of [28, 40]) {
        const hostile = `${"a".repeat(length)}!`;
        const { result, otherMs } = await otherTenantDelayDuring(() =>
          api("POST", "/v1/run", testKey, { task: "check", agent_type: `hostile_pattern_${index}`, data: { s: hostile } }),
        );
        expect(result.status, JSON.stringify(result.body)).toBe(400);
        expect(result.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("data.s") });
        expect(result.ms, `${pattern} on ${length} characters`).toBeLessThan(GENEROUS_MS);
        expect(otherMs, `another organization during ${pattern}`).toBeLessThan(GENEROUS_MS);

        const byName = await otherTenantDelayDuring(() =>
          api("POST", "/v1/run", testKey, { task: "check", agent_type: `hostile_names_${index}`, data: { [hostile]: 1 } }),
        );
        expect(byName.result.status, JSON.stringify(byName.result.body)).toBe(400);
        expect(byName.result.ms, `propertyNames ${pattern} on ${length} characters`).toBeLessThan(GENEROUS_MS);
        expect(byName.otherMs).toBeLessThan(GENEROUS_MS);
      }
    }
  });

  it("refuses look-around and back-references with a 400 naming the field and the pattern", async () => {
    for (const [pattern, reason] of [
      ["^(?=a)a+$", "look-around"],
      ["^(?!b)", "look-around"],
      ["^(a)\\1$", "back-reference"],
    ]) {
      const inInput = await define("bad_pattern", { input_schema: { type: "object", properties: { s: { type: "string", pattern } } } });
      expect(inInput.status).toBe(400);
      expect(inInput.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("input_schema") });
      expect(inInput.body.message).toContain(JSON.stringify(pattern));
      expect(inInput.body.message).toContain(reason);
      const inOutput = await define("bad_pattern", { output_schema: { type: "object", propertyNames: { pattern } } });
      expect(inOutput.status).toBe(400);
      expect(inOutput.body.message).toContain("output_schema");
      expect(inOutput.body.message).toContain(reason);
    }
  });
});

describe("schema compiles are bounded", () => {
  it("refuses a 2,000-property schema at once, naming the field and the limit", async () => {
    const { result, otherMs } = await otherTenantDelayDuring(() => define("too_wide", { input_schema: { type: "object", properties: properties(2000) } }));
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/input_schema .*more than 600 members/);
    expect(result.ms).toBeLessThan(GENEROUS_MS);
    expect(otherMs).toBeLessThan(GENEROUS_MS);
  });

  it("refuses nested $id and an oversized schema with 400s naming the limit", async () => {
    const nested = await define("nested_ids", { output_schema: { type: "object", properties: { a: { $id: "https://example.test/a", type: "string" } } } });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toMatch(/output_schema .*\$id is allowed only at the root/);
    const big = await define("too_big", { input_schema: { type: "object", description: "x".repeat(70_000) } });
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/input_schema .*at most 65536 bytes/);
  });

  it("compiles a schema at the limits without delaying another organization", async () => {
    const atLimits = { type: "object", properties: properties(295) };
    const { result, otherMs } = await otherTenantDelayDuring(() => define("at_limits", { input_schema: atLimits, output_schema: atLimits }));
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(201);
    expect(otherMs).toBeLessThan(GENEROUS_MS);
    const run = await api("POST", "/v1/run", testKey, { task: "check", agent_type: "at_limits", data: { p3: 7 } });
    expect(run.status).toBe(400);
    expect(run.body.message).toContain("data.p3");
  });

  it("checks the organization's agent cap before the schema: at the cap even an unusable schema is a 409", async () => {
    for (let index = 0; index < 100; index += 1) {
      const created = await define(`capped_${index}`, {}, cappedKey);
      expect(created.status).toBe(201);
    }
    const atCap = await define("one_more", { input_schema: { type: "object", properties: properties(2000) } }, cappedKey);
    expect(atCap.status).toBe(409);
    expect(atCap.body.type).toBe("conflict");
    const unusable = await define("one_more", { input_schema: { type: 5 } }, cappedKey);
    expect(unusable.status).toBe(409);
  });

  it("an unknown $schema is a 400 naming the field (draft 2020-12 is the one supported)", async () => {
    for (const declared of ["http://json-schema.org/draft-04/schema#", "https://example.test/my-meta"]) {
      const refused = await define("dialect", { input_schema: { $schema: declared } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("input_schema") });
      expect(refused.body.message).toContain("$schema");
      const inOutput = await define("dialect", { output_schema: { $schema: declared, type: "object" } });
      expect(inOutput.status).toBe(400);
      expect(inOutput.body.message).toContain("output_schema");
    }
    const supported = await define("dialect", { input_schema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" } });
    expect(supported.status).toBe(201);
  });

  it("refuses a small schema whose branches multiply per level (2^22 checks of one value), and data that would cost more than the validation budget", async () => {
    // 22 levels of anyOf, both branches $ref-ing the next: 2 KB, and seconds of event loop per value.
    const $defs: Record<string, unknown> = {};
    for (let level = 0; level < 22; level += 1) {
      const next = level + 1 < 22 ? { $ref: `#/$defs/L${level + 1}` } : { type: "string" };
      $defs[`L${level}`] = { anyOf: [{ allOf: [next, { type: "number" }] }, next] };
    }
    const { result, otherMs } = await otherTenantDelayDuring(() => define("doubling", { input_schema: { $defs, type: "object", properties: { s: { $ref: "#/$defs/L0" } } } }));
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(400);
    expect(result.body.message).toMatch(/input_schema .*could cost .* checks for one value/);
    expect(otherMs).toBeLessThan(GENEROUS_MS);

    // A per-item enum is fine for a few items, refused (not run) for 60,000 of them.
    const codes = Array.from({ length: 250 }, (_, index) => `C${index}`);
    const created = await define("coded", { input_schema: { type: "object", properties: { items: { type: "array", items: { enum: codes } } } } });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const few = await api("POST", "/v1/run", testKey, { task: "check", agent_type: "coded", data: { items: ["C1", "nope"] } });
    expect(few.status).toBe(400);
    expect(few.body.message).toContain("data.items.1");
    const { result: many, otherMs: otherDuringMany } = await otherTenantDelayDuring(() =>
      api("POST", "/v1/run", testKey, { task: "check", agent_type: "coded", data: { items: Array.from({ length: 60_000 }, () => "C249") } }),
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/data: is too large to check against this agent's schema/);
    expect(otherDuringMany).toBeLessThan(GENEROUS_MS);
  });

  it("200 requests with huge, nested-$id and accepted schemas leave the server's RSS within 50 MB of where it started", async () => {
    // 4 MB with 1,000 nested $ids: refused by the agent endpoints' body limit (413) before it
    // is parsed. ~30 KB with 250 nested $ids: refused by the $id rule (400). Within the limits: accepted.
    const huge = (seed: number) => ({
      type: "array",
      title: String(seed),
      items: Array.from({ length: 1000 }, (_, index) => ({ $id: `https://example.test/${seed}/${index}`, type: "object", description: "d".repeat(4000) })),
    });
    const nested = (seed: number) => ({
      type: "array",
      title: String(seed),
      $defs: properties(250, (index) => ({ $id: `https://example.test/${seed}/${index}`, type: "string", description: "d".repeat(50) })),
    });
    const accepted = (seed: number) => ({ type: "object", title: String(seed), properties: properties(150, (index) => ({ type: "string", maxLength: seed + index })) });
    const send = async (seed: number) => {
      if (seed % 10 === 9) {
        const response = await define(`memory_${seed}`, { input_schema: accepted(seed) });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
      } else if (seed % 2 === 0) {
        const response = await define(`memory_${seed}`, { output_schema: huge(seed) });
        expect(response.status).toBe(413);
        expect(response.body.type).toBe("payload_too_large");
      } else {
        const response = await define(`memory_${seed}`, { output_schema: nested(seed) });
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(/output_schema .*\$id is allowed only at the root/);
      }
    };
    for (let seed = 0; seed < 10; seed += 1) await send(seed); // warm up: code loaded, buffers sized
    const before = rssMb();
    for (let seed = 10; seed < 210; seed += 2) await Promise.all([send(seed), send(seed + 1)]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = rssMb();
    expect(after - before, `RSS ${before.toFixed(0)} MB → ${after.toFixed(0)} MB`).toBeLessThan(50);
  });
});
