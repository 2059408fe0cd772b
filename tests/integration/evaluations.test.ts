// Evaluations and the release gate (docs/api-conventions.md, "Evaluations"), against a server
// of this file's own and a fake OpenAI-compatible server. The judged runs (one of each kind of
// decision) are inserted in SQL, like the quality test's exact mixes: the evaluation reads them
// like any other. The fake answers by the case's task ("[c=0.9]" confidence, "[out=refund]"
// category, "[review]" needs_review, "[fail]" a 500 every time) and by the version's
// instructions ("[contrary]" always answers another category, "[slow]" answers after 800 ms).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { completion, errorResponse, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let orgId: string;
let key: string;
let otherKey: string;
let testKey: string;
let readKey: string;
let settings: Record<string, string>;

const api = (method: string, route: string, withKey: string, body?: unknown) => service.api(method, route, withKey, body);
const sql = <T = any>(text: string, values: unknown[] = []) =>
  withDatabase(service.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

const CATEGORY_SCHEMA = { type: "object", properties: { category: { type: "string" } }, required: ["category"] };

beforeAll(async () => {
  fake = await startFakeModelServer();
  fake.setFallback((request) => {
    const messages = request.body.messages as { role: string; content: string }[];
    const system = messages.find((message) => message.role === "system")?.content ?? "";
    const user = messages.filter((message) => message.role === "user").map((message) => message.content).join("\n");
    if (user.includes("[fail]")) return errorResponse(500, "the model is down");
    const delayMs = system.includes("[slow]") ? 800 : 0;
    if (system.includes("[contrary]")) return { ...completion({ output: { category: "spam" }, confidence: 0.99, needs_review: false, review_reason: null }), delayMs };
    const confidence = Number(/\[c=([0-9.]+)\]/.exec(user)?.[1] ?? "0.9");
    const category = /\[out=([a-z]+)\]/.exec(user)?.[1] ?? "invoice";
    const review = user.includes("[review]");
    return { ...completion({ output: { category }, confidence, needs_review: review, review_reason: review ? "unsure" : null }), delayMs };
  });
  service = await createOwnService("evaluations");
  settings = {
    OPENAI_BASE_URL: fake.baseUrl,
    AGENT_MODEL: "fake-model",
    AGENT_MODEL_TIMEOUT_MS: "3000",
    EXECUTOR_RETRY_BASE_MS: "20",
    // A killed server's cases are reclaimed by the next one after this lease.
    EXECUTOR_LEASE_MS: "2000",
    RATE_LIMIT_STRICT_PER_MIN: "10000",
    RATE_LIMIT_STANDARD_PER_MIN: "100000",
  };
  await service.start(settings);
  ({ orgId, key } = await service.createOrgKey("Evaluations Co"));
  ({ key: otherKey } = await service.createOrgKey("Other Co"));
  ({ key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test"));
  ({ key: readKey } = await service.cli("create-key", "--org", orgId, "--name", "r", "--scopes", "agents:read", "--mode", "live"));
}, 180_000);

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

type TDecision =
  | { kind: "review"; status: "approved" | "rejected" | "changes_requested"; edited?: boolean; round?: number }
  | { kind: "spot_check"; verdict: "correct" | "incorrect"; corrected?: Record<string, unknown> };

/** One run of `agent` version 1 created `minutesAgo`, with its decided triage items, in SQL. */
async function seedRun(options: {
  org?: string;
  livemode?: boolean;
  agent: string;
  task: string;
  output: Record<string, unknown>;
  minutesAgo: number;
  decisions: TDecision[];
  status?: string;
}) {
  const runId = randomUUID();
  const rounds = options.decisions.filter((decision) => decision.kind === "review").length;
  const last = options.decisions.at(-1);
  const status = options.status ?? (last?.kind === "review" && last.status === "rejected" ? "failed" : "completed");
  await withDatabase(service.databaseUrl, async (client) => {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO runs (id, organization_id, livemode, agent_type, agent_version, status, priority, task, data, confidence_score, requires_triage, output, review_round, started_at, completed_at, updated_at, created_at)
       VALUES ($1, $2, $3, $4, 1, $5, 'normal', $6, $7, 0.8, $8, $9, $10, now(), now(), now(), now() - make_interval(mins => $11))`,
      [runId, options.org ?? orgId, options.livemode ?? true, options.agent, status, options.task, JSON.stringify({ ref: options.task }), rounds > 0,
        JSON.stringify(options.output), Math.max(0, rounds - 1), options.minutesAgo],
    );
    for (const [index, decision] of options.decisions.entries()) {
      const review = decision.kind === "review";
      await client.query(
        `INSERT INTO triage_items (id, organization_id, livemode, run_id, round, kind, verdict, corrected_output, status, triage_reason, proposed_output, output_edited, agent_version, resolved_at, confidence_score, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'seeded', $10, $11, 1, now(), 0.8, now() + make_interval(secs => $12))`,
        [
          randomUUID(), options.org ?? orgId, options.livemode ?? true, runId, review ? index : 0, decision.kind,
          review ? null : decision.verdict,
          !review && decision.corrected ? JSON.stringify(decision.corrected) : null,
          review ? decision.status : "checked",
          JSON.stringify({ category: "invoice" }),
          review ? Boolean(decision.edited) : false,
          index,
        ],
      );
    }
    await client.query("COMMIT");
  });
  return runId;
}

const approved: TDecision = { kind: "review", status: "approved" };
const rejected: TDecision = { kind: "review", status: "rejected" };

/**
 * The judged runs of `agent`, newest first, and what version 2 (which answers by task) makes of each:
 * 11 cases: 7 agreed, 2 disagreed, 1 sent to review, 1 the service fails.
 */
async function seedJudgedRuns(agent: string, org = orgId) {
  const plan: { task: string; output?: Record<string, unknown>; decisions: TDecision[]; expect: string }[] = [
    { task: "approved, same answer [c=0.9]", decisions: [approved], expect: "agreed" },
    { task: "approved, another answer [c=0.9] [out=complaint]", decisions: [approved], expect: "disagreed" },
    { task: "approved with edits [c=0.85] [out=complaint]", output: { category: "complaint" }, decisions: [{ kind: "review", status: "approved", edited: true }], expect: "agreed" },
    {
      task: "sent back, then approved [c=0.95] [out=refund]",
      output: { category: "refund" },
      decisions: [{ kind: "review", status: "changes_requested" }, { kind: "review", status: "approved" }],
      expect: "agreed",
    },
    { task: "rejected, version unsure [c=0.3]", decisions: [rejected], expect: "agreed" },
    { task: "rejected, version sure [c=0.9]", decisions: [rejected], expect: "disagreed" },
    { task: "spot check correct [c=0.75]", decisions: [{ kind: "spot_check", verdict: "correct" }], expect: "agreed" },
    { task: "spot check corrected [c=0.9] [out=complaint]", decisions: [{ kind: "spot_check", verdict: "incorrect", corrected: { category: "complaint" } }], expect: "agreed" },
    { task: "spot check incorrect, no correction [c=0.9] [review]", decisions: [{ kind: "spot_check", verdict: "incorrect" }], expect: "agreed" },
    { task: "approved, version unsure [c=0.4]", decisions: [approved], expect: "sent_to_review" },
    { task: "approved, the model is down [fail]", decisions: [approved], expect: "failed" },
  ];
  const runIds: string[] = [];
  for (const [index, row] of plan.entries()) {
    runIds.push(await seedRun({ org, agent, task: row.task, output: row.output ?? { category: "invoice" }, minutesAgo: 10 + index, decisions: row.decisions }));
  }
  // Not cases: the last decision sent it back and nobody decided the next round; nobody judged it; the other mode's run.
  await seedRun({ org, agent, task: "sent back, next round undecided", output: { category: "invoice" }, minutesAgo: 5, decisions: [{ kind: "review", status: "changes_requested" }], status: "pending_triage" });
  await seedRun({ org, agent, task: "never judged", output: { category: "invoice" }, minutesAgo: 6, decisions: [] });
  await seedRun({ org, agent, task: "test mode", output: { category: "invoice" }, minutesAgo: 7, decisions: [approved], livemode: false });
  return { runIds, plan };
}

const TERMINAL = ["completed", "failed", "cancelled"];

async function finished(agent: string, id: string, withKey = key) {
  return until(
    `evaluation ${id} to end`,
    async () => {
      const response = await api("GET", `/v1/agents/${agent}/evaluations/${id}`, withKey);
      return TERMINAL.includes(response.body.evaluation?.status) && response.body.evaluation.completed_cases + response.body.evaluation.failed_cases >= response.body.evaluation.cases
        ? response.body.evaluation
        : null;
    },
    90_000,
    100,
  );
}

async function createAgent(name: string, withKey = key, extra: Record<string, unknown> = {}) {
  const created = await api("POST", "/v1/agents", withKey, {
    name,
    instructions: "Classify the supplier email.",
    output_schema: CATEGORY_SCHEMA,
    review: { confidence_threshold: 0.6 },
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

async function addVersion(name: string, body: Record<string, unknown>) {
  const created = await api("POST", `/v1/agents/${name}/versions`, key, {
    instructions: "Classify the supplier email.",
    output_schema: CATEGORY_SCHEMA,
    review: { confidence_threshold: 0.6 },
    activate: false,
    ...body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const ledger = (evaluationId: string) =>
  sql<{ amount: number; reason: string }>("SELECT amount, reason FROM credit_ledger WHERE evaluation_id = $1 ORDER BY sequence", [evaluationId]);

describe("an evaluation over judged runs of every kind, and the release gate", () => {
  let plan: Awaited<ReturnType<typeof seedJudgedRuns>>;
  let evaluation: any;

  beforeAll(async () => {
    await createAgent("grader");
    plan = await seedJudgedRuns("grader");
    // Version 2 answers by task; version 3 always answers another category. Neither is active.
    const second = await addVersion("grader", { release: { require_evaluation: true, min_cases: 5, max_regression: 0.02 } });
    // Stored, not made active: the agent still runs version 1.
    expect(second.agent.version).toBe(1);
    await addVersion("grader", { instructions: "Classify the supplier email. [contrary]", release: { require_evaluation: true, min_cases: 20 } });
  }, 120_000);

  it("refuses to make a version that requires an evaluation active before it has one", async () => {
    const refused = await api("POST", "/v1/agents/grader/rollback", key, { version: 2 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.type).toBe("gate_not_passed");
    expect(refused.body.reasons.join(" ")).toMatch(/no completed evaluation/);
  });

  it("estimates without starting anything (dry run)", async () => {
    const estimate = await api("POST", "/v1/agents/grader/evaluations", key, { version: 2, dry_run: true });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body).toEqual({ cases: 11, credits: 110 });
    const limited = await api("POST", "/v1/agents/grader/evaluations", key, { version: 2, dry_run: true, limit: 3 });
    expect(limited.body).toEqual({ cases: 3, credits: 30 });
    const listed = await api("GET", "/v1/agents/grader/evaluations", key);
    expect(listed.body.total).toBe(0);
  });

  it("replays every case, counts the outcomes and bands, charges the cases and refunds the one the service failed", async () => {
    const started = await api("POST", "/v1/agents/grader/evaluations", key, { version: 2 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.evaluation).toMatchObject({ agent: "grader", version: 2, baseline_version: 1, cases: 11, credits: 110 });
    expect(["queued", "running"]).toContain(started.body.evaluation.status);
    evaluation = await finished("grader", started.body.evaluation.id);

    expect(evaluation).toMatchObject({
      status: "completed",
      cases: 11,
      completed_cases: 10,
      agreed: 7,
      disagreed: 2,
      sent_to_review: 1,
      failed_cases: 1,
      agreement_rate: 7 / 9,
      review_rate: 1 / 10,
      // 12 judgements on the 11 runs of version 1 (the run sent back counts twice); 6 approved unedited or
      // checked correct; 8 of the 11 runs went to review first (the spot-checked ones completed on their own).
      baseline: { version: 1, agreement_rate: 6 / 12, review_rate: 8 / 11 },
      gate: { passed: true, reasons: [] },
      credits: 100,
      completed_at: expect.any(String),
    });
    const band = (min: number) => evaluation.by_band.find((each: any) => each.min === min);
    expect(evaluation.by_band).toHaveLength(10);
    expect(band(0.9)).toEqual({ min: 0.9, max: 1, cases: 6, agreed: 4, disagreed: 2, sent_to_review: 0 });
    expect(band(0.8)).toEqual({ min: 0.8, max: 0.9, cases: 1, agreed: 1, disagreed: 0, sent_to_review: 0 });
    expect(band(0.7)).toEqual({ min: 0.7, max: 0.8, cases: 1, agreed: 1, disagreed: 0, sent_to_review: 0 });
    expect(band(0.4)).toEqual({ min: 0.4, max: 0.5, cases: 1, agreed: 0, disagreed: 0, sent_to_review: 1 });
    expect(band(0.3)).toEqual({ min: 0.3, max: 0.4, cases: 1, agreed: 1, disagreed: 0, sent_to_review: 0 });
    expect(band(0.0).cases).toBe(0);

    // One charge of 11 cases × 10 credits, one refund of the failed case.
    expect(await ledger(evaluation.id)).toEqual([
      { amount: -110, reason: "evaluation" },
      { amount: 10, reason: "refund" },
    ]);

    // It is not a run: no runs, triage items or deliveries were added.
    const [counts] = await sql("SELECT (SELECT count(*) FROM runs WHERE organization_id = $1)::int AS runs, (SELECT count(*) FROM triage_items WHERE organization_id = $1)::int AS items", [orgId]);
    expect(counts).toEqual({ runs: 14, items: 14 });
  }, 120_000);

  it("lists the cases by position (newest run first) with what people expected, the output and the differences", async () => {
    const page = await api("GET", `/v1/agents/grader/evaluations/${evaluation.id}/cases?limit=100`, key);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.total).toBe(11);
    expect(page.body.data.map((row: any) => row.run_id)).toEqual(plan.runIds);
    const outcomes = page.body.data.map((row: any) => (row.status === "failed" ? "failed" : row.outcome));
    expect(outcomes).toEqual(plan.plan.map((row) => row.expect));
    expect(page.body.data[1]).toMatchObject({ outcome: "disagreed", expected: { output: { category: "invoice" } }, output: { category: "complaint" }, differences: ["/category"], confidence: 0.9 });
    expect(page.body.data[0]).toMatchObject({ outcome: "agreed", differences: [], sent_to_review: false });
    expect(page.body.data[4]).toMatchObject({ outcome: "agreed", expected: { review: true }, sent_to_review: true });
    expect(page.body.data[7]).toMatchObject({ outcome: "agreed", expected: { output: { category: "complaint" } } });
    expect(page.body.data[10]).toMatchObject({ status: "failed", outcome: null, error: expect.stringMatching(/gave up|failed/) });
    const disagreed = await api("GET", `/v1/agents/grader/evaluations/${evaluation.id}/cases?outcome=disagreed`, key);
    expect(disagreed.body.total).toBe(2);
  });

  it("keeps refusing a version whose evaluation failed the gate, with the reasons; force overrides and is recorded", async () => {
    const started = await api("POST", "/v1/agents/grader/evaluations", key, { version: 3 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const contrary = await finished("grader", started.body.evaluation.id);
    expect(contrary).toMatchObject({ status: "completed", agreed: 0, disagreed: 10, failed_cases: 1, agreement_rate: 0 });
    expect(contrary.gate.passed).toBe(false);
    expect(contrary.gate.reasons.join(" ")).toMatch(/10 judged cases, fewer than release.min_cases \(20\)/);
    expect(contrary.gate.reasons.join(" ")).toMatch(/agreement 0% is below the baseline/);

    const refused = await api("POST", "/v1/agents/grader/rollback", key, { version: 3 });
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe("gate_not_passed");
    expect(refused.body.reasons).toEqual(contrary.gate.reasons);

    // Version 2 passed: it can go live.
    const promoted = await api("POST", "/v1/agents/grader/rollback", key, { version: 2 });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);

    const forced = await api("POST", "/v1/agents/grader/rollback", key, { version: 3, force: true });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    const agent = await api("GET", "/v1/agents/grader", key);
    const versions = agent.body.versions;
    expect(agent.body.agent.version).toBe(3);
    expect(versions.find((each: any) => each.version === 3)).toMatchObject({ active: true, forced: true });
    expect(versions.find((each: any) => each.version === 2)).toMatchObject({ forced: false, latest_evaluation: { id: evaluation.id, status: "completed", gate: { passed: true } } });

    const listed = await api("GET", "/v1/agents/grader/evaluations", key);
    expect(listed.body.total).toBe(2);
    expect(listed.body.data.map((each: any) => each.version)).toEqual([3, 2]);
    const onlyTwo = await api("GET", "/v1/agents/grader/evaluations?version=2", key);
    expect(onlyTwo.body.data.map((each: any) => each.id)).toEqual([evaluation.id]);
  }, 120_000);
});

describe("cancelling", () => {
  it("cancels the cases not started and refunds them; cases running finish; a second cancel is 409", async () => {
    await createAgent("slowpoke", key, { instructions: "Classify the supplier email. [slow]" });
    for (let index = 0; index < 25; index++) await seedRun({ agent: "slowpoke", task: `case ${index} [c=0.9]`, output: { category: "invoice" }, minutesAgo: 10 + index, decisions: [approved] });
    const started = await api("POST", "/v1/agents/slowpoke/evaluations", key, { version: 1 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.evaluation.id;
    const cancelled = await api("POST", `/v1/agents/slowpoke/evaluations/${id}/cancel`, key);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.evaluation.status).toBe("cancelled");

    // The running ones (at most 10 at a time) finish and are recorded; nothing is left pending or running.
    const settled = await until("the running cases to finish", async () => {
      const rows = await sql<{ status: string; count: number }>("SELECT status, count(*)::int AS count FROM evaluation_cases WHERE evaluation_id = $1 GROUP BY status", [id]);
      return rows.some((row) => row.status === "pending" || row.status === "running") ? null : rows;
    }, 60_000);
    const cancelledCases = settled.find((row) => row.status === "cancelled")?.count ?? 0;
    const doneCases = settled.find((row) => row.status === "done")?.count ?? 0;
    expect(cancelledCases).toBeGreaterThanOrEqual(15);
    expect(cancelledCases + doneCases).toBe(25);

    const after = await api("GET", `/v1/agents/slowpoke/evaluations/${id}`, key);
    expect(after.body.evaluation).toMatchObject({ status: "cancelled", completed_cases: doneCases, credits: 250 - cancelledCases * 10 });
    expect(await ledger(id)).toEqual([
      { amount: -250, reason: "evaluation" },
      { amount: cancelledCases * 10, reason: "refund" },
    ]);
    const again = await api("POST", `/v1/agents/slowpoke/evaluations/${id}/cancel`, key);
    expect(again.status).toBe(409);
    expect(again.body.type).toBe("conflict");
  }, 120_000);
});

describe("who may start and read evaluations", () => {
  it("answers 404 for another organization's and the other mode's agent, 403 without agents:write, 400 for a built-in", async () => {
    await createAgent("private");
    await seedRun({ agent: "private", task: "judged [c=0.9]", output: { category: "invoice" }, minutesAgo: 3, decisions: [approved] });
    for (const withKey of [otherKey, testKey]) {
      expect((await api("POST", "/v1/agents/private/evaluations", withKey, { version: 1 })).status).toBe(404);
      expect((await api("GET", "/v1/agents/private/evaluations", withKey)).status).toBe(404);
    }
    const started = await api("POST", "/v1/agents/private/evaluations", key, { version: 1 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.evaluation.id;
    for (const withKey of [otherKey, testKey]) {
      expect((await api("GET", `/v1/agents/private/evaluations/${id}`, withKey)).status).toBe(404);
      expect((await api("GET", `/v1/agents/private/evaluations/${id}/cases`, withKey)).status).toBe(404);
      expect((await api("POST", `/v1/agents/private/evaluations/${id}/cancel`, withKey)).status).toBe(404);
    }
    // The same name in the other organization is its own agent, with no evaluation of this id.
    await createAgent("private", otherKey);
    expect((await api("GET", `/v1/agents/private/evaluations/${id}`, otherKey)).status).toBe(404);

    const read = await api("GET", `/v1/agents/private/evaluations/${id}`, readKey);
    expect(read.status).toBe(200);
    const refused = await api("POST", "/v1/agents/private/evaluations", readKey, { version: 1 });
    expect(refused.status).toBe(403);
    expect((await api("POST", `/v1/agents/private/evaluations/${id}/cancel`, readKey)).status).toBe(403);

    const builtIn = await api("POST", "/v1/agents/center/evaluations", key, { version: 1 });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.type).toBe("validation_error");
    expect(builtIn.body.message).toMatch(/built-ins are code/);
    expect((await api("POST", "/v1/agents/private/evaluations", key, { version: 9 })).status).toBe(404);
    expect((await api("GET", "/v1/agents/private/evaluations/not-an-id", key)).status).toBe(404);
    await finished("private", id);
  }, 60_000);

  it("answers 409 when the period has no judged runs, and 402 when the credits do not cover it (nothing created)", async () => {
    const empty = await api("POST", "/v1/agents/private/evaluations", key, { version: 1, to: "2020-01-01T00:00:00Z" });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toMatch(/no judged runs/);

    const { orgId: poorId, key: poorKey } = await service.createOrgKey("Poor Co");
    // 5 of the plan's 10,000 credits left this period: one case costs 10.
    await sql(
      `INSERT INTO credit_balances (organization_id, livemode, period_start, debits, refunds, topups, updated_at)
       VALUES ($1, true, date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 9995, 0, 0, now())`,
      [poorId],
    );
    await createAgent("frugal", poorKey);
    await seedRun({ org: poorId, agent: "frugal", task: "judged [c=0.9]", output: { category: "invoice" }, minutesAgo: 3, decisions: [approved] });
    const refused = await api("POST", "/v1/agents/frugal/evaluations", poorKey, { version: 1 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    expect(refused.body.type).toBe("insufficient_credits");
    expect(refused.body.credits_remaining).toBe(5);
    const [row] = await sql(
      `SELECT (SELECT count(*) FROM evaluations WHERE organization_id = $1)::int AS evaluations,
              (SELECT count(*) FROM credit_ledger WHERE organization_id = $1)::int AS entries,
              (SELECT count(*) FROM job_runs WHERE function_id = 'evaluate-case' AND payload->>'evaluationId' NOT IN (SELECT id::text FROM evaluations))::int AS orphans`,
      [poorId],
    );
    expect(row).toEqual({ evaluations: 0, entries: 0, orphans: 0 });
  }, 60_000);

  it("counts a test-mode evaluation's cases against the test-mode model-run allowance and charges nothing", async () => {
    await createAgent("sandbox", testKey);
    await seedRun({ agent: "sandbox", livemode: false, task: "judged in test mode [c=0.9]", output: { category: "invoice" }, minutesAgo: 3, decisions: [approved] });
    const [before] = await sql("SELECT coalesce(sum(runs), 0)::int AS runs FROM test_mode_model_runs WHERE organization_id = $1", [orgId]);
    const estimate = await api("POST", "/v1/agents/sandbox/evaluations", testKey, { version: 1, dry_run: true });
    expect(estimate.body).toEqual({ cases: 1, credits: 0 });
    const started = await api("POST", "/v1/agents/sandbox/evaluations", testKey, { version: 1 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.evaluation.credits).toBe(0);
    const [after] = await sql("SELECT coalesce(sum(runs), 0)::int AS runs FROM test_mode_model_runs WHERE organization_id = $1", [orgId]);
    expect(after.runs - before.runs).toBe(1);
    const done = await finished("sandbox", started.body.evaluation.id, testKey);
    expect(done).toMatchObject({ status: "completed", agreed: 1 });
    expect(await ledger(done.id)).toEqual([]);

    // The day's allowance used up (100 by default): refused with 429, nothing created or counted.
    await sql("UPDATE test_mode_model_runs SET runs = 100 WHERE organization_id = $1", [orgId]);
    const exhausted = await api("POST", "/v1/agents/sandbox/evaluations", testKey, { version: 1 });
    expect(exhausted.status, JSON.stringify(exhausted.body)).toBe(429);
    expect(exhausted.body.type).toBe("test_mode_allowance_exhausted");
    const listed = await api("GET", "/v1/agents/sandbox/evaluations", testKey);
    expect(listed.body.total).toBe(1);
  }, 60_000);
});

describe("a server killed while an evaluation runs", () => {
  it("carries on after the restart: every case counted once, charged once", async () => {
    await createAgent("sturdy", key, { instructions: "Classify the supplier email. [slow]" });
    for (let index = 0; index < 20; index++) await seedRun({ agent: "sturdy", task: `case ${index} [c=0.9]`, output: { category: "invoice" }, minutesAgo: 10 + index, decisions: [approved] });
    const started = await api("POST", "/v1/agents/sturdy/evaluations", key, { version: 1 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.evaluation.id;
    await until("a first case to finish", async () => (await sql("SELECT 1 FROM evaluation_cases WHERE evaluation_id = $1 AND status = 'done'", [id])).length > 0, 30_000);
    await service.server().stop("SIGKILL");
    await service.start(settings);
    const done = await finished("sturdy", id);
    expect(done).toMatchObject({ status: "completed", cases: 20, completed_cases: 20, agreed: 20, disagreed: 0, failed_cases: 0, credits: 200 });
    expect(await ledger(id)).toEqual([{ amount: -200, reason: "evaluation" }]);
  }, 120_000);
});
