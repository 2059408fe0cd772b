// The quality row (issue 21): GET /v1/agents/{name}/quality over 100,000 runs of one agent
// version in the period, 30,000 of them judged (reviews below the threshold, spot checks
// above), seeded with SQL (generate_series); 20 sequential calls after a warm-up give p50
// and p95. The corrections export of the same runs is streamed once and its lines counted.
import { check, row } from "./report.mjs";

const SEED_RUNS = 100_000;
const CALLS = 20;
const WARMUP_CALLS = 3;
const P95_GOAL_MS = 500;

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];

/** 100,000 ap_specialist runs over the last 27 days; every tenth run's first three of ten are judged. */
async function seed(target, tenant) {
  await target.query(
    `INSERT INTO runs (id, organization_id, livemode, agent_type, agent_version, status, priority, task, data, output,
       confidence_score, requires_triage, created_at, started_at, completed_at, updated_at)
     SELECT gen_random_uuid(), $1, true, 'ap_specialist', 1,
       (CASE WHEN (g * 7919 % 1000) < 700 AND g % 10 < 3 THEN 'completed' WHEN (g * 7919 % 1000) < 700 THEN 'pending_triage' ELSE 'completed' END)::"RunStatus",
       'normal', 'Match invoice ' || g, jsonb_build_object('n', g), '{"decision":"approve_payment"}'::jsonb,
       (g * 7919 % 1000) / 1000.0, (g * 7919 % 1000) < 700,
       now() - (g % 39000) * interval '1 minute', now() - (g % 39000) * interval '1 minute', now(), now()
     FROM generate_series(1, $2::int) AS g`,
    [tenant.orgId, SEED_RUNS],
  );
  // Judged: below 0.7 a review (approved, edited or rejected), above it a spot check.
  await target.query(
    `INSERT INTO triage_items (id, organization_id, livemode, run_id, round, kind, verdict, status, triage_reason, proposed_output, output_edited, agent_version, resolved_at)
     SELECT gen_random_uuid(), r.organization_id, true, r.id, 0,
       CASE WHEN r.requires_triage THEN 'review' ELSE 'spot_check' END,
       CASE WHEN r.requires_triage THEN NULL WHEN n % 20 = 0 THEN 'incorrect' ELSE 'correct' END,
       (CASE WHEN NOT r.requires_triage THEN 'checked' WHEN n % 5 = 0 THEN 'rejected' ELSE 'approved' END)::"TriageStatus",
       'bench', r.output, r.requires_triage AND n % 7 = 0, 1, r.created_at + interval '5 minutes'
     FROM (SELECT *, (data->>'n')::int AS n FROM runs WHERE organization_id = $1) r
     WHERE n % 10 < 3`,
    [tenant.orgId],
  );
  await target.query("ANALYZE runs");
  await target.query("ANALYZE triage_items");
}

export async function qualityRow(target, tenant) {
  await seed(target, tenant);
  const path = "/v1/agents/ap_specialist/quality";
  for (let index = 0; index < WARMUP_CALLS; index++) await target.api("GET", path, tenant);
  const timings = [];
  let report;
  await target.measured("quality", async () => {
    for (let index = 0; index < CALLS; index++) {
      const started = performance.now();
      report = await target.api("GET", path, tenant);
      timings.push(performance.now() - started);
    }
  });
  timings.sort((a, b) => a - b);
  const judged = report.buckets.reduce((sum, bucket) => sum + bucket.judged, 0);

  // The export of the same period, streamed: its lines and how long the whole body took.
  const exportStarted = performance.now();
  const response = await fetch(`${target.server.baseUrl}/v1/agents/ap_specialist/corrections`, { headers: tenant.headers });
  let lines = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) lines += (decoder.decode(chunk, { stream: true }).match(/\n/g) ?? []).length;
  const exportMs = Math.round(performance.now() - exportStarted);

  const figures = {
    runs: report.runs,
    judged,
    calls: CALLS,
    p50Ms: Math.round(percentile(timings, 0.5)),
    p95Ms: Math.round(percentile(timings, 0.95)),
    exportLines: lines,
    exportMs,
  };
  return row(
    target,
    "quality",
    `GET /v1/agents/:name/quality (${SEED_RUNS} runs)`,
    figures,
    [
      check("runs counted", figures.runs, `= ${SEED_RUNS}`, figures.runs === SEED_RUNS),
      check("p95", `${figures.p95Ms} ms`, `< ${P95_GOAL_MS} ms`, figures.p95Ms < P95_GOAL_MS),
      check("export lines", lines, `= judged (${judged})`, lines === judged),
    ],
    `p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms over ${CALLS} calls; export of ${lines} lines in ${exportMs} ms`,
  );
}
