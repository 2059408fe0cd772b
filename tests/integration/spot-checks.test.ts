// Spot checks (docs/api-conventions.md, "Spot checks"): the counted sampler sends exactly
// floor(n × rate) of n runs that completed on their own to a spot check, for a built-in (the
// organization's rate, set by the admin CLI and the dashboard's settings procedure) and for a
// custom agent version (its review.spot_check_rate, answered by the fake model server). A spot
// check changes no run state, credit, batch or webhook; verdicts, the kind filter and the
// refusals (a review takes approve/reject, a spot check takes a verdict) are checked over HTTP.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { receiverSet } from "../helpers/https-receiver.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until, waitForRunSettled } from "../helpers/waiting.ts";

const invoice = { number: "INV-5", vendor: "Acme", currency: "EUR", total: 100, lines: [{ sku: "B-1", description: "bolts", quantity: 10, unit_price: 10 }] };
const order = { number: "PO-5", vendor: "Acme", currency: "EUR", total: 100, lines: [{ sku: "B-1", description: "bolts", quantity: 10, unit_price: 10 }] };
/**
 * A 2-way match without discrepancies: confidence 0.9, the run completes on its own. Each its
 * own invoice and order: the same invoice twice is a possible duplicate ("AP controls").
 */
const cleanAp = (index: number) => ({ invoice: { ...invoice, number: `INV-5-${index}` }, purchase_order: { ...order, number: `PO-5-${index}` } });
/** No purchase order: confidence 0.65, the run waits for a person. */
const UNMATCHED_AP = { invoice };

let fake: TFakeModelServer;
let service: TOwnService;
let receivers: ReturnType<typeof receiverSet>;
let orgId: string;
let key: string;

const api = (method: string, route: string, body?: unknown, withKey = key) => service.api(method, route, withKey, body);
const sql = (text: string, values: unknown[] = []) => withDatabase(service.databaseUrl, (client) => client.query(text, values));

const settled = (runId: string, withKey = key) => waitForRunSettled((path) => api("GET", path, undefined, withKey), runId, { timeoutMs: 60_000 });

async function postRun(body: Record<string, unknown>, withKey = key) {
  const created = await api("POST", "/v1/run", body, withKey);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return created.body.run_id as string;
}

async function spotChecks(query = "") {
  const items: any[] = [];
  let cursor: string | undefined;
  do {
    const page = await api("GET", `/v1/triage?kind=spot_check&limit=100${query}${cursor ? `&starting_after=${cursor}` : ""}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...page.body.data);
    cursor = page.body.has_more ? page.body.data.at(-1)?.id : undefined;
  } while (cursor);
  return items;
}

const remaining = async () => (await api("GET", "/v1/usage")).body.credits_remaining as number;

beforeAll(async () => {
  const certificate = inject("certificate");
  fake = await startFakeModelServer();
  receivers = receiverSet(certificate);
  service = await createOwnService("spot");
  await service.start({
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: "sk-fake",
    AGENT_MODEL: "fake-model",
    AGENT_MODEL_TIMEOUT_MS: "2000",
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  });
  ({ orgId, key } = await service.createOrgKey("Spot Co"));
}, 120_000);

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
  await receivers?.closeAll();
});

describe("the counted sampler", () => {
  it("rate 0.25 for ap_specialist (admin CLI): 40 clean runs give exactly 10 spot checks; runs, credits, webhooks and the batch stay as they were", async () => {
    expect(await service.cli("set-spot-check-rate", "--org", orgId, "--agent", "ap_specialist", "--rate", "0.25")).toMatchObject({
      id: orgId,
      spot_check_rates: { ap_specialist: 0.25 },
    });
    const receiver = await receivers.start();
    const hook = await api("POST", "/v1/webhooks", { url: receiver.url, events: ["run.completed", "run.triage_required", "run.failed"] });
    expect(hook.status).toBe(201);
    const before = await remaining();

    // 20 runs of their own and 20 in a batch.
    const single = await Promise.all(Array.from({ length: 20 }, (_, index) => postRun({ agent_type: "ap_specialist", task: `Check ${index}`, data: cleanAp(index) })));
    const batch = await api("POST", "/v1/batches", { agent_type: "ap_specialist", rows: Array.from({ length: 20 }, (_, index) => ({ task: `Row ${index}`, data: cleanAp(20 + index) })) });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    const batchId = batch.body.job.id as string;
    const job = await until("the batch to finish", async () => {
      const { body } = await api("GET", `/v1/batches/${batchId}`);
      return body.job?.status === "completed" ? body.job : undefined;
    }, 60_000);
    expect(job).toMatchObject({ total_rows: 20, completed_rows: 20, failed_rows: 0 });
    for (const runId of single) expect((await settled(runId)).run.status).toBe("completed");

    const checks = await spotChecks();
    expect(checks).toHaveLength(10);
    const [counter] = (
      await sql("SELECT completed_runs, sampled_runs FROM spot_check_counters WHERE organization_id = $1 AND agent_type = 'ap_specialist'", [orgId])
    ).rows;
    expect(counter).toEqual({ completed_runs: 40, sampled_runs: 10 });
    for (const check of checks) {
      expect(check).toMatchObject({
        kind: "spot_check",
        status: "pending",
        verdict: null,
        round: 0,
        triage_reason: "Spot check: 1 in 4 of completed runs of ap_specialist v1",
        agent_runs: { agent_type: "ap_specialist", confidence_score: 0.9 },
      });
      const { body } = await api("GET", `/v1/runs/${check.run_id}`);
      // The run stays completed with its output; its own fields show no open review.
      expect(body.run).toMatchObject({ status: "completed", requires_triage: false, due_at: null, claimed_by: null });
      expect(check.proposed_output).toEqual(body.run.output);
      expect(body.triage_item).toMatchObject({ id: check.id, kind: "spot_check" });
      expect(Date.parse(check.due_at) - Date.parse(check.created_at)).toBe(240 * 60_000);
    }
    // Credits: one charge per run (3 each), nothing for the spot checks.
    expect(before - (await remaining())).toBe(40 * 3);
    // Webhooks: exactly one run.completed event per run, nothing else. Delivery is at least
    // once (an attempt that timed out under load is sent again with the same webhook-id), so
    // events are counted by their id.
    const eventIds = () => new Set(receiver.received.map((request) => String(request.headers["webhook-id"])));
    await until("40 deliveries", async () => (eventIds().size >= 40 ? true : undefined), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(eventIds().size).toBe(40);
    expect(new Set(receiver.received.map((request) => JSON.parse(request.body).run_id)).size).toBe(40);
    expect(new Set(receiver.received.map((request) => JSON.parse(request.body).event))).toEqual(new Set(["run.completed"]));

    // Verdicts: correct, then incorrect with the corrected output (a round trip).
    const before2 = await remaining();
    const [first, second] = checks;
    const correct = await api("POST", `/v1/triage/${first.id}/verdict`, { verdict: "correct" });
    expect(correct.status, JSON.stringify(correct.body)).toBe(200);
    expect(correct.body.data).toMatchObject({ id: first.id, status: "checked", verdict: "correct", run_id: first.run_id, resolved_by_name: "k" });
    const corrected = { decision: "hold", reason: "The receipt is missing" };
    const incorrect = await api("POST", `/v1/triage/${second.id}/verdict`, { verdict: "incorrect", corrected_output: corrected, note: "Needs a receipt" });
    expect(incorrect.status, JSON.stringify(incorrect.body)).toBe(200);
    expect(incorrect.body.data).toMatchObject({ status: "checked", verdict: "incorrect" });
    const checked = await api("GET", "/v1/triage?status=checked&limit=100");
    const stored = checked.body.data.find((item: any) => item.id === second.id);
    expect(stored).toMatchObject({ kind: "spot_check", status: "checked", verdict: "incorrect", corrected_output: corrected, resolution_note: "Needs a receipt" });
    expect((await api("GET", "/v1/triage?status=resolved&kind=spot_check&limit=100")).body.data.map((item: any) => item.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    // The run did not change; its steps end with the spot check and its verdict.
    const run = (await api("GET", `/v1/runs/${second.run_id}`)).body;
    expect(run.run.status).toBe("completed");
    expect(run.run.output).toEqual(second.proposed_output);
    const steps = (await api("GET", `/v1/runs/${second.run_id}/steps`)).body.data;
    expect(steps.map((step: any) => step.type)).toEqual(["agent", "triage", "review"]);
    expect(steps.at(-1).detail).toMatchObject({ decision: "checked", verdict: "incorrect", corrected_output: corrected, note: "Needs a receipt" });
    expect(await remaining()).toBe(before2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(eventIds().size).toBe(40);
    expect((await api("GET", `/v1/batches/${batchId}`)).body.job).toMatchObject({ completed_rows: 20, failed_rows: 0 });

    // Decided once: a second verdict is a conflict.
    const again = await api("POST", `/v1/triage/${first.id}/verdict`, { verdict: "incorrect" });
    expect(again.status).toBe(409);
    expect(again.body.detail ?? again.body.message).toMatch(/already checked/);
  }, 180_000);

  it("a custom agent version's review.spot_check_rate 0.5 samples half its runs; rate 0 samples none and keeps no counter", async () => {
    const defined = await api("POST", "/v1/agents", { name: "sampled_sorter", instructions: "Classify.", review: { spot_check_rate: 0.5 } });
    expect(defined.status, JSON.stringify(defined.body)).toBe(201);
    expect(defined.body.agent.review).toMatchObject({ spot_check_rate: 0.5 });
    for (const rate of [-0.1, 1.5, "half"]) {
      const refused = await api("POST", "/v1/agents/sampled_sorter/versions", { instructions: "Classify.", review: { spot_check_rate: rate } });
      expect(refused.status, String(rate)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain("spot_check_rate");
    }
    expect((await api("POST", "/v1/agents", { name: "plain_sorter", instructions: "Classify." })).status).toBe(201);

    fake.setFallback(completion({ output: { category: "invoice" }, confidence: 0.95, needs_review: false, review_reason: null }));
    const sampledRuns: string[] = [];
    for (let index = 0; index < 6; index += 1) sampledRuns.push(await postRun({ agent_type: "sampled_sorter", task: `Email ${index}` }));
    const plainRuns: string[] = [];
    for (let index = 0; index < 3; index += 1) plainRuns.push(await postRun({ agent_type: "plain_sorter", task: `Email ${index}` }));
    for (const runId of [...sampledRuns, ...plainRuns]) expect((await settled(runId)).run.status).toBe("completed");

    const checks = (await spotChecks()).filter((item) => item.agent_runs.agent_type !== "ap_specialist");
    expect(checks).toHaveLength(3);
    expect(checks.every((item) => item.agent_runs.agent_type === "sampled_sorter" && item.agent_version === 1)).toBe(true);
    expect(checks[0].triage_reason).toBe("Spot check: 1 in 2 of completed runs of sampled_sorter v1");
    const counters = (await sql("SELECT agent_type, completed_runs, sampled_runs FROM spot_check_counters WHERE organization_id = $1 AND agent_type <> 'ap_specialist'", [orgId])).rows;
    expect(counters).toEqual([{ agent_type: "sampled_sorter", completed_runs: 6, sampled_runs: 3 }]);
  }, 120_000);
});

describe("decisions by kind", () => {
  it("a verdict on a review answers 409; approve, reject, request changes and bulk on a spot check answer 409; the kind filter", async () => {
    const waiting = await settled(await postRun({ agent_type: "ap_specialist", task: "Unmatched", data: UNMATCHED_AP }));
    expect(waiting.run.status).toBe("pending_triage");
    expect(waiting.triage_item.kind).toBe("review");
    const onReview = await api("POST", `/v1/triage/${waiting.triage_item.id}/verdict`, { verdict: "correct" });
    expect(onReview.status).toBe(409);
    expect(JSON.stringify(onReview.body)).toMatch(/approve, reject or request changes/);

    const [spot] = await spotChecks("&status=pending");
    for (const [path, body] of [
      ["approve", {}],
      ["reject", { reason: "no" }],
      ["request-changes", { feedback: "again" }],
    ] as const) {
      const refused = await api("POST", `/v1/triage/${spot.id}/${path}`, body);
      expect(refused.status, path).toBe(409);
      expect(JSON.stringify(refused.body), path).toMatch(/verdict/);
    }
    const bulk = await api("POST", "/v1/triage/bulk", { decision: "approve", ids: [spot.id] });
    expect(bulk.body.results).toEqual([{ id: spot.id, status: "error", error: { type: "conflict", message: expect.stringMatching(/verdict/) } }]);
    expect((await api("GET", `/v1/runs/${spot.run_id}`)).body.run.status).toBe("completed");

    const reviews = (await api("GET", "/v1/triage?kind=review&limit=100")).body.data;
    expect(reviews.map((item: any) => item.id)).toContain(waiting.triage_item.id);
    expect(reviews.every((item: any) => item.kind === "review")).toBe(true);
    const both = (await api("GET", "/v1/triage?limit=100")).body.data.map((item: any) => item.kind);
    expect(new Set(both)).toEqual(new Set(["review", "spot_check"]));
    expect((await api("GET", "/v1/triage?kind=audit")).status).toBe(400);
  });

  it("an overdue spot check has no overdue timer and is never announced as triage.overdue", async () => {
    const receiver = await receivers.start();
    const hook = await api("POST", "/v1/webhooks", { url: receiver.url, events: ["triage.overdue"] });
    expect(hook.status).toBe(201);
    const [spot] = await spotChecks("&status=pending");
    await sql("UPDATE triage_items SET due_at = now() - interval '1 minute' WHERE id = $1", [spot.id]);
    const { rows: timers } = await sql("SELECT id FROM job_runs WHERE function_id = 'announce-triage-overdue' AND payload->>'triageItemId' = $1", [spot.id]);
    expect(timers).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(0);
    await api("DELETE", `/v1/webhooks/${hook.body.data.id}`);
  });

  it("bad verdict bodies answer 400; another tenant's item 404; a claim by someone else 409 unless forced", async () => {
    const [spot] = await spotChecks("&status=pending");
    for (const body of [{}, { verdict: "maybe" }, { verdict: "incorrect", corrected_output: "text" }, { verdict: "correct", corrected_output: { a: 1 } }]) {
      const refused = await api("POST", `/v1/triage/${spot.id}/verdict`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.type).toBe("validation_error");
    }
    expect((await api("POST", "/v1/triage/not-a-uuid/verdict", { verdict: "correct" })).status).toBe(400);

    const other = await service.createOrgKey("Other Co");
    expect((await api("POST", `/v1/triage/${spot.id}/verdict`, { verdict: "correct" }, other.key)).status).toBe(404);
    expect((await api("GET", "/v1/triage?kind=spot_check", undefined, other.key)).body.data).toEqual([]);

    const { key: graceKey } = await service.cli("create-key", "--org", orgId, "--name", "Grace", "--scopes", "all", "--mode", "live");
    expect((await api("POST", `/v1/triage/${spot.id}/claim`, undefined, graceKey)).status).toBe(200);
    const held = await api("POST", `/v1/triage/${spot.id}/verdict`, { verdict: "correct" });
    expect(held.status).toBe(409);
    expect(JSON.stringify(held.body)).toMatch(/API key 'Grace' is reviewing this until \d\d:\d\d UTC/);
    const forced = await api("POST", `/v1/triage/${spot.id}/verdict`, { verdict: "correct", force: true });
    expect(forced.status).toBe(200);
    const readOnly = await service.cli("create-key", "--org", orgId, "--name", "ro", "--scopes", "triage:read", "--mode", "live");
    const [next] = await spotChecks("&status=pending");
    expect((await api("POST", `/v1/triage/${next.id}/verdict`, { verdict: "correct" }, readOnly.key)).status).toBe(403);
  });

  it("the dashboard's settings procedure: admins set built-in rates (unknown types and rates out of bounds are refused), organization.get shows them", async () => {
    const cookie = await service.signIn(orgId, "admin");
    const trpc = async (procedure: string, input: unknown, method = "POST") => {
      const base = `${service.server().baseUrl}/api/trpc/${procedure}`;
      const response =
        method === "GET"
          ? await fetch(`${base}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } })
          : await fetch(base, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(input) });
      return { status: response.status, body: await response.json() };
    };
    const updated = await trpc("organization.updateSettings", { spot_check_rates: { rfq_generator: 0.1 } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.result.data.spot_check_rates).toEqual({ ap_specialist: 0.25, rfq_generator: 0.1 });
    expect((await trpc("organization.get", {}, "GET")).body.result.data).toMatchObject({ spot_check_rates: { ap_specialist: 0.25, rfq_generator: 0.1 }, triage_sla_minutes: 240 });
    for (const rates of [{ sampled_sorter: 0.5 }, { ap_specialist: 1.5 }, { ap_specialist: -1 }]) {
      expect((await trpc("organization.updateSettings", { spot_check_rates: rates })).status, JSON.stringify(rates)).toBe(400);
    }
    expect((await trpc("organization.updateSettings", {})).status).toBe(400);
    const reviewer = await service.signIn(orgId, "reviewer");
    const refused = await fetch(`${service.server().baseUrl}/api/trpc/organization.updateSettings`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: reviewer },
      body: JSON.stringify({ spot_check_rates: { ap_specialist: 1 } }),
    });
    expect(refused.status).toBe(403);

    // The CLI refuses what the procedure refuses.
    await expect(service.cli("set-spot-check-rate", "--org", orgId, "--agent", "sampled_sorter", "--rate", "0.5")).rejects.toThrow(/built-in/);
    await expect(service.cli("set-spot-check-rate", "--org", orgId, "--agent", "ap_specialist", "--rate", "2")).rejects.toThrow(/between 0 and 1/);
  });
});
