// Review rounds (docs/api-conventions.md, "Review rounds"): a reviewer sends a run back with
// feedback (and, for a built-in agent, a JSON Merge Patch of its data) and the agent runs
// again, through the real server over HTTP, with a fake model server and a webhook receiver
// at the edges.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { startReceiver } from "../helpers/https-receiver.ts";
import { withDatabase } from "../helpers/database.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { CLAIM_LOCK_ID } from "../../src/jobs/local/claim.ts";
import { until, waitForRunSettled } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let key: string;
let otherKey: string;
let settings: Record<string, string>;

const api = (method: string, route: string, apiKey: string, body?: unknown) => service.api(method, route, apiKey, body);

// Each test its own vendor (beforeEach): the same invoice in two tests would be a possible
// duplicate, and invoices paid against PO-3 would consume it ("AP controls").
const vendorOf = (n: number) => `Acme Supplies ${n}`;
let testNumber = 0;
let PO_3 = {
  number: "PO-3",
  vendor: vendorOf(0),
  currency: "USD",
  total: 250,
  lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 10, unit_price: 25 }],
};
// The README's INV-8: two boxes more than the purchase order.
let INV_8_DATA = {
  invoice: { number: "INV-8", vendor: vendorOf(0), currency: "USD", total: 300, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 12, unit_price: 25 }] },
  purchase_order: PO_3,
};
const AMENDED_PO = { total: 300, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 12, unit_price: 25 }] };

const answer = (overrides: Record<string, unknown> = {}) => ({
  summary: "Drafted the reply",
  output: { reply: "Dear supplier" },
  confidence: 0.9,
  needs_review: true,
  review_reason: "the tone is a guess",
  ...overrides,
});

async function startRun(body: Record<string, unknown>): Promise<string> {
  const created = await api("POST", "/v1/run", key, body);
  expect(created.status).toBe(202);
  return created.body.run_id as string;
}

/** The run once it settled in `round` (a run sent back is queued and running again first). */
const settledInRound = (runId: string, round: number) => waitForRunSettled((path) => api("GET", path, key), runId, { round });

const creditsUsed = async () => (await api("GET", "/v1/usage", key)).body.credits_used as number;

beforeAll(async () => {
  const certificate = inject("certificate");
  fake = await startFakeModelServer();
  receiver = await startReceiver(certificate);
  service = await createOwnService("rounds");
  settings = {
    OPENAI_BASE_URL: fake.baseUrl,
    AGENT_MODEL: "fake-model",
    AGENT_MODEL_TIMEOUT_MS: "1000",
    EXECUTOR_RETRY_BASE_MS: "50",
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  };
  await service.start(settings);
  ({ key } = await service.createOrgKey("Rounds Co"));
  ({ key: otherKey } = await service.createOrgKey("Other Co"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
  await receiver?.close();
});

beforeEach(() => {
  fake.reset();
  testNumber += 1;
  PO_3 = { ...PO_3, vendor: vendorOf(testNumber) };
  INV_8_DATA = { invoice: { ...INV_8_DATA.invoice, vendor: vendorOf(testNumber) }, purchase_order: PO_3 };
});

describe("POST /v1/triage/:id/request-changes, built-in agents", () => {
  it("an AP mismatch sent back with a patch that fixes the PO completes in round 1, on the patched data, charging nothing more", async () => {
    const runId = await startRun({ task: "Match invoice INV-8 against PO-3", agent_type: "ap_specialist", data: INV_8_DATA });
    const first = await settledInRound(runId, 0);
    expect(first.run).toMatchObject({ status: "pending_triage", review_round: 0, resolution: null });
    expect(first.triage_item).toMatchObject({ round: 0, status: "pending" });
    const used = await creditsUsed();

    const feedback = "The PO was amended to 12 boxes (300 USD)";
    const sent = await api("POST", `/v1/triage/${first.triage_item.id}/request-changes`, key, { feedback, data_patch: { purchase_order: AMENDED_PO } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      data: { id: first.triage_item.id, status: "changes_requested", resolved_at: expect.any(String), run_id: runId, review_round: 1 },
    });

    const done = await settledInRound(runId, 1);
    expect(done.run).toMatchObject({
      status: "completed",
      review_round: 1,
      resolution: "changes_requested",
      data: { invoice: INV_8_DATA.invoice, purchase_order: { ...PO_3, ...AMENDED_PO } },
      output: { decision: "approve_payment", matched: "2-way", discrepancies: [] },
    });
    expect(done.run.started_at).toBe(first.run.started_at);
    expect(await creditsUsed()).toBe(used);

    // The item of round 0 keeps the decision; the steps show both rounds.
    const steps = (await api("GET", `/v1/runs/${runId}/steps`, key)).body.data;
    const review = steps.find((step: any) => step.type === "review");
    expect(review.detail).toMatchObject({
      decision: "changes_requested",
      round: 0,
      feedback,
      data_patch: { purchase_order: AMENDED_PO },
      proposed_output: { decision: "approve_payment", acknowledged_discrepancies: expect.arrayContaining([expect.any(String)]) },
      resolved_by_name: expect.any(String),
    });
    const agents = steps.filter((step: any) => step.type === "agent");
    expect(agents.map((step: any) => step.detail.summary)).toEqual([expect.stringContaining("payment proposed for a person to approve"), expect.stringContaining("payment approved")]);
    expect(steps.map((step: any) => step.type)).toEqual(["agent", "triage", "review", "agent"]);

    // Decided: no second request, no other decision.
    const again = await api("POST", `/v1/triage/${first.triage_item.id}/request-changes`, key, { feedback: "again" });
    expect(again.status).toBe(409);
    expect(again.body.type).toBe("conflict");
    expect((await api("POST", `/v1/triage/${first.triage_item.id}/approve`, key)).status).toBe(409);
  });

  it("refuses a patch that breaks the data (400 naming the path) and leaves the item pending", async () => {
    const runId = await startRun({ task: "Match invoice INV-8 against PO-3", agent_type: "ap_specialist", data: INV_8_DATA });
    const { triage_item: item } = await settledInRound(runId, 0);
    const broken = await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "drop the invoice", data_patch: { invoice: null } });
    expect(broken.status).toBe(400);
    expect(broken.body.type).toBe("validation_error");
    expect(broken.body.message).toContain("data");
    const still = await api("GET", `/v1/runs/${runId}`, key);
    expect(still.body.run).toMatchObject({ status: "pending_triage", review_round: 0 });
    expect(still.body.triage_item.status).toBe("pending");
  });

  it("applies a patch whole, `constructor` and `prototype` keys included, or refuses one with a __proto__ key (400 naming it), never in part", async () => {
    const runId = await startRun({ task: "Match invoice INV-8 against PO-3", agent_type: "ap_specialist", data: INV_8_DATA });
    const { triage_item: item } = await settledInRound(runId, 0);

    // JSON.parse makes `__proto__` an own key, which JSON.stringify then sends as written.
    const withProto = JSON.parse('{"purchase_order":{"total":300,"__proto__":{"total":1}},"note":"x"}');
    const refused = await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "PO amended", data_patch: withProto });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("data_patch.purchase_order.__proto__") });
    const untouched = await api("GET", `/v1/runs/${runId}`, key);
    expect(untouched.body.run).toMatchObject({ status: "pending_triage", review_round: 0, data: INV_8_DATA });
    expect(untouched.body.triage_item.status).toBe("pending");

    // Keys after `constructor` (json-merge-patch stopped there) and nested ones all arrive.
    const patch = { constructor: { source: "reviewer" }, purchase_order: { ...AMENDED_PO, prototype: "amended" }, notes: { prototype: "v2", after: true } };
    const sent = await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "PO amended", data_patch: patch });
    expect(sent.status).toBe(200);
    const done = await settledInRound(runId, 1);
    expect(done.run.data).toEqual({ ...INV_8_DATA, constructor: { source: "reviewer" }, purchase_order: { ...PO_3, ...AMENDED_PO, prototype: "amended" }, notes: { prototype: "v2", after: true } });
    expect(done.run.output).toMatchObject({ decision: "approve_payment" });
    // The stored patch is the one applied.
    const review = (await api("GET", `/v1/runs/${runId}/steps`, key)).body.data.find((step: any) => step.type === "review");
    expect(review.detail.data_patch).toEqual(patch);
  });

  it("answers 409 on a resolved item, 404 on another tenant's, and 400 typed on bad bodies", async () => {
    const runId = await startRun({ task: "Match invoice INV-8 against PO-3", agent_type: "ap_specialist", data: INV_8_DATA });
    const { triage_item: item } = await settledInRound(runId, 0);
    expect((await api("POST", `/v1/triage/${item.id}/request-changes`, otherKey, { feedback: "mine now" })).status).toBe(404);
    expect((await api("POST", `/v1/triage/00000000-0000-4000-8000-000000000000/request-changes`, key, { feedback: "x" })).status).toBe(404);

    const bad = [{}, { feedback: "" }, { feedback: "   " }, { feedback: "x".repeat(4001) }, { feedback: "ok", data_patch: [1] }, { feedback: "ok", data_patch: "x" }, { feedback: 7 }];
    for (const body of bad) {
      const response = await api("POST", `/v1/triage/${item.id}/request-changes`, key, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.type).toBe("validation_error");
    }
    expect((await api("POST", `/v1/triage/${item.id}/reject`, key, { reason: "wrong vendor" })).status).toBe(200);
    const resolved = await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "too late" });
    expect(resolved.status).toBe(409);
    expect(resolved.body.message).toContain("already rejected");
  });
});

describe("model-backed agents", () => {
  it("continues the conversation with the feedback, lands in triage in round 1 and announces it again with review_round", async () => {
    const webhook = await api("POST", "/v1/webhooks", key, { url: receiver.url, events: ["run.triage_required"] });
    expect(webhook.status).toBe(201);
    fake.script(
      completion(answer(), { prompt_tokens: 100, completion_tokens: 20 }),
      completion(answer({ output: { reply: "Dear Ms Smith" }, review_reason: "check the name" }), { prompt_tokens: 150, completion_tokens: 30 }),
    );
    const task = "Draft a reply to the supplier about the delayed order";
    const runId = await startRun({ task, agent_type: "assistant", data: { order: "PO-4471" } });
    const first = await settledInRound(runId, 0);
    expect(first.run.status).toBe("pending_triage");
    const used = await creditsUsed();

    const feedback = "Address it to Ms Smith, the buyer";
    const sent = await api("POST", `/v1/triage/${first.triage_item.id}/request-changes`, key, { feedback });
    expect(sent.status).toBe(200);
    const second = await settledInRound(runId, 1);
    expect(second.run).toMatchObject({
      status: "pending_triage",
      review_round: 1,
      resolution: "changes_requested",
      model_usage: { model: "fake-model", calls: 2, input_tokens: 250, output_tokens: 50 },
    });
    expect(second.triage_item).toMatchObject({ round: 1, status: "pending", proposed_output: { output: { reply: "Dear Ms Smith" } } });
    expect(second.triage_item.id).not.toBe(first.triage_item.id);

    // The second request: the earlier conversation, then the feedback as the last user message.
    expect(fake.requests).toHaveLength(2);
    const [earlier, next] = [fake.requests[0]!.body.messages, fake.requests[1]!.body.messages];
    expect(next.slice(0, earlier.length)).toEqual(earlier);
    expect(next[earlier.length]).toMatchObject({ role: "assistant", content: expect.stringContaining("Dear supplier") });
    expect(next.at(-1)).toMatchObject({ role: "user", content: expect.stringContaining(feedback) });
    expect(next).toHaveLength(earlier.length + 2);

    const payloads = await until("two triage_required deliveries", () => {
      const bodies = receiver.received.map((request) => JSON.parse(request.body)).filter((body) => body.run_id === runId);
      return bodies.length >= 2 ? bodies : undefined;
    });
    expect(payloads.map((payload: any) => payload.data.review_round).sort()).toEqual([0, 1]);
    expect(new Set(payloads.map((payload: any) => payload.id)).size).toBe(2);
    const roundOne = payloads.find((payload: any) => payload.data.review_round === 1);
    expect(roundOne).toMatchObject({ event: "run.triage_required", data: { triage_item_id: second.triage_item.id, requires_triage: true } });
    expect(await creditsUsed()).toBe(used);

    // Steps: every round's model call, triage and review.
    const steps = (await api("GET", `/v1/runs/${runId}/steps`, key)).body.data;
    expect(steps.map((step: any) => step.type)).toEqual(["model_call", "agent", "triage", "review", "model_call", "agent", "triage"]);
    expect(steps[0].detail.round).toBe(0);
    expect(steps[4].detail).toMatchObject({ round: 1, answer: { content: expect.stringContaining("Dear Ms Smith") } });
    expect(steps[4].detail.messages.at(-1)).toMatchObject({ role: "user", content: expect.stringContaining(feedback) });
    expect(steps[3].detail).toMatchObject({ decision: "changes_requested", feedback, round: 0, data_patch: null });

    // A model-backed agent reads words, not patches.
    const patched = await api("POST", `/v1/triage/${second.triage_item.id}/request-changes`, key, { feedback: "x", data_patch: { order: "PO-1" } });
    expect(patched.status).toBe(400);
    expect(patched.body.message).toContain("data_patch");
  });

  it("allows five rounds; the sixth request answers 409", async () => {
    fake.setFallback(completion(answer()));
    const runId = await startRun({ task: "Classify the email", agent_type: "assistant" });
    let body = await settledInRound(runId, 0);
    for (let round = 1; round <= 5; round += 1) {
      const sent = await api("POST", `/v1/triage/${body.triage_item.id}/request-changes`, key, { feedback: `try again (${round})` });
      expect(sent.status).toBe(200);
      body = await settledInRound(runId, round);
      expect(body.triage_item).toMatchObject({ round, status: "pending" });
    }
    const sixth = await api("POST", `/v1/triage/${body.triage_item.id}/request-changes`, key, { feedback: "once more" });
    expect(sixth.status).toBe(409);
    expect(sixth.body.type).toBe("conflict");
    expect(sixth.body.message).toContain("5");
    expect(body.run.model_usage.calls).toBe(6);
    // Approving still works.
    expect((await api("POST", `/v1/triage/${body.triage_item.id}/approve`, key)).status).toBe(200);
  });
});

describe("claims, batches and durability", () => {
  const sql = <T = any>(text: string, values: unknown[] = []) =>
    withDatabase(service.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

  it("refuses a request on an item someone else claimed (409 naming them) unless force is true; an expired claim is none", async () => {
    const runId = await startRun({ task: "Match invoice INV-8 against PO-3", agent_type: "ap_specialist", data: INV_8_DATA });
    const { triage_item: item } = await settledInRound(runId, 0);
    await sql(`UPDATE triage_items SET claimed_by = 'member:ada', claimed_by_name = 'Ada Lovelace', claimed_until = now() + interval '15 minutes' WHERE id = $1`, [item.id]);
    const refused = await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "PO amended", data_patch: { purchase_order: AMENDED_PO } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ type: "conflict", message: expect.stringContaining("Ada Lovelace is reviewing this until") });
    // Strings are not booleans: "false" must never force.
    for (const force of ["false", "true", 1]) {
      const response = await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "PO amended", force });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain("force must be true or false");
    }

    const forced = await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "PO amended", data_patch: { purchase_order: AMENDED_PO }, force: true });
    expect(forced.status).toBe(200);
    const [closed] = await sql(`SELECT status::text, claimed_by, feedback FROM triage_items WHERE id = $1`, [item.id]);
    expect(closed).toEqual({ status: "changes_requested", claimed_by: null, feedback: "PO amended" });
    expect((await settledInRound(runId, 1)).run.status).toBe("completed");

    const expired = await startRun({ task: "Match invoice INV-8 against PO-3", agent_type: "ap_specialist", data: INV_8_DATA });
    const { triage_item: stale } = await settledInRound(expired, 0);
    await sql(`UPDATE triage_items SET claimed_by = 'member:ada', claimed_by_name = 'Ada Lovelace', claimed_until = now() - interval '1 minute' WHERE id = $1`, [stale.id]);
    expect((await api("POST", `/v1/triage/${stale.id}/request-changes`, key, { feedback: "PO amended", data_patch: { purchase_order: AMENDED_PO } })).status).toBe(200);
  });

  it("a batch row sent back waits, runs again and settles once: the counters count it once", async () => {
    // Another invoice number: the same invoice twice is a possible duplicate.
    const clean = { invoice: { ...INV_8_DATA.invoice, number: "INV-9" }, purchase_order: { ...PO_3, number: "PO-9", ...AMENDED_PO } };
    const created = await api("POST", "/v1/batches", key, {
      agent_type: "ap_specialist",
      rows: [
        { task: "Match INV-8", data: INV_8_DATA },
        { task: "Match INV-8 (amended PO)", data: clean },
      ],
    });
    expect(created.status).toBe(201);
    const batchId = created.body.job.id;
    const waiting = await until("one row waits for a person", async () => {
      const { body } = await api("GET", `/v1/batches/${batchId}`, key);
      return body.job.completed_rows === 1 && body.rows.some((row: any) => row.status === "pending_triage") ? body : undefined;
    });
    expect(waiting.job).toMatchObject({ status: "running", total_rows: 2, completed_rows: 1, failed_rows: 0 });
    const row = waiting.rows.find((candidate: any) => candidate.status === "pending_triage");
    const { triage_item: item } = await settledInRound(row.run_id, 0);
    const used = await creditsUsed();

    expect((await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "PO amended", data_patch: { purchase_order: AMENDED_PO } })).status).toBe(200);
    const finished = await until("the batch completes", async () => {
      const { body } = await api("GET", `/v1/batches/${batchId}`, key);
      return body.job.status === "completed" ? body : undefined;
    });
    expect(finished.job).toMatchObject({ total_rows: 2, completed_rows: 2, failed_rows: 0 });
    expect(finished.rows.map((candidate: any) => candidate.status)).toEqual(["completed", "completed"]);
    expect((await api("GET", `/v1/runs/${row.run_id}`, key)).body.run).toMatchObject({ status: "completed", review_round: 1, batch_id: batchId });
    expect(await creditsUsed()).toBe(used);
  });

  it("a round's job commits with the request for changes: killed right after, a restart carries it out", async () => {
    const runId = await startRun({ task: "Match invoice INV-8 against PO-3", agent_type: "ap_specialist", data: INV_8_DATA });
    const { triage_item: item } = await settledInRound(runId, 0);
    // Held claims stop the engine from starting the round before the kill (claim.ts, CLAIM_LOCK_ID).
    await withDatabase(service.databaseUrl, async (client) => {
      await client.query("BEGIN");
      await client.query(`SELECT pg_advisory_xact_lock(${CLAIM_LOCK_ID})`);
      const answer = await api("POST", `/v1/triage/${item.id}/request-changes`, key, { feedback: "PO amended", data_patch: { purchase_order: AMENDED_PO } });
      expect(answer.status).toBe(200);
      const jobs = await client.query(`SELECT idempotency_key, status::text FROM job_runs WHERE function_id = 'execute-run' AND idempotency_key LIKE $1 ORDER BY idempotency_key`, [`${runId}%`]);
      expect(jobs.rows).toEqual([
        { idempotency_key: runId, status: "completed" },
        { idempotency_key: `${runId}:round-1`, status: "queued" },
      ]);
      await service.server().stop("SIGKILL");
      await client.query("ROLLBACK");
    });
    await service.start(settings);
    const done = await settledInRound(runId, 1);
    expect(done.run).toMatchObject({ status: "completed", review_round: 1, output: { decision: "approve_payment" } });
    const jobs = await sql(`SELECT idempotency_key FROM job_runs WHERE function_id = 'execute-run' AND idempotency_key LIKE $1 ORDER BY idempotency_key`, [`${runId}%`]);
    expect(jobs.map((job) => job.idempotency_key)).toEqual([runId, `${runId}:round-1`]);
  });
});
