// The request-rate rows: /v1/health (the ceiling), GET /v1/runs/:id, GET /v1/runs?limit=20
// at 50 and at 10,000 runs in the tenant (and its search, `q`), and POST /v1/run while the accepted runs execute.
// autocannon drives them from this process (the server is another one), 20 connections.
import autocannon from "autocannon";
import { check, row } from "./report.mjs";

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const LIST_SEED_RUNS = 10_000;

export const RUN_BODY = { task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "bolt", quantity: 1 }] } };

async function load(target, { path, method = "GET", headers = {}, body, duration = DURATION_S }) {
  const result = await autocannon({
    url: `${target.server.baseUrl}${path}`,
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    connections: CONNECTIONS,
    duration,
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Warms the path up (JIT, pools, caches), then measures it; `before` runs between the two. */
async function measure(target, rowName, spec, before) {
  if (WARMUP_S > 0) await load(target, { ...spec, duration: WARMUP_S });
  await before?.();
  return target.measured(rowName, () => load(target, spec));
}

const failuresCheck = (figures) => check("failed requests", figures.failures, "= 0", figures.failures === 0);
const ratio = (figures, health) => Number((figures.reqPerSec / health.reqPerSec).toFixed(2));

export async function healthRow(target) {
  const figures = await measure(target, "health", { path: "/v1/health" });
  return row(target, "health", "GET /v1/health (ceiling)", figures, [failuresCheck(figures)], `${figures.reqPerSec} req/s, p99 ${figures.p99Ms} ms`);
}

export async function getRunRow(target, tenant, health) {
  const [run] = await target.query("SELECT id FROM runs WHERE organization_id = $1 AND status = 'completed' LIMIT 1", [tenant.orgId]);
  const figures = await measure(target, "get-run", { path: `/v1/runs/${run.id}`, headers: tenant.headers });
  figures.ratio = ratio(figures, health);
  return row(target, "get-run", "GET /v1/runs/:id", figures, [
    check("ratio to health", `${figures.ratio}×`, "≥ 0.5×", figures.ratio >= 0.5),
    check("p99", `${figures.p99Ms} ms`, "< 50 ms", figures.p99Ms < 50),
    failuresCheck(figures),
  ]);
}

/**
 * Both list rows: 50 real runs in a fresh tenant, then the same tenant seeded to 10,000
 * with SQL, then the seed removed and 50 measured again; the two small measurements are
 * averaged so drift on a noisy machine does not pass for (or hide) the deep-tenant cost.
 */
export async function listRunsRows(target, tenant, health) {
  const spec = { path: "/v1/runs?limit=20", headers: tenant.headers };
  const realRuns = (await target.query("SELECT id FROM runs WHERE organization_id = $1", [tenant.orgId])).map((run) => run.id);
  const count = realRuns.length;
  const smallBefore = await measure(target, "list-runs", spec);
  await seedRuns(target, tenant, LIST_SEED_RUNS - count);
  const large = await measure(target, "list-runs", spec);
  const searches = await searchFigures(target, tenant);
  await target.query("DELETE FROM runs WHERE organization_id = $1 AND NOT (id = ANY($2::uuid[]))", [tenant.orgId, realRuns]);
  // What autovacuum does within a minute of a mass delete: without it the 9,950 dead rows
  // still sit in the indexes and the "50 runs" figure would measure them, not 50 runs.
  await target.query("VACUUM ANALYZE runs");
  const smallAfter = await measure(target, "list-runs", spec);
  const small = {
    reqPerSec: Math.round((smallBefore.reqPerSec + smallAfter.reqPerSec) / 2),
    p50Ms: Math.max(smallBefore.p50Ms, smallAfter.p50Ms),
    p99Ms: Math.max(smallBefore.p99Ms, smallAfter.p99Ms),
    requests: smallBefore.requests + smallAfter.requests,
    failures: smallBefore.failures + smallAfter.failures,
    before: smallBefore.reqPerSec,
    after: smallAfter.reqPerSec,
    runsInTenant: count,
  };
  small.ratio = ratio(small, health);
  large.runsInTenant = LIST_SEED_RUNS;
  large.ratio = ratio(large, health);
  large.slowdownPct = Number(((1 - large.reqPerSec / small.reqPerSec) * 100).toFixed(1));
  return [
    row(target, "list-runs", `GET /v1/runs?limit=20 (${count} runs)`, small, [
      check("ratio to health", `${small.ratio}×`, "≥ 0.4×", small.ratio >= 0.4),
      failuresCheck(small),
    ], `${small.reqPerSec} req/s (${smallBefore.reqPerSec} before the seed, ${smallAfter.reqPerSec} after)`),
    row(target, "list-runs", `GET /v1/runs?limit=20 (${LIST_SEED_RUNS} runs)`, large, [
      check(`slower than at ${count}`, `${large.slowdownPct} %`, "≤ 10 %", large.slowdownPct <= 10),
      failuresCheck(large),
    ]),
    ...searches,
  ];
}

/**
 * `q` at 10,000 runs: a term every run's task holds (the page fills from the newest rows)
 * and a term none holds (ILIKE reads every run of the tenant: docs/api-conventions.md,
 * "Searching runs"). The rare term is the cost a trigram index would remove.
 */
async function searchFigures(target, tenant) {
  const terms = [
    ["common", "quote", (figures) => check("p99", `${figures.p99Ms} ms`, "< 250 ms", figures.p99Ms < 250)],
    ["rare", "no-such-invoice", (figures) => check("rate", `${figures.reqPerSec} req/s`, "≥ 5 req/s", figures.reqPerSec >= 5)],
  ];
  const rows = [];
  for (const [kind, term, goal] of terms) {
    const figures = await measure(target, "list-runs", { path: `/v1/runs?limit=20&q=${term}`, headers: tenant.headers });
    figures.runsInTenant = LIST_SEED_RUNS;
    rows.push(row(target, "list-runs", `GET /v1/runs?q= (${kind} term, ${LIST_SEED_RUNS} runs)`, figures, [goal(figures), failuresCheck(figures)], `${figures.reqPerSec} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`));
  }
  return rows;
}

/**
 * Copies the tenant's real (completed) runs, every column a real run has, until it holds
 * `extra` more; the copies are older, so the first page stays the real runs.
 */
async function seedRuns(target, tenant, extra) {
  const templates = await target.query("SELECT count(*)::int AS count FROM runs WHERE organization_id = $1", [tenant.orgId]);
  const copies = Math.ceil(extra / templates[0].count);
  await target.query(
    `INSERT INTO runs (id, organization_id, livemode, agent_type, status, priority, task, data, webhook_url, output,
       confidence_score, requires_triage, error_message, api_key_id, created_at, started_at, completed_at, updated_at)
     SELECT gen_random_uuid(), organization_id, livemode, agent_type, status, priority, task, data, webhook_url, output,
       confidence_score, requires_triage, error_message, api_key_id,
       created_at - g * interval '1 minute', started_at - g * interval '1 minute', completed_at - g * interval '1 minute', updated_at
     FROM (SELECT * FROM runs WHERE organization_id = $1) AS template, generate_series(1, $2::int) AS g
     LIMIT $3`,
    [tenant.orgId, copies, extra],
  );
  await target.query("ANALYZE runs");
}

export async function postRunRow(target, tenant, health) {
  const executedSoFar = async () =>
    (await target.query("SELECT count(*)::int AS executed FROM runs WHERE organization_id = $1 AND status NOT IN ('queued', 'running')", [tenant.orgId]))[0].executed;
  let executedBefore = 0;
  const figures = await measure(target, "post-run", { path: "/v1/run", method: "POST", headers: tenant.headers, body: RUN_BODY }, async () => {
    executedBefore = await executedSoFar();
  });
  figures.ratio = ratio(figures, health);
  const executed = (await executedSoFar()) - executedBefore;
  figures.runsAccepted = figures.requests;
  figures.runsExecutedMeanwhile = executed;
  return row(target, "post-run", "POST /v1/run (runs executing)", figures, [
    check("ratio to health", `${figures.ratio}×`, "≥ 0.3×", figures.ratio >= 0.3),
    check("p99", `${figures.p99Ms} ms`, "< 100 ms", figures.p99Ms < 100),
    failuresCheck(figures),
  ], `${figures.reqPerSec} req/s, ${executed} runs executed meanwhile`);
}

/** Creates `count` real runs through the API and waits until they have executed. */
export async function createRuns(target, tenant, count, body = RUN_BODY) {
  const ids = [];
  for (let index = 0; index < count; index += 1) ids.push((await target.api("POST", "/v1/run", tenant, body)).run_id);
  await target.drained();
  return ids;
}
