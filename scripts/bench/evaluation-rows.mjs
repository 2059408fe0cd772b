// The evaluation row (issue 29): an evaluation of 500 cases whose model answers in 50 ms,
// against the ideal 500 × 50 ms ÷ 10 (cases run 10 at a time), and POST /v1/run of another
// organization at a steady rate while it runs, against the same rate without it. The model is
// a fake OpenAI-compatible server in this process; the judged runs are seeded with SQL.
import http from "node:http";
import autocannon from "autocannon";
import { RUN_BODY } from "./http-rows.mjs";
import { check, row } from "./report.mjs";
import { sleep } from "./target.mjs";

export const EVALUATION_CASES = 500;
export const MODEL_LATENCY_MS = 50;
const CONCURRENCY = 10;
const RUN_RATE_PER_S = Number(process.env.BENCH_EVAL_RUN_RATE ?? 100);
const RUN_LOAD_S = 3;
const CATEGORY_SCHEMA = { type: "object", properties: { category: { type: "string" } }, required: ["category"] };

/** A Chat Completions server answering every request after MODEL_LATENCY_MS with a valid custom-agent answer. */
export async function startBenchModel() {
  const answer = JSON.stringify({ output: { category: "invoice" }, confidence: 0.9, needs_review: false, review_reason: null });
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () =>
      setTimeout(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            id: "chatcmpl-bench",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: "bench-model",
            choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: answer } }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
      }, MODEL_LATENCY_MS),
    );
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}/v1`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** 500 judged (approved) runs of `agent`, seeded with SQL. */
async function seed(target, tenant, agent) {
  await target.query(
    `WITH seeded AS (
       INSERT INTO runs (id, organization_id, livemode, agent_type, agent_version, status, priority, task, data, output, confidence_score, requires_triage,
         created_at, started_at, completed_at, updated_at)
       SELECT gen_random_uuid(), $1, true, $2, 1, 'completed', 'normal', 'Classify email ' || g, jsonb_build_object('n', g), '{"category":"invoice"}'::jsonb,
         0.5, true, now() - g * interval '1 second', now(), now(), now()
       FROM generate_series(1, $3::int) AS g
       RETURNING id, organization_id, output)
     INSERT INTO triage_items (id, organization_id, livemode, run_id, round, kind, status, triage_reason, proposed_output, output_edited, agent_version, resolved_at, confidence_score)
     SELECT gen_random_uuid(), organization_id, true, id, 0, 'review', 'approved', 'bench', output, g % 3 = 0, 1, now(), 0.5
     FROM (SELECT *, row_number() OVER () AS g FROM seeded) s`,
    [tenant.orgId, agent, EVALUATION_CASES],
  );
}

async function waitForEvaluation(target, id, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [evaluation] = await target.query("SELECT status, created_at, completed_at, completed_cases, failed_cases FROM evaluations WHERE id = $1", [id]);
    if (["completed", "failed", "cancelled"].includes(evaluation.status)) return evaluation;
    if (Date.now() > deadline) throw new Error(`evaluation ${id} still ${evaluation.status} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** POST /v1/run at a steady rate for `seconds`: latency of another organization's acceptance. */
async function runLoad(target, tenant, seconds) {
  const result = await autocannon({
    url: `${target.server.baseUrl}/v1/run`,
    method: "POST",
    headers: tenant.headers,
    body: JSON.stringify(RUN_BODY),
    connections: 10,
    overallRate: RUN_RATE_PER_S,
    duration: seconds,
  });
  return { p50Ms: result.latency.p50, p99Ms: result.latency.p99, requests: result.requests.total, failures: result.non2xx + result.errors + result.timeouts };
}

async function evaluate(target, tenant, agent) {
  const started = Date.now();
  const { evaluation } = await target.api("POST", `/v1/agents/${agent}/evaluations`, tenant, { version: 1, limit: EVALUATION_CASES });
  const done = await waitForEvaluation(target, evaluation.id);
  return { id: evaluation.id, elapsedMs: done.completed_at.getTime() - started, completed: done.completed_cases, failed: done.failed_cases };
}

/** Run on a server started with OPENAI_BASE_URL pointing at startBenchModel()'s server. */
export async function evaluationRow(target, tenant, bystander) {
  const agent = "bench_grader";
  await target.api("POST", "/v1/agents", tenant, { name: agent, instructions: "Classify the email.", output_schema: CATEGORY_SCHEMA, review: { confidence_threshold: 0.6 } });
  await seed(target, tenant, agent);
  // Warm-up: the run path, then POST /v1/run alone.
  await runLoad(target, bystander, 1);
  await target.drained();
  const alone = await target.measured("evaluation", () => runLoad(target, bystander, RUN_LOAD_S));
  await target.drained();
  // The evaluation alone, then another one with the same POST /v1/run load while it runs.
  const first = await target.measured("evaluation", () => evaluate(target, tenant, agent));
  await target.drained();
  const [during, second] = await target.measured("evaluation", () => Promise.all([runLoad(target, bystander, RUN_LOAD_S), evaluate(target, tenant, agent)]));
  await target.drained();

  const idealMs = (EVALUATION_CASES * MODEL_LATENCY_MS) / CONCURRENCY;
  const ratio = Number((first.elapsedMs / idealMs).toFixed(2));
  const slowdownP50 = Number((during.p50Ms / Math.max(alone.p50Ms, 1) - 1).toFixed(2));
  const slowdownP99 = Number((during.p99Ms / Math.max(alone.p99Ms, 1) - 1).toFixed(2));
  const figures = {
    cases: EVALUATION_CASES,
    modelLatencyMs: MODEL_LATENCY_MS,
    elapsedMs: first.elapsedMs,
    idealMs,
    ratio,
    elapsedUnderLoadMs: second.elapsedMs,
    completedCases: first.completed,
    failedCases: first.failed,
    runRatePerS: RUN_RATE_PER_S,
    postRunAlone: alone,
    postRunDuring: during,
    slowdownP50,
    slowdownP99,
  };
  return row(target, "evaluation", "500-case evaluation, 50 ms model; POST /v1/run meanwhile", figures, [
    check("elapsed / ideal", `${ratio}×`, "≤ 1.25×", ratio <= 1.25),
    check("cases completed", first.completed, `= ${EVALUATION_CASES}`, first.completed === EVALUATION_CASES),
    check("POST /v1/run p50 slower by", `${Math.round(slowdownP50 * 100)}%`, "≤ 10%", slowdownP50 <= 0.1),
    check("POST /v1/run p99 slower by", `${Math.round(slowdownP99 * 100)}%`, "≤ 10%", slowdownP99 <= 0.1),
    check("failed requests", alone.failures + during.failures, "= 0", alone.failures + during.failures === 0),
  ], `${(first.elapsedMs / 1000).toFixed(2)} s (ideal ${(idealMs / 1000).toFixed(1)} s; ${(second.elapsedMs / 1000).toFixed(2)} s under load); POST /v1/run p50 ${alone.p50Ms}→${during.p50Ms} ms, p99 ${alone.p99Ms}→${during.p99Ms} ms at ${RUN_RATE_PER_S}/s`);
}
