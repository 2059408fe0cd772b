// Canary rollouts (docs/api-conventions.md, "Rollouts") against a server of this file's own
// with a fake OpenAI-compatible model: the counted splitter (exactly floor(n·p/100) of n
// unpinned runs, singles and batch rows; pinned runs not split), the candidate's spot checks
// at the rollout's rate, the guard rolling back on people's verdicts with its webhook sent
// once (signed) to the webhook that lists it, promote through the release gate, cancel, and
// the refusals (a second rollout, another organization's or mode's agent, a read-only key).
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { receiverSet } from "../helpers/https-receiver.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until, waitForRunSettled } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let receivers: ReturnType<typeof receiverSet>;
let orgId: string;
let key: string;

const api = (method: string, route: string, body?: unknown, withKey = key) => service.api(method, route, withKey, body);
const sql = <T = any>(text: string, values: unknown[] = []) =>
  withDatabase(service.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);
const settled = (runId: string) => waitForRunSettled((path) => api("GET", path), runId, { timeoutMs: 60_000 });

async function postRun(body: Record<string, unknown>) {
  const created = await api("POST", "/v1/run", body);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return created.body.run_id as string;
}

/** An agent whose version 1 answers "baseline" and whose version 2 (stored inactive) answers "candidate". */
async function defineAgentWithCandidate(name: string, candidate: Record<string, unknown> = {}, withKey = key) {
  const created = await api("POST", "/v1/agents", { name, instructions: "Classify the email. Version: baseline." }, withKey);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const added = await api("POST", `/v1/agents/${name}/versions`, { instructions: "Classify the email. Version: CANDIDATE.", activate: false, ...candidate }, withKey);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  expect(added.body.agent.version).toBe(1);
}

/** Waits until every guard check queued so far has finished. */
async function guardChecksDone() {
  await until("the guard's checks", async () => {
    const [row] = await sql<{ open: number }>(`SELECT count(*)::int AS open FROM job_runs WHERE function_id = 'guard-rollout' AND status NOT IN ('completed', 'failed')`);
    return row!.open === 0 ? true : undefined;
  }, 60_000);
}

beforeAll(async () => {
  fake = await startFakeModelServer();
  // Each version answers with its own category, so a run's output shows which version did it.
  fake.setFallback((request) => {
    const category = JSON.stringify(request.body.messages).includes("Version: CANDIDATE") ? "candidate" : "baseline";
    return completion({ output: { category }, confidence: 0.95, needs_review: false, review_reason: null });
  });
  receivers = receiverSet(inject("certificate"));
  service = await createOwnService("rollouts");
  await service.start({
    OPENAI_BASE_URL: fake.baseUrl,
    AGENT_MODEL: "fake-model",
    AGENT_MODEL_TIMEOUT_MS: "2000",
    EXECUTOR_RETRY_BASE_MS: "50",
    NODE_EXTRA_CA_CERTS: inject("certificate").certPath,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    RATE_LIMIT_STRICT_PER_MIN: "10000",
    RATE_LIMIT_STANDARD_PER_MIN: "100000",
  });
  ({ orgId, key } = await service.createOrgKey("Canary Co"));
}, 120_000);

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
  await receivers?.closeAll();
});

describe("canary rollouts", () => {
  it("a canary at 30% sends exactly 30 of 100 unpinned runs (singles and batch rows) to the candidate; pinned runs are not split; cancel", async () => {
    await defineAgentWithCandidate("canary_sorter");

    // Refusals before anything starts.
    const { key: readKey } = await service.cli("create-key", "--org", orgId, "--name", "reader", "--scopes", "agents:read", "--mode", "live");
    const { key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "tester", "--scopes", "all", "--mode", "test");
    const other = await service.createOrgKey("Other Co");
    expect((await api("GET", "/v1/agents/canary_sorter/rollout", undefined, readKey)).status).toBe(404);
    expect((await api("POST", "/v1/agents/canary_sorter/rollout", { version: 2, percent: 30 }, readKey)).status).toBe(403);
    for (const withKey of [other.key, testKey]) {
      expect((await api("POST", "/v1/agents/canary_sorter/rollout", { version: 2, percent: 30 }, withKey)).status).toBe(404);
      expect((await api("GET", "/v1/agents/canary_sorter/rollout", undefined, withKey)).status).toBe(404);
    }
    const builtIn = await api("POST", "/v1/agents/ap_specialist/rollout", { version: 1, percent: 30 });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.type).toBe("validation_error");
    expect(JSON.stringify(builtIn.body)).toContain("built-ins are code");
    expect((await api("POST", "/v1/agents/canary_sorter/rollout", { version: 9, percent: 30 })).status).toBe(404);
    expect((await api("POST", "/v1/agents/canary_sorter/rollout", { version: 1, percent: 30 })).status).toBe(409);
    for (const percent of [0, 100, 12.5]) expect((await api("POST", "/v1/agents/canary_sorter/rollout", { version: 2, percent })).status).toBe(400);
    expect((await api("POST", "/v1/agents/canary_sorter/rollout/cancel", {})).status).toBe(409);
    expect((await api("POST", "/v1/agents/canary_sorter/rollout/promote", {})).status).toBe(409);

    const started = await api("POST", "/v1/agents/canary_sorter/rollout", { version: 2, percent: 30, min_judged: 1000, spot_check_rate: 0 });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.rollout).toMatchObject({
      agent: "canary_sorter",
      version: 2,
      baseline_version: 1,
      percent: 30,
      min_judged: 1000,
      // Nobody judged version 1: the default bar.
      min_agreement: 0.9,
      spot_check_rate: 0,
      status: "running",
      runs: 0,
      judged: 0,
      agreement_rate: null,
      baseline: { runs: 0, judged: 0, agreement_rate: null },
      gate: { passed: false },
      ended_at: null,
      reason: null,
    });
    const rolloutId = started.body.rollout.id as string;
    const second = await api("POST", "/v1/agents/canary_sorter/rollout", { version: 2, percent: 50 });
    expect(second.status).toBe(409);
    expect(second.body.type).toBe("conflict");
    // Reads with agents:read.
    expect((await api("GET", "/v1/agents/canary_sorter/rollout", undefined, readKey)).body.rollout).toMatchObject({ id: rolloutId, status: "running" });

    // The first 10 unpinned runs one after another: the 4th, 7th and 10th go to the candidate.
    const ordered: string[] = [];
    for (let index = 0; index < 10; index += 1) ordered.push(await postRun({ agent_type: "canary_sorter", task: `Email ${index}` }));
    const arms = await sql<{ id: string; rollout_arm: string; agent_version: number }>(
      "SELECT id, rollout_arm, agent_version FROM runs WHERE id = ANY($1::uuid[])",
      [ordered],
    );
    const armOf = new Map(arms.map((row) => [row.id, row]));
    expect(ordered.map((id) => armOf.get(id)!.rollout_arm)).toEqual(["baseline", "baseline", "baseline", "candidate", "baseline", "baseline", "candidate", "baseline", "baseline", "candidate"]);

    // Pinned runs, either version, in between: not split, not counted.
    const pinned = [
      ...(await Promise.all(Array.from({ length: 5 }, (_, index) => postRun({ agent_type: "canary_sorter", agent_version: 1, task: `Pinned 1-${index}` })))),
      ...(await Promise.all(Array.from({ length: 5 }, (_, index) => postRun({ agent_type: "canary_sorter", agent_version: 2, task: `Pinned 2-${index}` })))),
    ];
    // 50 more at once, and a batch of 40 rows.
    const concurrent = await Promise.all(Array.from({ length: 50 }, (_, index) => postRun({ agent_type: "canary_sorter", task: `Burst ${index}` })));
    const batch = await api("POST", "/v1/batches", { agent_type: "canary_sorter", rows: Array.from({ length: 40 }, (_, index) => ({ task: `Row ${index}` })) });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    await until("the batch to finish", async () => {
      const { body } = await api("GET", `/v1/batches/${batch.body.job.id}`);
      return body.job?.status === "completed" ? true : undefined;
    }, 90_000);
    for (const runId of [...ordered, ...pinned, ...concurrent]) expect((await settled(runId)).run.status).toBe("completed");

    const split = await sql<{ rollout_arm: string; agent_version: number; category: string; runs: number }>(
      `SELECT rollout_arm, agent_version, output->>'category' AS category, count(*)::int AS runs FROM runs
       WHERE rollout_id = $1 GROUP BY 1, 2, 3 ORDER BY 1`,
      [rolloutId],
    );
    // Exactly 30 of the 100 unpinned runs ran the candidate, and they ran it (its answer).
    expect(split).toEqual([
      { rollout_arm: "baseline", agent_version: 1, category: "baseline", runs: 70 },
      { rollout_arm: "candidate", agent_version: 2, category: "candidate", runs: 30 },
    ]);
    const batchArms = await sql<{ candidate: number }>(
      "SELECT count(*) FILTER (WHERE rollout_arm = 'candidate')::int AS candidate FROM runs WHERE batch_job_id = $1 AND rollout_id = $2",
      [batch.body.job.id, rolloutId],
    );
    expect(batchArms[0]!.candidate).toBeGreaterThan(0);
    const pinnedRows = await sql<{ rollout_id: string | null; agent_version: number; category: string }>(
      "SELECT rollout_id, agent_version, output->>'category' AS category FROM runs WHERE id = ANY($1::uuid[]) ORDER BY agent_version",
      [pinned],
    );
    expect(pinnedRows.every((row) => row.rollout_id === null)).toBe(true);
    expect(pinnedRows.map((row) => row.agent_version)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect((await sql("SELECT split_runs, candidate_runs FROM rollouts WHERE id = $1", [rolloutId]))[0]).toEqual({ split_runs: 100, candidate_runs: 30 });

    const read = (await api("GET", "/v1/agents/canary_sorter/rollout", undefined, readKey)).body.rollout;
    expect(read).toMatchObject({ status: "running", runs: 30, judged: 0, baseline: { runs: 70, judged: 0 } });
    // The quality report shows both versions while it runs; its other fields are as before.
    const quality = await api("GET", "/v1/agents/canary_sorter/quality", undefined, readKey);
    expect(quality.status).toBe(200);
    expect(quality.body).toMatchObject({
      version: 1,
      rollout: { percent: 30, candidate: { version: 2, runs: 30, judged: 0, agreement_rate: null }, baseline: { version: 1, runs: 70, judged: 0, agreement_rate: null } },
    });
    expect(quality.body.buckets).toHaveLength(10);

    // Cancel (not with a read-only key): new runs go to the active version; once only.
    expect((await api("POST", "/v1/agents/canary_sorter/rollout/cancel", {}, readKey)).status).toBe(403);
    const cancelled = await api("POST", "/v1/agents/canary_sorter/rollout/cancel", {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.rollout).toMatchObject({ id: rolloutId, status: "cancelled", runs: 30, reason: expect.stringMatching(/^cancelled by /) });
    expect(cancelled.body.rollout.ended_at).not.toBeNull();
    expect((await api("POST", "/v1/agents/canary_sorter/rollout/cancel", {})).status).toBe(409);
    const after = await Promise.all(Array.from({ length: 4 }, (_, index) => postRun({ agent_type: "canary_sorter", task: `After ${index}` })));
    expect(await sql("SELECT DISTINCT agent_version, rollout_id FROM runs WHERE id = ANY($1::uuid[])", [after])).toEqual([{ agent_version: 1, rollout_id: null }]);
    expect((await api("GET", "/v1/agents/canary_sorter/quality")).body.rollout).toBeUndefined();
    const agent = (await api("GET", "/v1/agents/canary_sorter")).body;
    expect(agent.versions.find((version: any) => version.version === 2)).toMatchObject({ active: false, latest_rollout: { status: "cancelled" } });
  }, 240_000);

  it("spot checks the candidate at the rollout's rate; rolls back after min_judged verdicts below min_agreement, announced once (signed) to the webhook that lists the event; rolled out again; promote through the gate", async () => {
    await defineAgentWithCandidate("guarded_sorter");
    const subscribed = await receivers.start();
    const unsubscribed = await receivers.start();
    const hook = await api("POST", "/v1/webhooks", { url: subscribed.url, events: ["agent.rollout.rolled_back"] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const otherHook = await api("POST", "/v1/webhooks", { url: unsubscribed.url, events: ["run.completed", "triage.overdue"] });
    expect(otherHook.status).toBe(201);

    const started = await api("POST", "/v1/agents/guarded_sorter/rollout", { version: 2, percent: 50, min_judged: 5, min_agreement: 0.8, spot_check_rate: 0.5 });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const rolloutId = started.body.rollout.id as string;

    // 20 unpinned runs: 10 to the candidate, of which exactly 5 (0.5) are spot checked; the
    // active version's rate is 0: its runs are not.
    const runIds: string[] = [];
    for (let index = 0; index < 20; index += 1) runIds.push(await postRun({ agent_type: "guarded_sorter", task: `Email ${index}` }));
    for (const runId of runIds) expect((await settled(runId)).run.status).toBe("completed");
    const checks = (await api("GET", "/v1/triage?kind=spot_check&limit=100")).body.data.filter((item: any) => item.agent_runs.agent_type === "guarded_sorter");
    expect(checks).toHaveLength(5);
    expect(checks.every((item: any) => item.agent_version === 2)).toBe(true);
    expect((await sql("SELECT completed_runs, sampled_runs FROM rollouts WHERE id = $1", [rolloutId]))[0]).toEqual({ completed_runs: 10, sampled_runs: 5 });
    expect(await sql("SELECT * FROM spot_check_counters WHERE organization_id = $1 AND agent_type = 'guarded_sorter'", [orgId])).toEqual([]);

    // Four verdicts (1 correct, 3 incorrect): fewer than min_judged, it keeps running.
    const verdicts = ["correct", "incorrect", "incorrect", "incorrect"];
    for (const [index, verdict] of verdicts.entries()) {
      const decided = await api("POST", `/v1/triage/${checks[index].id}/verdict`, { verdict });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    }
    await guardChecksDone();
    expect((await api("GET", "/v1/agents/guarded_sorter/rollout")).body.rollout).toMatchObject({ status: "running", judged: 4, agreed: 1, agreement_rate: 0.25 });
    expect(subscribed.received).toHaveLength(0);

    // The fifth: 1 of 5 agreed (0.2 < 0.8) after 5 judged: rolled back.
    expect((await api("POST", `/v1/triage/${checks[4].id}/verdict`, { verdict: "incorrect" })).status).toBe(200);
    const rolledBack = await until("the rollback", async () => {
      const { body } = await api("GET", "/v1/agents/guarded_sorter/rollout");
      return body.rollout.status === "rolled_back" ? body.rollout : undefined;
    }, 60_000);
    expect(rolledBack).toMatchObject({ id: rolloutId, judged: 5, agreed: 1, agreement_rate: 0.2, min_agreement: 0.8, reason: expect.stringMatching(/below min_agreement 80%/) });
    expect(rolledBack.ended_at).not.toBeNull();

    // Announced once, signed, to the webhook that lists the event only.
    await until("the rollback's delivery", async () => (subscribed.received.length > 0 ? true : undefined), 60_000);
    await guardChecksDone();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(subscribed.received).toHaveLength(1);
    const [delivery] = subscribed.received;
    const body = new StandardWebhook(hook.body.data.secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as any;
    expect(body).toEqual({
      id: delivery!.headers["webhook-id"],
      event: "agent.rollout.rolled_back",
      organization_id: orgId,
      timestamp: rolledBack.ended_at,
      data: { agent: "guarded_sorter", version: 2, baseline_version: 1, judged: 5, agreement_rate: 0.2, min_agreement: 0.8 },
    });
    expect(delivery!.headers["x-service-event"]).toBe("agent.rollout.rolled_back");
    expect(unsubscribed.received.some((request) => JSON.parse(request.body).event === "agent.rollout.rolled_back")).toBe(false);
    const rows = await sql("SELECT webhook_id, run_id FROM webhook_deliveries WHERE event = 'agent.rollout.rolled_back'");
    expect(rows).toEqual([{ webhook_id: hook.body.data.id, run_id: null }]);
    expect((await sql("SELECT rolled_back_notified_at IS NOT NULL AS notified FROM rollouts WHERE id = $1", [rolloutId]))[0]).toEqual({ notified: true });

    // A resend sends the same event (id and body) again.
    const log = await api("GET", `/v1/webhooks/${hook.body.data.id}/deliveries`);
    const original = log.body.data.find((each: any) => each.event === "agent.rollout.rolled_back");
    expect(original).toMatchObject({ run_id: null, status: "succeeded" });
    expect((await api("POST", `/v1/webhooks/${hook.body.data.id}/deliveries/${original.id}/resend`, {})).status).toBe(202);
    await until("the resend", async () => (subscribed.received.length > 1 ? true : undefined), 30_000);
    expect(subscribed.received[1]!.body).toBe(delivery!.body);
    expect(subscribed.received[1]!.headers["webhook-id"]).toBe(delivery!.headers["webhook-id"]);

    // New runs go to the active version.
    const after = await Promise.all(Array.from({ length: 4 }, (_, index) => postRun({ agent_type: "guarded_sorter", task: `After ${index}` })));
    expect(await sql("SELECT DISTINCT agent_version, rollout_id FROM runs WHERE id = ANY($1::uuid[])", [after])).toEqual([{ agent_version: 1, rollout_id: null }]);

    // A version that was rolled back can be rolled out again.
    const again = await api("POST", "/v1/agents/guarded_sorter/rollout", { version: 2, percent: 10 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.rollout).toMatchObject({ status: "running", version: 2, runs: 0, judged: 0 });
    expect(again.body.rollout.id).not.toBe(rolloutId);
    expect((await api("POST", "/v1/agents/guarded_sorter/rollout/cancel", {})).status).toBe(200);

    // Promote: a version whose release requires an evaluation is refused without one, forced through.
    const gated = await api("POST", "/v1/agents/guarded_sorter/versions", {
      instructions: "Classify the email. Version: CANDIDATE.",
      activate: false,
      release: { require_evaluation: true },
    });
    expect(gated.status, JSON.stringify(gated.body)).toBe(201);
    const third = await api("POST", "/v1/agents/guarded_sorter/rollout", { version: 3, percent: 20 });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(third.body.rollout.gate).toEqual({ passed: false, reasons: [expect.stringMatching(/no completed evaluation/)] });
    const refused = await api("POST", "/v1/agents/guarded_sorter/rollout/promote", {});
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe("gate_not_passed");
    expect((await api("GET", "/v1/agents/guarded_sorter/rollout")).body.rollout.status).toBe("running");
    expect((await api("GET", "/v1/agents/guarded_sorter")).body.agent.version).toBe(1);
    const promoted = await api("POST", "/v1/agents/guarded_sorter/rollout/promote", { force: true });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.rollout).toMatchObject({ version: 3, status: "promoted", reason: expect.stringMatching(/^promoted by /) });
    const agent = (await api("GET", "/v1/agents/guarded_sorter")).body;
    expect(agent.agent.version).toBe(3);
    expect(agent.versions.find((version: any) => version.version === 3)).toMatchObject({ active: true, forced: true, latest_rollout: { status: "promoted" } });
    expect((await api("POST", "/v1/agents/guarded_sorter/rollout/promote", {})).status).toBe(409);
    const promotedRun = await postRun({ agent_type: "guarded_sorter", task: "After promotion" });
    expect((await sql("SELECT agent_version, rollout_id FROM runs WHERE id = $1", [promotedRun]))[0]).toEqual({ agent_version: 3, rollout_id: null });
  }, 240_000);

  it("min_agreement defaults to the active version's agreement in the quality report less the candidate's release.max_regression", async () => {
    const created = await api("POST", "/v1/agents", { name: "judged_sorter", instructions: "Classify the email. Version: baseline.", review: { always: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const added = await api("POST", "/v1/agents/judged_sorter/versions", {
      instructions: "Classify the email. Version: CANDIDATE.",
      activate: false,
      release: { max_regression: 0.05 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // Version 1: every run goes to a person; 3 approved, 1 rejected (agreement 0.75).
    const runIds: string[] = [];
    for (let index = 0; index < 4; index += 1) runIds.push(await postRun({ agent_type: "judged_sorter", task: `Email ${index}` }));
    const items: string[] = [];
    for (const runId of runIds) {
      const waiting = await settled(runId);
      expect(waiting.run.status).toBe("pending_triage");
      items.push(waiting.triage_item.id);
    }
    expect((await api("POST", "/v1/triage/bulk", { decision: "approve", ids: items.slice(0, 3) })).body.results.every((result: any) => result.status === "approved")).toBe(true);
    expect((await api("POST", "/v1/triage/bulk", { decision: "reject", ids: items.slice(3), reason_code: "incorrect_output" })).status).toBe(200);
    const started = await api("POST", "/v1/agents/judged_sorter/rollout", { version: 2, percent: 25 });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.rollout.min_agreement).toBeCloseTo(0.7, 10);
    expect(started.body.rollout).toMatchObject({ min_judged: 20, spot_check_rate: 0.2 });
    expect((await api("POST", "/v1/agents/judged_sorter/rollout/cancel", {})).status).toBe(200);
  }, 120_000);

  it("a run refused for credits (402) is not counted by the splitter", async () => {
    const broke = await service.createOrgKey("Broke Co");
    await defineAgentWithCandidate("thrifty_sorter", {}, broke.key);
    const started = await api("POST", "/v1/agents/thrifty_sorter/rollout", { version: 2, percent: 50 }, broke.key);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const post = (task: string) => api("POST", "/v1/run", { agent_type: "thrifty_sorter", task }, broke.key);
    const remaining = async () => (await api("GET", "/v1/usage", undefined, broke.key)).body.credits_remaining as number;
    const before = await remaining();
    const first = await post("First");
    expect(first.status).toBe(202);
    const cost = before - (await remaining());
    expect(cost).toBeGreaterThan(0);
    // Leave one credit less than a run costs.
    await sql("UPDATE credit_balances SET debits = debits + $2 WHERE organization_id = $1 AND livemode", [broke.orgId, (await remaining()) - (cost - 1)]);
    expect(await remaining()).toBe(cost - 1);
    const refused = await post("Refused");
    expect(refused.status).toBe(402);
    await service.cli("topup", "--org", broke.orgId, "--credits", "100");
    const third = await post("Third");
    expect(third.status, JSON.stringify(third.body)).toBe(202);
    // n = 1 went to the active version; the refused run did not count, so the next is n = 2: the candidate.
    const arms = await sql("SELECT task, rollout_arm, agent_version FROM runs WHERE organization_id = $1 ORDER BY created_at", [broke.orgId]);
    expect(arms).toEqual([
      { task: "First", rollout_arm: "baseline", agent_version: 1 },
      { task: "Third", rollout_arm: "candidate", agent_version: 2 },
    ]);
    expect((await sql("SELECT split_runs, candidate_runs FROM rollouts WHERE id = $1", [started.body.rollout.id]))[0]).toEqual({ split_runs: 2, candidate_runs: 1 });
  }, 120_000);

  it("promote without a gate: the candidate becomes active", async () => {
    await defineAgentWithCandidate("plain_sorter");
    expect((await api("POST", "/v1/agents/plain_sorter/rollout", { version: 2, percent: 99 })).status).toBe(200);
    const promoted = await api("POST", "/v1/agents/plain_sorter/rollout/promote", {});
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.rollout).toMatchObject({ status: "promoted", version: 2, gate: { passed: false } });
    const agent = (await api("GET", "/v1/agents/plain_sorter")).body;
    expect(agent.agent.version).toBe(2);
    expect(agent.versions.find((version: any) => version.version === 2)).toMatchObject({ active: true, forced: false });
  });

  it("making another version active, or archiving the agent, ends the running canary cancelled, saying why", async () => {
    await defineAgentWithCandidate("superseded_sorter");
    expect((await api("POST", "/v1/agents/superseded_sorter/versions", { instructions: "Version three.", activate: false })).status).toBe(201);
    expect((await api("POST", "/v1/agents/superseded_sorter/rollout", { version: 2, percent: 50 })).status).toBe(200);
    // A rollback to the version already active keeps the canary: its baseline is unchanged.
    expect((await api("POST", "/v1/agents/superseded_sorter/rollback", { version: 1 })).status).toBe(200);
    expect((await api("GET", "/v1/agents/superseded_sorter/rollout")).body.rollout.status).toBe("running");
    expect((await api("POST", "/v1/agents/superseded_sorter/rollback", { version: 3 })).status).toBe(200);
    const ended = (await api("GET", "/v1/agents/superseded_sorter/rollout")).body.rollout;
    expect(ended).toMatchObject({ status: "cancelled", version: 2 });
    expect(ended.reason).toMatch(/version 3 was made active/);
    // Unpinned runs now get version 3 alone: no rollout splits them.
    const runId = await postRun({ agent_type: "superseded_sorter", task: "Route this email" });
    const [run] = await sql<{ agent_version: number; rollout_id: string | null }>("SELECT agent_version, rollout_id FROM runs WHERE id = $1", [runId]);
    expect(run).toEqual({ agent_version: 3, rollout_id: null });

    expect((await api("POST", "/v1/agents/superseded_sorter/rollout", { version: 2, percent: 50 })).status).toBe(200);
    expect((await api("DELETE", "/v1/agents/superseded_sorter")).status).toBe(200);
    const archived = (await api("GET", "/v1/agents/superseded_sorter/rollout")).body.rollout;
    expect(archived.status).toBe("cancelled");
    expect(archived.reason).toMatch(/archived/);
  });
});
