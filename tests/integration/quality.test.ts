// The quality loop's reads (docs/api-conventions.md, "Quality"): GET /v1/agents/{name}/quality
// and the corrections export, against a server of this file's own with a fake model.
// Runs with known confidences come through the API (a custom agent answering with the
// confidence its task names, and the AP agent) and are judged through the API, spot-check
// verdicts included (the end-to-end test); for volume and exact mixes, more runs and triage
// items are inserted in SQL: the endpoints under test read them like any other.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentWorkforce, NotFoundError } from "../../sdk/dist/index.js";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until, waitForRunSettled } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let orgId: string;
let key: string;
let otherKey: string;
let testKey: string;
let noScopeKey: string;

const api = (method: string, route: string, withKey: string, body?: unknown) => service.api(method, route, withKey, body);
const sql = <T = any>(text: string, values: unknown[] = []) =>
  withDatabase(service.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

beforeAll(async () => {
  fake = await startFakeModelServer();
  // The custom agent's confidence is the last one its conversation names: "… [c=0.35]" in the
  // task, and a reviewer's feedback may name the next round's ("… [c=0.95]").
  fake.setFallback((request) => {
    const confidence = Number([...JSON.stringify(request.body.messages).matchAll(/\[c=([0-9.]+)\]/g)].at(-1)?.[1] ?? "0.5");
    return completion({ output: { category: "invoice" }, confidence, needs_review: false, review_reason: null });
  });
  service = await createOwnService("quality");
  await service.start({ OPENAI_BASE_URL: fake.baseUrl, AGENT_MODEL: "fake-model", AGENT_MODEL_TIMEOUT_MS: "2000", EXECUTOR_RETRY_BASE_MS: "50",
    RATE_LIMIT_STRICT_PER_MIN: "10000",
    RATE_LIMIT_STANDARD_PER_MIN: "100000",
  });
  ({ orgId, key } = await service.createOrgKey("Quality Co"));
  ({ key: otherKey } = await service.createOrgKey("Other Co"));
  ({ key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test"));
  ({ key: noScopeKey } = await service.cli("create-key", "--org", orgId, "--name", "n", "--scopes", "agents:run,triage:read", "--mode", "live"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

const CATEGORY_SCHEMA = { type: "object", properties: { category: { type: "string" } }, required: ["category"] };

async function startRun(body: Record<string, unknown>, withKey = key): Promise<string> {
  const created = await api("POST", "/v1/run", withKey, body);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return created.body.run_id as string;
}

const settled = (runId: string) => waitForRunSettled((path) => api("GET", path, key), runId, { timeoutMs: 60_000 });

/** Starts runs of a custom agent with these confidences, waits for each: their run bodies. */
async function scoredRuns(confidence: number, count: number, agent = "scorer") {
  const ids = [];
  for (let index = 0; index < count; index++) ids.push(await startRun({ task: `Classify email ${index} [c=${confidence}]`, agent_type: agent }));
  return Promise.all(ids.map(settled));
}

/**
 * Runs of an agent straight in SQL, `count` with `confidence`, and round-0 items for the
 * first ones: `decisions` in order (review outcomes or spot-check verdicts); more runs than
 * decisions complete on their own, or wait in review (`pendingReview`).
 */
async function seedRuns(options: {
  agent: string;
  version?: number;
  confidence: number;
  count: number;
  decisions: ("approved" | "approved_edited" | "rejected" | "changes_requested" | "spot_correct" | "spot_incorrect" | "pending")[];
  livemode?: boolean;
}) {
  await withDatabase(service.databaseUrl, async (client) => {
    await client.query("BEGIN");
    for (let index = 0; index < options.count; index++) {
      const runId = randomUUID();
      const decision = options.decisions[index];
      const review = decision !== undefined && !decision.startsWith("spot");
      const status = decision === "pending" ? "pending_triage" : decision === "rejected" ? "failed" : "completed";
      await client.query(
        `INSERT INTO runs (id, organization_id, livemode, agent_type, agent_version, status, priority, task, data, confidence_score, requires_triage, output, started_at, completed_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'normal', $7, $8, $9, $10, $11, now(), now(), now())`,
        [runId, orgId, options.livemode ?? true, options.agent, options.version ?? 1, status, `seeded ${index}`, JSON.stringify({ n: index }), options.confidence, review, JSON.stringify({ category: "invoice" })],
      );
      if (decision === undefined) continue;
      const itemStatus = decision === "pending" ? "pending" : decision.startsWith("spot") ? "checked" : decision === "approved_edited" ? "approved" : decision;
      await client.query(
        `INSERT INTO triage_items (id, organization_id, livemode, run_id, round, kind, verdict, corrected_output, status, triage_reason, proposed_output, output_edited, agent_version, resolved_at, confidence_score)
         VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8, 'seeded', $9, $10, $11, $12, $13)`,
        [
          randomUUID(), orgId, options.livemode ?? true, runId,
          review ? "review" : "spot_check",
          decision === "spot_correct" ? "correct" : decision === "spot_incorrect" ? "incorrect" : null,
          decision === "spot_incorrect" ? JSON.stringify({ category: "complaint" }) : null,
          itemStatus,
          JSON.stringify({ category: "invoice" }),
          decision === "approved_edited",
          options.version ?? 1,
          decision === "pending" ? null : new Date(),
          options.confidence,
        ],
      );
    }
    await client.query("COMMIT");
  });
}

const repeat = <T>(value: T, count: number): T[] => Array.from({ length: count }, () => value);
const quality = (name: string, query = "", withKey = key) => api("GET", `/v1/agents/${name}/quality${query}`, withKey);

async function exportLines(name: string, query = "", withKey = key) {
  const response = await fetch(`${service.server().baseUrl}/v1/agents/${name}/corrections${query}`, { headers: { authorization: `Bearer ${withKey}` } });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get("content-type"), text, lines: response.status === 200 ? text.split("\n").filter(Boolean).map((line) => JSON.parse(line)) : [] };
}

describe("a custom agent judged through the API", () => {
  const decided: Record<string, string> = {};

  beforeAll(async () => {
    const created = await api("POST", "/v1/agents", key, {
      name: "scorer",
      instructions: "Classify the supplier email.",
      output_schema: CATEGORY_SCHEMA,
      review: { confidence_threshold: 0.6 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // 40 runs through the fake model: 0.35 and 0.55 wait for review (threshold 0.6), 0.75 and 0.95 complete.
    const low = await scoredRuns(0.35, 10);
    const middle = await scoredRuns(0.55, 10);
    const high = [...(await scoredRuns(0.75, 10)), ...(await scoredRuns(0.95, 10))];
    for (const body of [...low, ...middle]) expect(body.run).toMatchObject({ status: "pending_triage", confidence_score: expect.any(Number) });
    for (const body of high) expect(body.run.status).toBe("completed");
    expect(low[0].run.confidence_score).toBe(0.35);

    const judge = async (body: any, decision: string) => {
      const item = body.triage_item.id;
      const response =
        decision === "approved"
          ? await api("POST", `/v1/triage/${item}/approve`, key, {})
          : decision === "approved_edited"
            ? await api("POST", `/v1/triage/${item}/approve`, key, { output: { category: "complaint" } })
            : decision === "rejected"
              ? await api("POST", `/v1/triage/${item}/reject`, key, { reason: "not an invoice", reason_code: "incorrect_output" })
              : await api("POST", `/v1/triage/${item}/request-changes`, key, { feedback: "It is a complaint" });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      decided[body.run.id] = decision;
    };
    // 0.35: 1 approved, 2 edited, 3 sent back, 4 rejected: 1 of 10 agreed.
    const lowPlan = ["approved", ...repeat("approved_edited", 2), ...repeat("changes_requested", 3), ...repeat("rejected", 4)];
    // 0.55: 6 approved, 2 edited, 1 rejected, 1 left pending: 6 of 9 agreed.
    const middlePlan = [...repeat("approved", 6), ...repeat("approved_edited", 2), "rejected"];
    for (const [index, decision] of lowPlan.entries()) await judge(low[index], decision);
    for (const [index, decision] of middlePlan.entries()) await judge(middle[index], decision);

    // Spot checks on runs that completed on their own (their endpoint is another's work): 0.75: 4 correct, 1 incorrect; 0.95: 5 correct.
    const spot = async (runId: string, verdict: "correct" | "incorrect") => {
      await sql(
        `INSERT INTO triage_items (id, organization_id, livemode, run_id, round, kind, verdict, corrected_output, status, triage_reason, proposed_output, agent_version, resolved_at, feedback, confidence_score)
         SELECT $1, organization_id, livemode, id, 0, 'spot_check', $2, $3, 'checked', 'spot check', output, agent_version, now(), $4, confidence_score FROM runs WHERE id = $5`,
        [randomUUID(), verdict, verdict === "incorrect" ? JSON.stringify({ category: "complaint" }) : null, verdict === "incorrect" ? "a complaint" : null, runId],
      );
      decided[runId] = verdict === "correct" ? "spot_correct" : "spot_incorrect";
    };
    for (const [index, body] of high.slice(0, 5).entries()) await spot(body.run.id, index === 0 ? "incorrect" : "correct");
    for (const body of high.slice(10, 15)) await spot(body.run.id, "correct");
  }, 180_000);

  it("counts the runs, the outcomes of their first decisions and the agreement per band", async () => {
    const { status, body } = await quality("scorer");
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      agent: "scorer",
      version: 1,
      runs: 40,
      completed_on_own: 20,
      sent_to_review: 20,
      outcomes: { approved: 7, approved_edited: 4, changes_requested: 3, rejected: 5, spot_correct: 9, spot_incorrect: 1 },
    });
    expect(body.buckets).toHaveLength(10);
    expect(body.buckets.map((bucket: any) => [bucket.min, bucket.max])).toEqual(Array.from({ length: 10 }, (_, index) => [index / 10, (index + 1) / 10]));
    const band = (min: number) => body.buckets.find((bucket: any) => bucket.min === min);
    expect(band(0.3)).toEqual({ min: 0.3, max: 0.4, runs: 10, judged: 10, agreed: 1, agreement_rate: 0.1 });
    expect(band(0.5)).toEqual({ min: 0.5, max: 0.6, runs: 10, judged: 9, agreed: 6, agreement_rate: 6 / 9 });
    expect(band(0.7)).toEqual({ min: 0.7, max: 0.8, runs: 10, judged: 5, agreed: 4, agreement_rate: 0.8 });
    expect(band(0.9)).toEqual({ min: 0.9, max: 1, runs: 10, judged: 5, agreed: 5, agreement_rate: 1 });
    expect(band(0)).toEqual({ min: 0, max: 0.1, runs: 0, judged: 0, agreed: 0, agreement_rate: null });
    // 29 judged, but no threshold has 20 judged runs at or above it that agree 95% of the time.
    expect(body.threshold).toMatchObject({ current: 0.6, recommended: null, target_agreement: 0.95, review_rate_now: 0.5, review_rate_at_recommended: null });
    expect(body.threshold.reason).toMatch(/No threshold reaches/);
  });

  it("recommends the lowest threshold whose judged runs above it reach the target, with enough of them", async () => {
    // Volume in SQL: 0.45 (all sent to review: 40 approved, 20 rejected, 40 waiting),
    // 0.65 (30 spot-checked: 27 correct) and 0.85 (30 spot-checked, all correct).
    await seedRuns({ agent: "scorer", confidence: 0.45, count: 100, decisions: [...repeat("approved" as const, 40), ...repeat("rejected" as const, 20), ...repeat("pending" as const, 40)] });
    await seedRuns({ agent: "scorer", confidence: 0.65, count: 100, decisions: [...repeat("spot_correct" as const, 27), ...repeat("spot_incorrect" as const, 3)] });
    await seedRuns({ agent: "scorer", confidence: 0.85, count: 100, decisions: repeat("spot_correct" as const, 30) });

    const { body } = await quality("scorer");
    expect(body.runs).toBe(340);
    // At or above 0.7: 40 judged, 39 agreed (97.5%); at or above 0.6: 66 of 70 (94.3%).
    expect(body.threshold).toEqual({ current: 0.6, recommended: 0.7, target_agreement: 0.95, review_rate_now: 120 / 340, review_rate_at_recommended: 220 / 340 });
    // A lower target: at or above 0.5, 72 of 79 (91.1%) agreed; at or above 0.4, 112 of 139.
    const lower = await quality("scorer", "?target_agreement=0.9");
    expect(lower.body.threshold).toMatchObject({ recommended: 0.5, target_agreement: 0.9, review_rate_at_recommended: 110 / 340 });
    expect((await quality("scorer", "?target_agreement=1")).body.threshold.recommended).toBe(0.8);
  });

  it("reports one version at a time, and the period's runs only", async () => {
    const added = await api("POST", "/v1/agents/scorer/versions", key, { instructions: "V2", output_schema: CATEGORY_SCHEMA, review: { confidence_threshold: 0.8 } });
    expect(added.status).toBe(201);
    const second = await quality("scorer");
    expect(second.body).toMatchObject({ version: 2, runs: 0, threshold: { current: 0.8, recommended: null } });
    expect(second.body.threshold.reason).toMatch(/Only 0 runs were judged/);
    const first = await quality("scorer", "?version=1");
    expect(first.body).toMatchObject({ version: 1, runs: 340, threshold: { current: 0.6 } });

    const future = await quality("scorer", "?version=1&from=2090-01-01&to=2090-02-01T00:00:00Z");
    expect(future.body).toMatchObject({ runs: 0, period: { from: "2090-01-01T00:00:00.000Z", to: "2090-02-01T00:00:00.000Z" } });
    const past = await quality("scorer", `?version=1&from=2020-01-01&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(past.body.runs).toBe(340);
  });

  it("exports one line per judged run with the proposal, the final output and the decision", async () => {
    const exported = await exportLines("scorer");
    expect(exported.status).toBe(200);
    expect(exported.contentType).toContain("application/x-ndjson");
    expect(exported.text.endsWith("\n")).toBe(true);
    // 29 judged through the API and spot checks, 120 seeded; the 40 waiting and the unjudged are not lines.
    expect(exported.lines).toHaveLength(29 + 40 + 20 + 30 + 30);
    for (const line of exported.lines) {
      expect(Object.keys(line).sort()).toEqual(["agent_version", "data", "decision", "feedback", "final_output", "judged_at", "proposed_output", "reason_code", "run_id", "task"]);
    }
    const byRun = Object.fromEntries(exported.lines.map((line: any) => [line.run_id, line]));
    for (const [runId, decision] of Object.entries(decided)) expect(byRun[runId]?.decision, runId).toBe(decision);
    const edited = exported.lines.find((line: any) => line.decision === "approved_edited" && decided[line.run_id]);
    expect(edited).toMatchObject({ agent_version: 1, proposed_output: { category: "invoice" }, final_output: { category: "complaint" }, task: expect.stringContaining("[c=0.35]") });
    const rejected = exported.lines.find((line: any) => line.decision === "rejected" && decided[line.run_id]);
    expect(rejected).toMatchObject({ final_output: null, reason_code: "incorrect_output" });
    const sentBack = exported.lines.find((line: any) => line.decision === "changes_requested");
    expect(sentBack.feedback).toBe("It is a complaint");
    const incorrect = exported.lines.find((line: any) => line.decision === "spot_incorrect" && decided[line.run_id]);
    expect(incorrect).toMatchObject({ proposed_output: { category: "invoice" }, final_output: { category: "complaint" }, feedback: "a complaint" });
    expect(new Date(incorrect.judged_at).getTime()).toBeGreaterThan(Date.now() - 600_000);
    // The period bounds the runs.
    expect((await exportLines("scorer", "?from=2090-01-01&to=2090-02-01")).lines).toEqual([]);
  });
});

describe("end to end through the API: 200 runs, their spot checks sampled and every decision made over HTTP", () => {
  it("counts what reviewers and spot checkers said per band and recommends the threshold they support", async () => {
    const created = await api("POST", "/v1/agents", key, {
      name: "sampler",
      instructions: "Classify the supplier email.",
      output_schema: CATEGORY_SCHEMA,
      review: { confidence_threshold: 0.6, spot_check_rate: 0.5 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // 0.45 waits for review; 0.65, 0.85 and 0.95 complete, and the counted sampler sends every
    // second completed run to a spot check: 25 of each band's 50 (bands run one after another).
    const review = await scoredRuns(0.45, 50, "sampler");
    for (const confidence of [0.65, 0.85, 0.95]) await scoredRuns(confidence, 50, "sampler");

    for (const [index, body] of review.entries()) {
      const decision = index < 45 ? "approve" : "reject";
      const response = await api("POST", `/v1/triage/${body.triage_item.id}/${decision}`, key, decision === "reject" ? { reason_code: "incorrect_output" } : {});
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    const spotChecks: any[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await api("GET", `/v1/triage?kind=spot_check&limit=100&offset=${offset}`, key);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      spotChecks.push(...page.body.data.filter((item: any) => item.agent_runs.agent_type === "sampler"));
      if (page.body.data.length < 100) break;
    }
    const byBand = (confidence: number) => spotChecks.filter((item) => item.agent_runs.confidence_score === confidence);
    expect([0.65, 0.85, 0.95].map((confidence) => byBand(confidence).length)).toEqual([25, 25, 25]);
    // Verdicts: 0.65 agrees 20 of 25, 0.85 24 of 25, 0.95 25 of 25.
    const incorrect = new Set([...byBand(0.65).slice(0, 5), ...byBand(0.85).slice(0, 1)].map((item) => item.id));
    for (const item of spotChecks) {
      const verdict = incorrect.has(item.id) ? { verdict: "incorrect", corrected_output: { category: "complaint" } } : { verdict: "correct" };
      const response = await api("POST", `/v1/triage/${item.id}/verdict`, key, verdict);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }

    const { status, body } = await quality("sampler");
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      runs: 200,
      completed_on_own: 150,
      sent_to_review: 50,
      outcomes: { approved: 45, approved_edited: 0, changes_requested: 0, rejected: 5, spot_correct: 69, spot_incorrect: 6 },
    });
    const band = (min: number) => body.buckets.find((bucket: any) => bucket.min === min);
    expect(band(0.4)).toMatchObject({ runs: 50, judged: 50, agreed: 45, agreement_rate: 0.9 });
    expect(band(0.6)).toMatchObject({ runs: 50, judged: 25, agreed: 20, agreement_rate: 0.8 });
    expect(band(0.8)).toMatchObject({ runs: 50, judged: 25, agreed: 24, agreement_rate: 0.96 });
    expect(band(0.9)).toMatchObject({ runs: 50, judged: 25, agreed: 25, agreement_rate: 1 });
    // At or above 0.7: 50 judged, 49 agreed (98%); at or above 0.6: 69 of 75 (92%) falls short.
    expect(body.threshold).toMatchObject({ current: 0.6, recommended: 0.7, target_agreement: 0.95, review_rate_now: 0.25, review_rate_at_recommended: 0.5 });
    // The export has one line per judged run: 50 reviews and 75 spot checks.
    const exported = await exportLines("sampler");
    expect(exported.lines).toHaveLength(125);
  }, 240_000);
});

describe("runs that went through two review rounds at different confidences", () => {
  it("counts each decided round once, in the band of that round's own confidence, and the steps show each round's", async () => {
    // Every run waits for a person (review.always); the fake model answers each round with the
    // last confidence its conversation names, so the reviewer's feedback sets the next round's.
    const created = await api("POST", "/v1/agents", key, {
      name: "reviser",
      instructions: "Classify the supplier email.",
      output_schema: CATEGORY_SCHEMA,
      review: { always: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const firstRounds = await scoredRuns(0.45, 3, "reviser");
    for (const body of firstRounds) expect(body).toMatchObject({ run: { status: "pending_triage", confidence_score: 0.45 }, triage_item: { round: 0, confidence_score: 0.45 } });

    // Sent back at 0.45; the next rounds answer at 0.95, 0.95 and 0.75.
    const nextConfidence = [0.95, 0.95, 0.75];
    for (const [index, body] of firstRounds.entries()) {
      const sent = await api("POST", `/v1/triage/${body.triage_item.id}/request-changes`, key, { feedback: `It is a complaint [c=${nextConfidence[index]}]` });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const secondRounds = await Promise.all(
      firstRounds.map((body) =>
        until(`run ${body.run.id} to wait in round 1`, async () => {
          const { body: current } = await api("GET", `/v1/runs/${body.run.id}`, key);
          return current.run.status === "pending_triage" && current.triage_item?.round === 1 ? current : undefined;
        }, 60_000),
      ),
    );
    expect(secondRounds.map((body) => [body.run.confidence_score, body.triage_item.confidence_score])).toEqual([[0.95, 0.95], [0.95, 0.95], [0.75, 0.75]]);
    // The two 0.95 rounds approved as proposed, the 0.75 one rejected.
    expect((await api("POST", `/v1/triage/${secondRounds[0].triage_item.id}/approve`, key, {})).status).toBe(200);
    expect((await api("POST", `/v1/triage/${secondRounds[1].triage_item.id}/approve`, key, {})).status).toBe(200);
    expect((await api("POST", `/v1/triage/${secondRounds[2].triage_item.id}/reject`, key, { reason_code: "incorrect_output" })).status).toBe(200);

    const { status, body } = await quality("reviser");
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ runs: 3, sent_to_review: 3, completed_on_own: 0, outcomes: { changes_requested: 3, approved: 2, rejected: 1, approved_edited: 0 } });
    const band = (min: number) => body.buckets.find((bucket: any) => bucket.min === min);
    // The requests for changes are disagreements at 0.45, not at the later rounds' 0.95 and 0.75.
    expect(band(0.4)).toEqual({ min: 0.4, max: 0.5, runs: 0, judged: 3, agreed: 0, agreement_rate: 0 });
    expect(band(0.9)).toEqual({ min: 0.9, max: 1, runs: 2, judged: 2, agreed: 2, agreement_rate: 1 });
    expect(band(0.7)).toEqual({ min: 0.7, max: 0.8, runs: 1, judged: 1, agreed: 0, agreement_rate: 0 });

    // The triage list carries each round's own confidence beside the run's.
    const listed = await api("GET", "/v1/triage?status=resolved&limit=100", key);
    const decidedRound = (runId: string) => listed.body.data.find((item: any) => item.run_id === runId);
    expect(firstRounds.map((body) => decidedRound(body.run.id)).map((item: any) => [item.round, item.status, item.confidence_score, item.agent_runs.confidence_score])).toEqual([
      [1, "approved", 0.95, 0.95],
      [1, "approved", 0.95, 0.95],
      [1, "rejected", 0.75, 0.75],
    ]);

    // The steps show round 0 at 0.45 and round 1 at its own confidence.
    for (const [index, first] of firstRounds.entries()) {
      const steps = await api("GET", `/v1/runs/${first.run.id}/steps`, key);
      expect(steps.status).toBe(200);
      const agentSteps = steps.body.data.filter((step: any) => step.type === "agent");
      expect(agentSteps.map((step: any) => step.detail.confidence_score)).toEqual([0.45, nextConfidence[index]]);
    }
  }, 120_000);
});

describe("the AP agent (built-in: version 1, the organization's threshold)", () => {
  const PO_3 = { number: "PO-3", vendor: "Acme Supplies", currency: "USD", total: 250, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 10, unit_price: 25 }] };
  // Each run its own invoice and order: the same invoice twice is a possible duplicate ("AP controls").
  const clean = (n: number) => ({ invoice: { ...PO_3, number: `INV-7-${n}` }, purchase_order: { ...PO_3, number: `PO-3-${n}` } });
  const mismatch = (n: number) => ({
    invoice: { number: `INV-8-${n}`, vendor: "Acme Supplies", currency: "USD", total: 300, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 12, unit_price: 25 }] },
    purchase_order: { ...PO_3, number: `PO-3-${n}` },
  });

  it("is null with the reason at 19 judged runs, and recommends once 20 agree enough", async () => {
    const runs = [];
    for (const data of [clean(1), clean(2), mismatch(3), mismatch(4)]) runs.push(await startRun({ task: "Match the invoice against the PO", agent_type: "ap_specialist", data }));
    const bodies = await Promise.all(runs.map(settled));
    expect(bodies.map((body) => body.run.confidence_score)).toEqual([0.9, 0.9, 0.5, 0.5]);
    expect((await api("POST", `/v1/triage/${bodies[2].triage_item.id}/approve`, key, {})).status).toBe(200);
    expect((await api("POST", `/v1/triage/${bodies[3].triage_item.id}/reject`, key, { reason_code: "incorrect_output" })).status).toBe(200);
    await seedRuns({ agent: "ap_specialist", confidence: 0.9, count: 17, decisions: repeat("spot_correct" as const, 17) });

    const thin = await quality("ap_specialist");
    expect(thin.body).toMatchObject({ version: 1, runs: 21, sent_to_review: 2, completed_on_own: 19, outcomes: { approved: 1, rejected: 1, spot_correct: 17 } });
    expect(thin.body.threshold).toMatchObject({ current: 0.7, recommended: null, review_rate_now: 2 / 21, review_rate_at_recommended: null });
    expect(thin.body.threshold.reason).toBe("Only 19 runs were judged in the period: a recommendation needs at least 20 judged runs at or above the threshold");

    // One more: 20 judged, 19 agreed: exactly 0.95 at a threshold of 0.0.
    await seedRuns({ agent: "ap_specialist", confidence: 0.9, count: 1, decisions: ["spot_correct"] });
    const enough = await quality("ap_specialist");
    expect(enough.body.threshold).toEqual({ current: 0.7, recommended: 0, target_agreement: 0.95, review_rate_now: 2 / 22, review_rate_at_recommended: 0 });
    expect(enough.body.buckets[9]).toMatchObject({ runs: 20, judged: 18, agreed: 18, agreement_rate: 1 });
    expect(enough.body.buckets[5]).toMatchObject({ runs: 2, judged: 2, agreed: 1, agreement_rate: 0.5 });
    // 1.0 is in the last band.
    await seedRuns({ agent: "ap_specialist", confidence: 1, count: 1, decisions: [] });
    expect((await quality("ap_specialist")).body.buckets[9].runs).toBe(21);
    expect((await exportLines("ap_specialist")).lines).toHaveLength(20);
  }, 60_000);
});

describe("the export across chunks", () => {
  it("streams every judged run once, in order, past the 500-row statements, though the runs share one created_at", async () => {
    // One statement: every run gets the same created_at (now() of the transaction), so the keyset's id breaks the ties.
    await sql(
      `WITH seeded AS (
         INSERT INTO runs (id, organization_id, livemode, agent_type, status, priority, task, output, confidence_score, updated_at)
         SELECT gen_random_uuid(), $1, true, 'rfq_generator', 'completed', 'normal', 'Quote ' || g, '{"lines":[]}'::jsonb, 0.9, now()
         FROM generate_series(1, 1201) AS g
         RETURNING id, organization_id)
       INSERT INTO triage_items (id, organization_id, livemode, run_id, kind, verdict, status, triage_reason, proposed_output, resolved_at, confidence_score)
       SELECT gen_random_uuid(), organization_id, true, id, 'spot_check', 'correct', 'checked', 'spot check', '{"lines":[]}'::jsonb, now(), 0.9 FROM seeded`,
      [orgId],
    );
    const exported = await exportLines("rfq_generator");
    expect(exported.status).toBe(200);
    expect(exported.lines).toHaveLength(1201);
    const ids = exported.lines.map((line: any) => line.run_id);
    expect(new Set(ids).size).toBe(1201);
    expect(ids).toEqual([...ids].sort());
    expect(exported.lines[0]).toMatchObject({ decision: "spot_correct", final_output: { lines: [] }, agent_version: 1 });
    expect((await quality("rfq_generator")).body).toMatchObject({ runs: 1201, completed_on_own: 1201, outcomes: { spot_correct: 1201 }, threshold: { recommended: 0 } });
  });
});

describe("refusals", () => {
  it("answers 404 for an unknown agent, another organization's or mode's agent, and an unknown version", async () => {
    for (const [route, withKey] of [
      ["/v1/agents/nobody_here/quality", key],
      ["/v1/agents/scorer/quality", otherKey],
      ["/v1/agents/scorer/quality", testKey],
      ["/v1/agents/scorer/quality?version=9", key],
      ["/v1/agents/ap_specialist/quality?version=2", key],
      // Not an agent's name at all (the property test found a NUL byte reaching the database).
      ["/v1/agents/%00/quality", key],
    ] as const) {
      const response = await api("GET", route, withKey);
      expect(response.status, route).toBe(404);
      expect(response.body.type).toBe("not_found");
    }
    for (const [name, withKey] of [["nobody_here", key], ["scorer", otherKey], ["scorer", testKey], ["%00", key], ["Bad%20Name", key]] as const) {
      const exported = await exportLines(name, "", withKey);
      expect(exported.status).toBe(404);
      expect(JSON.parse(exported.text).type).toBe("not_found");
    }
  });

  it("answers 400 typed for bad dates, an empty period, a bad version or target", async () => {
    for (const query of ["?from=yesterday", "?to=2026-13-01", "?from=2026-02-01&to=2026-01-01", "?version=0", "?version=1.5", "?target_agreement=1.5", "?target_agreement=abc", "?from=2026-01-01&from=2026-01-02"]) {
      const response = await quality("scorer", query);
      expect(response.status, query).toBe(400);
      expect(response.body.type, query).toBe("validation_error");
      const exported = await exportLines("scorer", query.startsWith("?version") || query.startsWith("?target") ? "?from=nope" : query);
      expect(exported.status, query).toBe(400);
      expect(JSON.parse(exported.text).type).toBe("validation_error");
    }
  });

  it("answers 403 without agents:read and 401 without a key", async () => {
    const refused = await quality("scorer", "", noScopeKey);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: "insufficient_scope", required: "agents:read" });
    const exported = await exportLines("scorer", "", noScopeKey);
    expect(exported.status).toBe(403);
    expect(JSON.parse(exported.text)).toMatchObject({ type: "insufficient_scope", required: "agents:read" });
    expect((await fetch(`${service.server().baseUrl}/v1/agents/scorer/corrections`)).status).toBe(401);
  });
});

describe("the SDK", () => {
  it("reads the report and iterates over the export's lines", async () => {
    const aw = new AgentWorkforce({ apiKey: key, baseUrl: service.server().baseUrl });
    const report = await aw.agents.quality("scorer", { version: 1, target_agreement: 0.9 });
    expect(report.threshold.recommended).toBe(0.5);
    const lines = [];
    for await (const line of aw.agents.corrections("scorer", { from: "2020-01-01" })) lines.push(line);
    expect(lines).toHaveLength(149);
    expect(new Set(lines.map((line) => line.run_id)).size).toBe(149);
    await expect(aw.agents.quality("nobody_here")).rejects.toBeInstanceOf(NotFoundError);
    const missing = aw.agents.corrections("nobody_here");
    await expect(missing.next()).rejects.toBeInstanceOf(NotFoundError);
  });
});
