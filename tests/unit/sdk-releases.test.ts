// The SDK's release methods (issue 29) at the fetch edge, with no server: the requests
// `agents.evaluations.*`, `agents.rollout.*`, `addVersion` with `activate` and `rollback` with
// `force` send (method, path, query, body), `evaluations.wait` polling until a final state or
// its timeout, and a 409 `gate_not_passed` becoming a GateNotPassedError with its reasons.
// The served behaviour is tested against the real server in tests/integration/ (agent-releases,
// sdk-releases and the evaluation and rollout files).
import { describe, expect, it } from "vitest";
import { AgentWorkforce, ConflictError, GateNotPassedError, WaitTimeoutError } from "../../sdk/src/index.ts";

type TSent = { method: string; url: string; body: unknown };

/** A client whose fetch records each request and answers with `answer(request)` (200 JSON by default). */
function recorder(answer: (sent: TSent) => { status?: number; body: unknown } = () => ({ body: {} })) {
  const sent: TSent[] = [];
  const aw = new AgentWorkforce({
    apiKey: "sk_test_recorded",
    baseUrl: "https://api.example.test",
    maxRetries: 0,
    fetch: async (url, init) => {
      const request = { method: String(init.method), url, body: typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined) };
      sent.push(request);
      const { status = 200, body } = answer(request);
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "x-request-id": "req-1" } });
    },
  });
  return { aw, sent };
}

const BASE = "https://api.example.test/v1/agents";
const evaluation = (status: string) => ({ id: "ev_1", status, agreed: 3, disagreed: 1 });

describe("agents.evaluations and agents.rollout send the documented requests", () => {
  it("create (and its dry run), get, list, cases, cancel; start, get, promote, cancel", async () => {
    // A page for the lists (a GET with a query string), else every field the other answers have.
    const { aw, sent } = recorder((request) => ({
      body: request.method === "GET" && request.url.includes("?")
        ? { data: [], total: 0, limit: 50, offset: 0 }
        : { evaluation: evaluation("queued"), rollout: { status: "running" }, cases: 12, credits: 120 },
    }));
    const estimate = await aw.agents.evaluations.create("supplier email", { version: 2, dry_run: true });
    expect(estimate).toMatchObject({ cases: 12, credits: 120 });
    await aw.agents.evaluations.create("supplier_email", { version: 2, from: "2026-11-01T00:00:00Z", limit: 50 });
    await aw.agents.evaluations.get("supplier_email", "ev/1");
    await aw.agents.evaluations.list("supplier_email", { version: 2, limit: 10 }).firstPage();
    await aw.agents.evaluations.cases("supplier_email", "ev_1", { outcome: "disagreed", limit: 5, offset: 5 }).firstPage();
    await aw.agents.evaluations.cancel("supplier_email", "ev_1");
    await aw.agents.rollout.start("supplier_email", { version: 2, percent: 10, min_judged: 30, spot_check_rate: 0.5 });
    await aw.agents.rollout.get("supplier_email");
    await aw.agents.rollout.promote("supplier_email");
    await aw.agents.rollout.promote("supplier_email", { force: true });
    await aw.agents.rollout.cancel("supplier_email");
    await aw.agents.addVersion("supplier_email", { instructions: "V3", activate: false, release: { require_evaluation: true } });
    await aw.agents.rollback("supplier_email", 3, { force: true });
    await aw.agents.rollback("supplier_email", 1);

    expect(sent).toEqual([
      // A name is one path segment, encoded.
      { method: "POST", url: `${BASE}/supplier%20email/evaluations`, body: { version: 2, dry_run: true } },
      { method: "POST", url: `${BASE}/supplier_email/evaluations`, body: { version: 2, from: "2026-11-01T00:00:00Z", limit: 50 } },
      { method: "GET", url: `${BASE}/supplier_email/evaluations/ev%2F1`, body: undefined },
      { method: "GET", url: `${BASE}/supplier_email/evaluations?version=2&limit=10&offset=0`, body: undefined },
      { method: "GET", url: `${BASE}/supplier_email/evaluations/ev_1/cases?outcome=disagreed&limit=5&offset=5`, body: undefined },
      { method: "POST", url: `${BASE}/supplier_email/evaluations/ev_1/cancel`, body: undefined },
      { method: "POST", url: `${BASE}/supplier_email/rollout`, body: { version: 2, percent: 10, min_judged: 30, spot_check_rate: 0.5 } },
      { method: "GET", url: `${BASE}/supplier_email/rollout`, body: undefined },
      { method: "POST", url: `${BASE}/supplier_email/rollout/promote`, body: {} },
      { method: "POST", url: `${BASE}/supplier_email/rollout/promote`, body: { force: true } },
      { method: "POST", url: `${BASE}/supplier_email/rollout/cancel`, body: undefined },
      { method: "POST", url: `${BASE}/supplier_email/versions`, body: { instructions: "V3", activate: false, release: { require_evaluation: true } } },
      { method: "POST", url: `${BASE}/supplier_email/rollback`, body: { version: 3, force: true } },
      { method: "POST", url: `${BASE}/supplier_email/rollback`, body: { version: 1 } },
    ]);
  });

  it("list and cases page on their own until the total is reached", async () => {
    const { aw, sent } = recorder((request) => {
      const offset = Number(new URL(request.url).searchParams.get("offset"));
      return { body: { data: offset < 4 ? [{ run_id: `r${offset}` }, { run_id: `r${offset + 1}` }] : [{ run_id: "r4" }], total: 5, limit: 2, offset } };
    });
    const cases = await aw.agents.evaluations.cases("a_agent", "ev_1", { limit: 2 }).toArray();
    expect(cases.map((item) => item.run_id)).toEqual(["r0", "r1", "r2", "r3", "r4"]);
    expect(sent.map((request) => new URL(request.url).search)).toEqual(["?limit=2&offset=0", "?limit=2&offset=2", "?limit=2&offset=4"]);
  });
});

describe("agents.evaluations.wait", () => {
  it("polls get until the evaluation is completed, failed or cancelled, and resolves with it", async () => {
    for (const final of ["completed", "failed", "cancelled"]) {
      const states = ["queued", "running", "running", final];
      const { aw, sent } = recorder(() => ({ body: { evaluation: evaluation(states.shift() ?? final) } }));
      const done = await aw.agents.evaluations.wait("a_agent", "ev_1", { pollIntervalMs: 5 });
      expect(done).toMatchObject({ id: "ev_1", status: final });
      expect(sent).toHaveLength(4);
      expect(new Set(sent.map((request) => `${request.method} ${request.url}`))).toEqual(new Set([`GET ${BASE}/a_agent/evaluations/ev_1`]));
    }
  });

  it("gives up with WaitTimeoutError after timeoutMs, and an abort signal stops it with the caller's reason", async () => {
    const { aw } = recorder(() => ({ body: { evaluation: evaluation("running") } }));
    const started = Date.now();
    const timedOut = await aw.agents.evaluations.wait("a_agent", "ev_1", { pollIntervalMs: 20, timeoutMs: 150 }).catch((caught: unknown) => caught);
    expect(timedOut).toBeInstanceOf(WaitTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);

    const controller = new AbortController();
    const reason = new Error("stop waiting");
    setTimeout(() => controller.abort(reason), 50);
    const aborted = await aw.agents.evaluations.wait("a_agent", "ev_1", { pollIntervalMs: 20, signal: controller.signal }).catch((caught: unknown) => caught);
    expect(aborted).toBe(reason);
  });
});

describe("a 409 gate_not_passed", () => {
  it("is a GateNotPassedError (a ConflictError) carrying the reasons and the request id", async () => {
    const reasons = ["version 2 has no completed evaluation (POST /v1/agents/{name}/evaluations)"];
    const { aw } = recorder(() => ({
      status: 409,
      body: { error: "gate_not_passed", type: "gate_not_passed", message: "Version 2 has not passed its release gate", reasons },
    }));
    const error = await aw.agents.rollout.promote("a_agent").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GateNotPassedError);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, type: "gate_not_passed", reasons, requestId: "req-1" });
  });
});
