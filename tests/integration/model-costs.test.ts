// The operator never pays for model calls nobody pays for (docs/api-conventions.md, "Model
// allow-list", "Test mode and models", "Credits"): a server of this file's own with a fake
// OpenAI-compatible model server counting every request, AGENT_MODELS and a small test-mode
// allowance. Agents may name only the operator's models; test-mode model-backed runs stop at
// the day's allowance with a typed 429 before any model call; a live run whose model answered
// is charged even when the answer breaks the agent's output_schema, while a run the model
// server never answered is still refunded.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AgentWorkforce, RateLimitError, TestModeAllowanceError } from "../../sdk/dist/index.js";
import { withDatabase } from "../helpers/database.ts";
import { completion, errorResponse, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until, waitForRunSettled } from "../helpers/waiting.ts";

const ALLOWANCE = 5;
let service: TOwnService;
let fake: TFakeModelServer;

const CATEGORY_SCHEMA = {
  type: "object",
  properties: { category: { type: "string", enum: ["invoice", "complaint", "other"] } },
  required: ["category"],
};
const envelope = (output: unknown, overrides: Record<string, unknown> = {}) => ({ output, confidence: 0.9, needs_review: false, review_reason: null, ...overrides });

const settled = (runId: string, key: string) => waitForRunSettled((path) => service.api("GET", path, key), runId, { timeoutMs: 60_000 });

/** A fresh organization with a live and a test key (the allowance is per organization). */
async function tenant(name: string) {
  const { orgId, key } = await service.createOrgKey(name);
  const { key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test");
  return { orgId, key, testKey };
}

async function define(key: string, body: Record<string, unknown>) {
  const created = await service.api("POST", "/v1/agents", key, { instructions: "Classify the supplier email.", output_schema: CATEGORY_SCHEMA, ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

async function ledgerOf(runId: string) {
  return withDatabase(service.databaseUrl, async (client) => {
    const { rows } = await client.query("SELECT reason, amount FROM credit_ledger WHERE run_id = $1 ORDER BY sequence", [runId]);
    return rows;
  });
}

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await createOwnService("modelcosts");
  await service.start({
    OPENAI_BASE_URL: fake.baseUrl,
    AGENT_MODEL: "fake-model",
    AGENT_MODELS: "fake-model, cheap-model",
    TEST_MODE_MODEL_RUNS_PER_DAY: String(ALLOWANCE),
    AGENT_MODEL_TIMEOUT_MS: "1000",
    EXECUTOR_RETRY_BASE_MS: "50",
  });
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

beforeEach(() => fake.reset());

describe("the model allow-list", () => {
  it("an agent or version naming a model the operator did not allow is a 400 naming the field and the allowed ids", async () => {
    const { key } = await tenant("Allow-list Co");
    const refused = await service.api("POST", "/v1/agents", key, { name: "pricey", instructions: "x", model: "gpt-4o-or-any-expensive-model" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", issues: [{ path: "model" }] });
    expect(refused.body.message).toContain("gpt-4o-or-any-expensive-model is not allowed");
    expect(refused.body.message).toContain("fake-model, cheap-model");
    expect((await service.api("GET", "/v1/agents/pricey", key)).status).toBe(404);

    await define(key, { name: "thrifty", model: "cheap-model" });
    const version = await service.api("POST", "/v1/agents/thrifty/versions", key, { instructions: "y", model: "another-expensive-model" });
    expect(version.status).toBe(400);
    expect(version.body).toMatchObject({ type: "validation_error", issues: [{ path: "model", message: expect.stringContaining("cheap-model") }] });
    expect((await service.api("GET", "/v1/agents/thrifty", key)).body.versions).toHaveLength(1);

    // The list says which models an agent may name.
    const list = await service.api("GET", "/v1/agents", key);
    expect(list.body.models).toEqual({ default: "fake-model", allowed: ["fake-model", "cheap-model"] });
  });

  it("a stored version whose model is no longer allowed is refused at acceptance: nothing charged, nothing asked", async () => {
    const { key, orgId } = await tenant("Retired Model Co");
    await define(key, { name: "retired_sorter", model: "cheap-model" });
    // As if the operator had taken the model off AGENT_MODELS after the version was stored.
    await withDatabase(service.databaseUrl, (client) =>
      client.query(
        `UPDATE agent_versions SET model = 'retired-model' WHERE agent_definition_id IN
           (SELECT id FROM agent_definitions WHERE organization_id = $1 AND name = 'retired_sorter')`,
        [orgId],
      ),
    );
    const before = (await service.api("GET", "/v1/usage", key)).body.credits_used;
    const run = await service.api("POST", "/v1/run", key, { task: "Classify", agent_type: "retired_sorter" });
    expect(run.status).toBe(400);
    expect(run.body).toMatchObject({ type: "validation_error", issues: [{ path: "agent_type" }] });
    expect(run.body.message).toContain("retired-model is not allowed");
    const batch = await service.api("POST", "/v1/batches", key, { agent_type: "retired_sorter", agent_version: 1, rows: [{ task: "a" }] });
    expect(batch.status).toBe(400);
    expect(batch.body.issues[0].path).toBe("agent_version");
    expect((await service.api("GET", "/v1/usage", key)).body.credits_used).toBe(before);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("test mode's daily allowance of model-backed runs", () => {
  it("the issue's batch of 20 is refused whole with a typed 429 before any model call; runs stop at the allowance", async () => {
    const { testKey } = await tenant("Test Mode Co");
    await define(testKey, { name: "sorter" });
    fake.setFallback(completion(envelope({ category: "invoice" })));

    const rows = Array.from({ length: 20 }, (_, index) => ({ task: `email ${index}` }));
    const response = await fetch(`${service.server().baseUrl}/v1/batches`, {
      method: "POST",
      headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json" },
      body: JSON.stringify({ agent_type: "sorter", rows }),
    });
    const body = await response.json();
    expect(response.status).toBe(429);
    expect(body).toMatchObject({ error: "test_mode_allowance_exhausted", type: "test_mode_allowance_exhausted", allowance: ALLOWANCE, used: 0 });
    const resetsAt = Date.parse(body.resets_at);
    expect(resetsAt).toBeGreaterThan(Date.now());
    expect(resetsAt - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(new Date(resetsAt).toISOString().slice(11)).toBe("00:00:00.000Z");
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await service.api("GET", "/v1/batches", testKey)).body.jobs).toHaveLength(0);

    // Exactly the allowance is accepted, whoever asks at once; the rest are refused with it in the body.
    const attempts = await Promise.all(
      Array.from({ length: ALLOWANCE + 4 }, (_, index) => service.api("POST", "/v1/run", testKey, { task: `email ${index}`, agent_type: "sorter" })),
    );
    const accepted = attempts.filter((attempt) => attempt.status === 202);
    expect(accepted).toHaveLength(ALLOWANCE);
    for (const refused of attempts.filter((attempt) => attempt.status !== 202)) {
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ type: "test_mode_allowance_exhausted", allowance: ALLOWANCE, used: ALLOWANCE });
    }
    // The SDK gives the refusal its own class (a RateLimitError), with the allowance as fields.
    const sdk = new AgentWorkforce({ apiKey: testKey, baseUrl: service.server().baseUrl, maxRetries: 0 });
    const refusedBySdk = await sdk.runs.create({ task: "one more", agent_type: "sorter" }).catch((error: unknown) => error);
    expect(refusedBySdk).toBeInstanceOf(TestModeAllowanceError);
    expect(refusedBySdk).toBeInstanceOf(RateLimitError);
    expect(refusedBySdk).toMatchObject({ status: 429, allowance: ALLOWANCE, used: ALLOWANCE });
    expect((refusedBySdk as TestModeAllowanceError).resetsAt?.toISOString().slice(11)).toBe("00:00:00.000Z");
    for (const run of accepted) expect((await settled(run.body.run_id, testKey)).run.status).toBe("completed");
    // The model server saw one call per accepted run and not one more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.requests).toHaveLength(ALLOWANCE);

    // Runs that call no model are not counted; live mode is charged as before.
    const rules = await service.api("POST", "/v1/run", testKey, { task: "Quote paper", agent_type: "rfq_generator", data: { items: [{ description: "paper", quantity: 5 }] } });
    expect(rules.status, JSON.stringify(rules.body)).toBe(202);
    await settled(rules.body.run_id, testKey);
  });

  it("a review round sent back in test mode counts too: beyond the allowance it is a 429 and the item stays pending", async () => {
    const { testKey } = await tenant("Rounds Co");
    await define(testKey, { name: "careful_sorter" });
    fake.script(completion(envelope({ category: "other" }, { needs_review: true, review_reason: "unsure" })));
    fake.setFallback(completion(envelope({ category: "invoice" })));
    const waiting = await service.api("POST", "/v1/run", testKey, { task: "Classify", agent_type: "careful_sorter" });
    const settledRun = await settled(waiting.body.run_id, testKey);
    expect(settledRun.run.status).toBe("pending_triage");
    for (let index = 1; index < ALLOWANCE; index += 1) {
      expect((await service.api("POST", "/v1/run", testKey, { task: `more ${index}`, agent_type: "careful_sorter" })).status).toBe(202);
    }
    const itemId = settledRun.triage_item.id;
    const sentBack = await service.api("POST", `/v1/triage/${itemId}/request-changes`, testKey, { feedback: "Look again" });
    expect(sentBack.status).toBe(429);
    expect(sentBack.body).toMatchObject({ type: "test_mode_allowance_exhausted", allowance: ALLOWANCE, used: ALLOWANCE });
    const after = (await service.api("GET", `/v1/runs/${waiting.body.run_id}`, testKey)).body;
    expect(after.run).toMatchObject({ status: "pending_triage", review_round: 0 });
    expect(after.triage_item).toMatchObject({ id: itemId, status: "pending" });
  });

  it("live mode is not bounded by it: charged as before", async () => {
    const { key, testKey } = await tenant("Live Co");
    await define(testKey, { name: "test_sorter" });
    await define(key, { name: "live_sorter" });
    fake.setFallback(completion(envelope({ category: "invoice" })));
    const testRuns: string[] = [];
    for (let index = 0; index < ALLOWANCE; index += 1) {
      const run = await service.api("POST", "/v1/run", testKey, { task: `t ${index}`, agent_type: "test_sorter" });
      expect(run.status).toBe(202);
      testRuns.push(run.body.run_id);
    }
    expect((await service.api("POST", "/v1/run", testKey, { task: "one more", agent_type: "test_sorter" })).status).toBe(429);
    const before = (await service.api("GET", "/v1/usage", key)).body.credits_used;
    const batch = await service.api("POST", "/v1/batches", key, { agent_type: "live_sorter", rows: Array.from({ length: ALLOWANCE + 1 }, (_, index) => ({ task: `l ${index}` })) });
    expect(batch.status).toBe(201);
    expect((await service.api("GET", "/v1/usage", key)).body.credits_used).toBe(before + 10 * (ALLOWANCE + 1));
    // Everything finishes here, so the next test's model server sees only its own calls.
    for (const runId of testRuns) await settled(runId, testKey);
    await until("the live batch to finish", async () => (await service.api("GET", `/v1/batches/${batch.body.job.id}?rows_limit=0`, key)).body.job.status === "completed");
  });
});

describe("what a failed model run costs", () => {
  it("a live run whose model answered but broke the agent's output_schema is charged: output_schema_mismatch, no refund", async () => {
    const { key } = await tenant("Schema Co");
    await define(key, { name: "strict_sorter" });
    const before = (await service.api("GET", "/v1/usage", key)).body.credits_used;
    fake.script(completion(envelope({ category: "spam" })), completion(envelope({ category: "junk" })));
    const created = await service.api("POST", "/v1/run", key, { task: "Classify", agent_type: "strict_sorter" });
    expect(created.status).toBe(202);
    const body = await settled(created.body.run_id, key);
    expect(body.run.status).toBe("failed");
    expect(body.run.error_message).toMatch(/^output_schema_mismatch: /);
    expect(body.run.error_message).toContain("output.category");
    expect(fake.requests).toHaveLength(2);
    // Both answers are on the run's steps, and the run stays charged.
    const steps = await service.api("GET", `/v1/runs/${created.body.run_id}/steps`, key);
    expect(steps.body.data.filter((step: any) => step.type === "model_call" && step.detail.answer)).toHaveLength(2);
    expect((await service.api("GET", "/v1/usage", key)).body.credits_used).toBe(before + 10);
    expect(await ledgerOf(created.body.run_id)).toEqual([{ reason: "run", amount: -10 }]);
  });

  it("a live run the model server never answered (503 until the retries run out) is still refunded", async () => {
    const { key } = await tenant("Outage Co");
    await define(key, { name: "outage_sorter" });
    const before = (await service.api("GET", "/v1/usage", key)).body.credits_used;
    fake.setFallback(errorResponse(503, "model is loading"));
    const created = await service.api("POST", "/v1/run", key, { task: "Classify", agent_type: "outage_sorter" });
    const body = await settled(created.body.run_id, key);
    expect(body.run.status).toBe("failed");
    expect(body.run.error_message).toContain("Model call failed: the model server answered 503");
    expect((await service.api("GET", "/v1/usage", key)).body.credits_used).toBe(before);
    expect(await ledgerOf(created.body.run_id)).toEqual([
      { reason: "run", amount: -10 },
      { reason: "refund", amount: 10 },
    ]);
  });

  it("a live run whose model timed out on every attempt is refunded too", async () => {
    const { key } = await tenant("Timeout Co");
    await define(key, { name: "slow_sorter" });
    fake.setFallback({ ...completion(envelope({ category: "invoice" })), delayMs: 2500 });
    const created = await service.api("POST", "/v1/run", key, { task: "Classify", agent_type: "slow_sorter" });
    const body = await settled(created.body.run_id, key);
    expect(body.run.status).toBe("failed");
    expect(body.run.error_message).toContain("did not answer within 1000 ms");
    expect(await ledgerOf(created.body.run_id)).toEqual([
      { reason: "run", amount: -10 },
      { reason: "refund", amount: 10 },
    ]);
  });
});
