// Open run streams: N concurrent GET /v1/runs/:id/stream on one run that waits in
// pending_triage (an rfq_generator task without items), the server's RSS with them open,
// then one change (cancelling the run) and the time until every stream has seen it.
import { spawnSync } from "node:child_process";
import http from "node:http";
import { check, row } from "./report.mjs";
import { sleep } from "./target.mjs";

const OPENING_IN_FLIGHT = 100;
const WARMUP_STREAMS = 300;
// Updates go out at most once per 2 s per stream: publish only after that has passed.
const MIN_UPDATE_INTERVAL_MS = 2_000;

function openStream(target, tenant, runId) {
  const stream = { opened: false, sawChange: undefined, ended: false, error: undefined };
  stream.ready = new Promise((resolve) => {
    let buffer = "";
    const request = http.request(
      { host: "127.0.0.1", port: target.server.port, path: `/v1/runs/${runId}/stream`, headers: { authorization: tenant.headers.authorization }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          stream.error = `HTTP ${response.statusCode}`;
          response.resume();
          return resolve(stream);
        }
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame.split("\n").find((line) => line.startsWith("data: "));
            if (!data) continue;
            const { status } = JSON.parse(data.slice(6));
            if (!stream.opened) {
              stream.opened = true;
              resolve(stream);
            }
            if (status === "cancelled" && stream.sawChange === undefined) stream.sawChange = Date.now();
          }
        });
        response.on("end", () => {
          stream.ended = true;
          resolve(stream);
        });
      },
    );
    request.on("error", (error) => {
      stream.error = error.code ?? error.message;
      resolve(stream);
    });
    stream.close = () => request.destroy();
    request.end();
  });
  return stream;
}

async function openStreams(target, tenant, runId, count, streams) {
  let next = 0;
  const opener = async () => {
    while (next < count) {
      next += 1;
      const stream = openStream(target, tenant, runId);
      streams.push(stream);
      await stream.ready;
    }
  };
  await Promise.all(Array.from({ length: OPENING_IN_FLIGHT }, opener));
}

async function waitingRun(target, tenant) {
  const { run_id: runId } = await target.api("POST", "/v1/run", tenant, { task: "Say hello", agent_type: "rfq_generator" });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { run } = await target.api("GET", `/v1/runs/${runId}`, tenant);
    if (run.status === "pending_triage") return runId;
    if (["completed", "failed", "cancelled"].includes(run.status)) throw new Error(`stream run ended ${run.status} instead of waiting for triage`);
    await sleep(50);
  }
  throw new Error("stream run never reached pending_triage");
}

/** This process's (and so the server's) open-file limit: each stream is a socket on both sides. */
function openFileLimit() {
  const output = spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).stdout.trim();
  return output === "unlimited" ? Infinity : Number(output);
}

export async function streamsRow(target, tenant, count, { rssGoalMb } = {}) {
  const limit = openFileLimit();
  if (limit < count + 200) throw new Error(`ulimit -n is ${limit}: raise it above ${count + 200} (ulimit -n ${count + 1000}) for ${count} streams`);
  const runId = await waitingRun(target, tenant);
  // Warm the path up (JIT, pools) the way the row uses it: open streams, then drop them.
  const warmup = [];
  await openStreams(target, tenant, runId, WARMUP_STREAMS, warmup);
  for (const stream of warmup) stream.close?.();
  await sleep(1_000);
  const rssBeforeMb = target.rssMb();
  const { streams, openMs, rssOpenMb, fanOutMs, saw, liveAtPublish, peak } = await target.measured(`streams-${count}`, async () => {
    const openStarted = Date.now();
    const streams = [];
    // When opening takes longer than a stream lives, the most ever open at once is the figure.
    const peak = { live: 0, rssMb: 0 };
    const sampler = setInterval(() => {
      const live = streams.filter((stream) => stream.opened && !stream.ended).length;
      if (live > peak.live) Object.assign(peak, { live, rssMb: target.rssMb() });
    }, 500);
    await openStreams(target, tenant, runId, count, streams).finally(() => clearInterval(sampler));
    const openMs = Date.now() - openStarted;
    await sleep(MIN_UPDATE_INTERVAL_MS + 200);
    const rssOpenMb = target.rssMb();
    // Streams close after 30 s by design: when opening them took that long, fewer are live.
    const live = streams.filter((stream) => stream.opened && !stream.ended);
    const published = Date.now();
    await target.api("POST", `/v1/runs/${runId}/cancel`, tenant, {});
    const deadline = Date.now() + 30_000;
    while (live.some((stream) => stream.sawChange === undefined && !stream.ended) && Date.now() < deadline) await sleep(10);
    const saw = live.filter((stream) => stream.sawChange !== undefined);
    const fanOutMs = saw.length ? Math.max(...saw.map((stream) => stream.sawChange)) - published : null;
    return { streams, openMs, rssOpenMb, fanOutMs, saw: saw.length, liveAtPublish: live.length, peak };
  });
  for (const stream of streams) stream.close?.();
  const opened = streams.filter((stream) => stream.opened).length;
  const errors = [...new Set(streams.filter((stream) => stream.error).map((stream) => stream.error))];
  const figures = { streams: count, opened, openMs, rssBeforeMb: Math.round(rssBeforeMb), rssOpenMb: Math.round(rssOpenMb), liveAtPublish, peakLive: peak.live, rssAtPeakLiveMb: Math.round(peak.rssMb), sawChange: saw, fanOutMs, errors };
  const checks = [
    check("streams opened", `${opened}/${count}`, "all", opened === count),
    check("open when measured", `${liveAtPublish}/${count}`, "all", liveAtPublish === count),
    check("saw the change", `${saw}/${count}`, "all", saw === count),
  ];
  if (rssGoalMb) checks.unshift(check("RSS", `${figures.rssOpenMb} MB`, `< ${rssGoalMb} MB`, figures.rssOpenMb < rssGoalMb));
  return row(target, `streams-${count}`, `${count} open run streams`, figures, checks,
    `RSS ${figures.rssOpenMb} MB (${figures.rssBeforeMb} before), opened in ${(openMs / 1000).toFixed(1)} s, ` +
      `${liveAtPublish} open at the change (most at once ${peak.live}, RSS ${figures.rssAtPeakLiveMb} MB), fan-out ${fanOutMs ?? "–"} ms`);
}
