// The SDK (sdk/, imported from its build as a user would) against the real built server:
// every resource, the typed errors, retries behind a proxy that answers 429/503 once or drops
// an answer after the server handled it, a stream resumed after its connection was cut, and
// webhook verification of real deliveries, during a secret rotation too.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  AgentWorkforce,
  AgentWorkforceError,
  AuthenticationError,
  ConflictError,
  InsufficientCreditsError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
  WaitTimeoutError,
  WebhookVerificationError,
  verifyWebhook,
  type RunUpdate,
} from "../../sdk/dist/index.js";
import { admin, AP_DATA, createKey, createTenant, type TTenant, UUID_PATTERN } from "../helpers/api.ts";
import { insertLedgerEntry, insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { receiverSet, type TReceivedRequest } from "../helpers/https-receiver.ts";
import { startHttpFaultProxy } from "../helpers/http-fault-proxy.ts";
import { until } from "../helpers/waiting.ts";

const baseUrl = inject("baseUrl");
const receivers = receiverSet(inject("certificate"));

/** Data the rfq_generator completes without a person (explicit items). */
const RFQ_DATA = { items: [{ description: "bolts", quantity: 5 }] };

let tenant: TTenant;
/** Test mode: free, so runs and batches spend no credits. */
let aw: AgentWorkforce;

const client = (apiKey: string, options: Partial<ConstructorParameters<typeof AgentWorkforce>[0]> = {}) =>
  new AgentWorkforce({ apiKey, baseUrl, ...options });

beforeAll(async () => {
  tenant = await createTenant();
  aw = client(tenant.testKey);
});

afterAll(() => receivers.closeAll());

describe("runs", () => {
  it("create, wait (over the stream), get, steps", async () => {
    const created = await aw.runs.create({ task: "Quote 5 bolts", agent_type: "rfq_generator", data: RFQ_DATA });
    expect(created).toMatchObject({ status: "queued", agent_type: "rfq_generator", estimated_completion: "async" });
    expect(created.run_id).toMatch(UUID_PATTERN);

    const done = await aw.runs.wait(created.run_id, { timeoutMs: 30_000 });
    expect(done.run).toMatchObject({ id: created.run_id, status: "completed", livemode: false });
    expect((await aw.runs.get(created.run_id)).run.status).toBe("completed");
    expect((await aw.runs.steps(created.run_id)).data.length).toBeGreaterThan(0);
  });

  it("wait polls when asked to, and stops on pending_triage by default", async () => {
    const waiting = await insertRunAwaitingTriage(tenant.orgId, { livemode: false });
    const polled = await aw.runs.wait(waiting.runId, { stream: false, pollIntervalMs: 50 });
    expect(polled.run.status).toBe("pending_triage");
    expect(polled.triage_item?.id).toBe(waiting.triageItemId);
  });

  it("wait gives up with WaitTimeoutError when the run does not reach `until` in time", async () => {
    const waiting = await insertRunAwaitingTriage(tenant.orgId, { livemode: false });
    const started = Date.now();
    const error = await aw.runs.wait(waiting.runId, { until: ["completed"], timeoutMs: 400 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toBeInstanceOf(AgentWorkforceError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stream yields each update once and ends after the terminal state", async () => {
    const created = await aw.runs.create({ task: "Quote 5 bolts (streamed)", agent_type: "rfq_generator", data: RFQ_DATA });
    const updates: RunUpdate[] = [];
    for await (const update of aw.runs.stream(created.run_id)) updates.push(update);
    expect(updates.at(-1)).toMatchObject({ status: "completed", error: null });
    expect(updates.filter((update) => update.status === "completed")).toHaveLength(1);
    expect(new Set(updates.map((update) => update.id)).size).toBe(updates.length);
  });

  it("list pages on its own (limit is the page size) and filters", async () => {
    const agentType = "center";
    const tasks = ["Route this: page one", "Route this: page two", "Route this: page three"];
    const ids = [];
    for (const task of tasks) ids.push((await aw.runs.create({ task, agent_type: agentType, data: {} })).run_id);
    const seen = [];
    let pages = 0;
    for await (const page of aw.runs.list({ agent_type: agentType, limit: 2 }).pages()) {
      pages += 1;
      seen.push(...page.data.map((run) => run.id));
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual(expect.arrayContaining(ids));
    expect(new Set(seen).size).toBe(seen.length);
    const iterated = await aw.runs.list({ agent_type: agentType, limit: 1 }).toArray();
    expect(iterated.map((run) => run.id).sort()).toEqual([...seen].sort());
    const first = await aw.runs.list({ limit: 1 }).firstPage();
    expect(first).toMatchObject({ limit: 1, offset: 0 });
  });

  it("cancel, and a second cancel is a ConflictError", async () => {
    const waiting = await insertRunAwaitingTriage(tenant.orgId, { livemode: false });
    const cancelled = await aw.runs.cancel(waiting.runId);
    expect(cancelled.run.status).toBe("cancelled");
    const error = await aw.runs.cancel(waiting.runId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, type: "conflict" });
  });
});

describe("triage", () => {
  it("list, approve and reject", async () => {
    const first = await insertRunAwaitingTriage(tenant.orgId, { livemode: false });
    const second = await insertRunAwaitingTriage(tenant.orgId, { livemode: false });
    const pending = await aw.triage.list({ limit: 1 }).toArray();
    expect(pending.map((item) => item.id)).toEqual(expect.arrayContaining([first.triageItemId, second.triageItemId]));

    const approved = await aw.triage.approve(first.triageItemId, { resolution_note: "checked with the PO" });
    expect(approved.data).toMatchObject({ id: first.triageItemId, status: "approved", resolution_note: "checked with the PO", run_id: first.runId });
    const rejected = await aw.triage.reject(second.triageItemId, { reason: "duplicate invoice" });
    expect(rejected.data).toMatchObject({ id: second.triageItemId, status: "rejected" });
    expect((await aw.runs.get(first.runId)).run.status).toBe("completed");

    const again = await aw.triage.approve(first.triageItemId).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(ConflictError);
    const decided = await aw.triage.list({ status: "resolved" }).toArray();
    expect(decided.map((item) => item.id)).toEqual(expect.arrayContaining([first.triageItemId, second.triageItemId]));
  });

  it("claim, release, request changes and bulk decisions", async () => {
    const [one, two, three] = [
      await insertRunAwaitingTriage(tenant.orgId, { livemode: false }),
      await insertRunAwaitingTriage(tenant.orgId, { livemode: false }),
      await insertRunAwaitingTriage(tenant.orgId, { livemode: false }),
    ];
    const claimed = await aw.triage.claim(one.triageItemId);
    expect(claimed.data).toMatchObject({ id: one.triageItemId });
    expect(claimed.data.claimed_until).not.toBeNull();
    const released = await aw.triage.release(one.triageItemId);
    expect(released.data).toMatchObject({ id: one.triageItemId, claimed_by: null });

    const changes = await aw.triage.requestChanges(one.triageItemId, { feedback: "The PO was amended to 120" });
    expect(changes.data).toMatchObject({ id: one.triageItemId, status: "changes_requested" });

    const bulk = await aw.triage.bulk({ decision: "approve", ids: [two.triageItemId, three.triageItemId, randomUUID()] });
    expect(bulk.results.map((result) => result.status)).toEqual(["approved", "approved", "error"]);
  });
});

describe("spot checks", () => {
  it("a completed run sampled at rate 1 gets a verdict through triage.verdict; the kind filter lists it", async () => {
    await admin("set-spot-check-rate", "--org", tenant.orgId, "--agent", "rfq_generator", "--rate", "1");
    const created = await aw.runs.create({ task: "Quote 5 bolts", agent_type: "rfq_generator", data: RFQ_DATA });
    const done = await aw.runs.wait(created.run_id, { timeoutMs: 30_000 });
    expect(done.run.status).toBe("completed");
    const [check] = (await aw.triage.list({ kind: "spot_check" }).toArray()).filter((item) => item.run_id === created.run_id);
    expect(check).toMatchObject({ kind: "spot_check", status: "pending" });
    const verdict = await aw.triage.verdict(check!.id, { verdict: "incorrect", corrected_output: { items: [] }, note: "No quote needed" });
    expect(verdict.data).toMatchObject({ id: check!.id, status: "checked", verdict: "incorrect", run_id: created.run_id });
    const again = await aw.triage.verdict(check!.id, { verdict: "correct" }).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(ConflictError);
    await admin("set-spot-check-rate", "--org", tenant.orgId, "--agent", "rfq_generator", "--rate", "0");
  });
});

describe("the issue-20 triage decisions call their documented paths", () => {
  it("request-changes, claim, release and bulk (recorded at the fetch edge)", async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    const recorder = new AgentWorkforce({
      apiKey: "sk_test_recorded",
      baseUrl: "https://api.example.test",
      fetch: async (url, init) => {
        sent.push({ method: String(init.method), url, body: typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined) });
        return new Response(JSON.stringify({ data: {}, results: [] }), { status: 200, headers: { "content-type": "application/json" } });
      },
    });
    const id = randomUUID();
    await recorder.triage.requestChanges(id, { feedback: "use the receipt of the 14th", data_patch: { po: null } });
    await recorder.triage.claim(id);
    await recorder.triage.release(id);
    await recorder.triage.bulk({ decision: "reject", ids: [id], reason_code: "duplicate" });
    await recorder.triage.reject(id, { reason_code: "suspected_fraud", force: true });
    expect(sent).toEqual([
      { method: "POST", url: `https://api.example.test/v1/triage/${id}/request-changes`, body: { feedback: "use the receipt of the 14th", data_patch: { po: null } } },
      { method: "POST", url: `https://api.example.test/v1/triage/${id}/claim`, body: undefined },
      { method: "POST", url: `https://api.example.test/v1/triage/${id}/release`, body: undefined },
      { method: "POST", url: "https://api.example.test/v1/triage/bulk", body: { decision: "reject", ids: [id], reason_code: "duplicate" } },
      { method: "POST", url: `https://api.example.test/v1/triage/${id}/reject`, body: { reason_code: "suspected_fraud", force: true } },
    ]);
  });
});

// Rows the rfq_generator completes without a person (explicit items).
const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ task: `Row task ${index}`, data: { items: [{ description: "bolts", quantity: index + 1 }] } }));

describe("batches", () => {
  it("create, wait, get, rows (paged), list", async () => {
    const created = await aw.batches.create({ name: "SDK batch", agent_type: "rfq_generator", rows: rowsOf(5) });
    expect(created.job).toMatchObject({ name: "SDK batch", total_rows: 5 });
    const job = await aw.batches.wait(created.job.id, { pollIntervalMs: 100, timeoutMs: 60_000 });
    expect(job).toMatchObject({ id: created.job.id, status: "completed", completed_rows: 5 });

    const rows = [];
    for await (const row of aw.batches.rows(created.job.id, { pageSize: 2 })) rows.push(row);
    expect(rows.map((row) => row.row_index)).toEqual([0, 1, 2, 3, 4]);
    expect((await aw.batches.get(created.job.id, { rows_limit: 0 })).rows).toEqual([]);
    const listed = await aw.batches.list({ limit: 1 }).toArray();
    expect(listed.map((each) => each.id)).toContain(created.job.id);
  });

  it("cancel a running batch; cancelling it again is a ValidationError", async () => {
    const created = await aw.batches.create({ agent_type: "rfq_generator", rows: rowsOf(30) });
    expect(await aw.batches.cancel(created.job.id)).toEqual({ cancelled: true });
    expect((await aw.batches.wait(created.job.id, { pollIntervalMs: 100 })).status).toBe("cancelled");
    const error = await aw.batches.cancel(created.job.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
  });
});

describe("usage", () => {
  it("summary, history and members", async () => {
    const live = client(tenant.key);
    const summary = await live.usage.summary();
    expect(summary).toMatchObject({ plan: "growth", livemode: true, scope: "organization" });
    expect(Array.isArray((await live.usage.history()).data)).toBe(true);
    const members = await live.usage.members();
    expect(members.data.map((member) => member.member_id)).toContain(tenant.memberId);
  });

  it("ledger pages by cursor and exports CSV", async () => {
    const live = client(tenant.key);
    await live.runs.create({ task: "Charge one run" });
    await live.runs.create({ task: "Charge another run" });
    const first = await live.usage.ledger({ limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await live.usage.ledger({ limit: 1, cursor: first.next_cursor! });
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    const csv = await live.usage.ledgerCsv();
    expect(csv.split("\r\n")[0]).toBe("id,created_at,amount,balance_after,reason,run_id,member_id");
    expect(csv).toContain(first.data[0]!.id);
  });
});

describe("agents", () => {
  it("create, list, get, versions, add a version, rollback, archive", async () => {
    const name = `sdk_agent_${randomUUID().slice(0, 6)}`;
    const created = await aw.agents.create({ name, instructions: "Classify the supplier email." });
    expect(created.agent).toMatchObject({ name, kind: "custom", version: 1 });
    expect((await aw.agents.list()).data.map((agent) => agent.name)).toEqual(expect.arrayContaining(["center", name]));
    const v2 = await aw.agents.addVersion(name, { instructions: "V2: classify it carefully." });
    expect(v2.agent.version).toBe(2);
    expect((await aw.agents.versions(name)).map((version) => version.version).sort()).toEqual([1, 2]);
    expect((await aw.agents.rollback(name, 1)).agent.version).toBe(1);
    expect((await aw.agents.get(name)).agent.version).toBe(1);
    expect(await aw.agents.archive(name)).toMatchObject({ archived: true });
    const builtIn = await aw.agents.archive("center").catch((caught: unknown) => caught);
    expect(builtIn).toBeInstanceOf(ConflictError);
  });

  it("copyFromTest: a test-mode version becomes the live agent's version, with copied_from", async () => {
    const name = `sdk_copy_${randomUUID().slice(0, 6)}`;
    await aw.agents.create({ name, instructions: "Tried in test mode." });
    const copied = await client(tenant.key).agents.copyFromTest(name, 1);
    expect(copied.agent).toMatchObject({ name, version: 1, instructions: "Tried in test mode.", copied_from: { mode: "test", version: 1 } });
    const refused = await aw.agents.copyFromTest(name, 1).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ValidationError);
  });
});

describe("typed errors", () => {
  it("401 AuthenticationError with the request id", async () => {
    const error = await client("sk_test_not_a_real_key").runs.list().firstPage().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, type: "authentication_error" });
    expect((error as AuthenticationError).requestId).toMatch(UUID_PATTERN);
  });

  it("403 PermissionError with required and provided", async () => {
    const reader = await createKey(tenant, "agents:read", "test");
    const error = await client(reader.key).runs.create({ task: "x", agent_type: "center", data: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403, required: "agents:run", provided: ["agents:read"] });
  });

  it("404 NotFoundError", async () => {
    const error = await aw.runs.get(randomUUID()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, type: "not_found" });
    expect((error as NotFoundError).requestId).toMatch(UUID_PATTERN);
  });

  it("400 ValidationError with issues", async () => {
    const error = await aw.runs.create({ task: "   ", agent_type: "center", data: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(400);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toContain("task");
  });

  it("409 ConflictError: an Idempotency-Key reused with another body", async () => {
    const idempotencyKey = randomUUID();
    await aw.runs.create({ task: "first body", agent_type: "center", data: {} }, { idempotencyKey });
    const error = await aw.runs.create({ task: "another body", agent_type: "center", data: {} }, { idempotencyKey }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
  });

  it("402 InsufficientCreditsError with creditsRemaining", async () => {
    // The live mode of the file's tenant: spend all but 2 credits; ap_specialist costs 3.
    const live = client(tenant.key);
    const summary = await live.usage.summary();
    await insertLedgerEntry(tenant.orgId, { amount: -((summary.credits_remaining ?? 0) - 2), balanceAfter: 2, reason: "run" });
    const error = await live.runs.create({ task: "Check INV-1", agent_type: "ap_specialist", data: AP_DATA }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ status: 402, creditsRemaining: 2 });
  });

  it("429 RateLimitError with retryAfter (retries off)", async () => {
    // A key of its own: the webhook-test policy (10 a minute) is counted per key.
    const fresh = await createKey(tenant, "all", "test");
    const noRetries = client(fresh.key, { maxRetries: 0 });
    let error: unknown;
    for (let attempt = 0; attempt < 15 && !error; attempt += 1) {
      error = await noRetries.webhooks.test(tenant.orgId).then(
        () => undefined,
        (caught: unknown) => caught,
      );
    }
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).status).toBe(429);
    expect((error as RateLimitError).retryAfter).toBeGreaterThan(0);
  });
});

describe("retries (a proxy in front of the real server)", () => {
  const rateLimited = { status: 429, headers: { "retry-after": "1" }, body: { error: "Rate limit exceeded", type: "rate_limited", message: "slow down", retry_after: 1 } };

  it("waits out a 429's Retry-After and then succeeds", async () => {
    const proxy = await startHttpFaultProxy(baseUrl, (_request, index) => (index === 0 ? rateLimited : "forward"));
    try {
      const started = Date.now();
      const usage = await client(tenant.testKey, { baseUrl: proxy.url }).usage.summary();
      expect(usage.livemode).toBe(false);
      expect(proxy.seen.map((request) => request.action === "forward")).toEqual([false, true]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    } finally {
      await proxy.close();
    }
  });

  it("retries a 503 then a 429, and gives up with a typed error once maxRetries is spent", async () => {
    const unavailable = { status: 503, headers: { "retry-after": "0" }, body: { error: "service_unavailable", type: "service_unavailable", message: "database down" } };
    const proxy = await startHttpFaultProxy(baseUrl, (_request, index) => (index === 0 ? unavailable : index === 1 ? { ...rateLimited, headers: { "retry-after": "0" } } : "forward"));
    try {
      expect((await client(tenant.testKey, { baseUrl: proxy.url }).usage.summary()).livemode).toBe(false);
      expect(proxy.seen).toHaveLength(3);
      proxy.setPlan(() => unavailable);
      const error = await client(tenant.testKey, { baseUrl: proxy.url, maxRetries: 1 }).usage.summary().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(proxy.seen).toHaveLength(5);
    } finally {
      await proxy.close();
    }
  });

  it("an answer lost after the server created the run: the retry carries the same Idempotency-Key and creates nothing new", async () => {
    let dropped = false;
    const proxy = await startHttpFaultProxy(baseUrl, (request) => {
      if (request.method === "POST" && !dropped) {
        dropped = true;
        return "drop-response";
      }
      return "forward";
    });
    try {
      const task = `Idempotent retry ${randomUUID()}`;
      const created = await client(tenant.testKey, { baseUrl: proxy.url }).runs.create({ task, agent_type: "center", data: {} });
      const posts = proxy.seen.filter((request) => request.method === "POST");
      expect(posts).toHaveLength(2);
      expect(posts[0]!.upstreamStatus).toBe(202);
      expect(posts[0]!.headers["idempotency-key"]).toMatch(UUID_PATTERN);
      expect(posts[1]!.headers["idempotency-key"]).toBe(posts[0]!.headers["idempotency-key"]);
      expect(posts[1]!.upstreamHeaders?.["idempotent-replayed"]).toBe("true");
      const matching = (await aw.runs.list({ limit: 100 }).toArray()).filter((run) => run.task_preview === task);
      expect(matching.map((run) => run.id)).toEqual([created.run_id]);
    } finally {
      await proxy.close();
    }
  });

  it("a network error on a call that is not safe to repeat is not retried", async () => {
    const waiting = await insertRunAwaitingTriage(tenant.orgId, { livemode: false });
    const proxy = await startHttpFaultProxy(baseUrl, () => "drop-response");
    try {
      const error = await client(tenant.testKey, { baseUrl: proxy.url }).triage.approve(waiting.triageItemId).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AgentWorkforceError);
      expect((error as AgentWorkforceError).status).toBeUndefined();
      expect(proxy.seen).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});

describe("streams through a proxy", () => {
  it("resumes with Last-Event-ID after the connection is cut and sees the final state once", async () => {
    const waiting = await insertRunAwaitingTriage(tenant.orgId, { livemode: false });
    let streams = 0;
    const proxy = await startHttpFaultProxy(baseUrl, (request) => (request.url.endsWith("/stream") && streams++ === 0 ? "cut-after-first-update" : "forward"));
    try {
      const updates: RunUpdate[] = [];
      for await (const update of client(tenant.testKey, { baseUrl: proxy.url }).runs.stream(waiting.runId, { reconnectDelayMs: 100 })) {
        updates.push(update);
        // The person decides while the connection is down.
        if (update.status === "pending_triage") await aw.triage.approve(waiting.triageItemId);
      }
      expect(updates.map((update) => update.status)).toEqual(["pending_triage", "completed"]);
      const streamRequests = proxy.seen.filter((request) => request.url.endsWith("/stream"));
      expect(streamRequests).toHaveLength(2);
      expect(streamRequests[0]!.headers["last-event-id"]).toBeUndefined();
      expect(streamRequests[1]!.headers["last-event-id"]).toBe(updates[0]!.id);
    } finally {
      await proxy.close();
    }
  });

  it("wait falls back to polling when the stream is refused", async () => {
    const proxy = await startHttpFaultProxy(baseUrl, (request) =>
      request.url.endsWith("/stream") ? { status: 429, headers: { "retry-after": "0" }, body: { error: "Rate limit exceeded", type: "rate_limited", message: "too many streams", retry_after: 0 } } : "forward",
    );
    try {
      const created = await aw.runs.create({ task: "Quote 5 bolts (polled)", agent_type: "rfq_generator", data: RFQ_DATA });
      const done = await client(tenant.testKey, { baseUrl: proxy.url }).runs.wait(created.run_id, { pollIntervalMs: 100 });
      expect(done.run.status).toBe("completed");
      expect(proxy.seen.filter((request) => request.url.endsWith("/stream")).length).toBeGreaterThanOrEqual(1);
      expect(proxy.seen.filter((request) => request.url === `/v1/runs/${created.run_id}`).length).toBeGreaterThanOrEqual(2);
    } finally {
      await proxy.close();
    }
  });
});

describe("webhooks", () => {
  const deliveries = (received: TReceivedRequest[], event?: string) => received.filter((request) => !event || request.headers["x-service-event"] === event);

  it("create, list, test, deliveries, resend, enable, rotate and delete; verify real deliveries, during the rotation too", async () => {
    const owner = await createTenant();
    const hooks = client(owner.testKey);
    const receiver = await receivers.start();
    const created = await hooks.webhooks.create({ url: receiver.url, events: ["run.completed"] });
    const firstSecret = created.data.secret;
    expect(firstSecret).toMatch(/^whsec_/);
    expect((await hooks.webhooks.list()).data.map((webhook) => webhook.id)).toEqual([created.data.id]);

    // A test event: verified under both schemes, refused when tampered with or stale.
    await hooks.webhooks.test(owner.orgId);
    const testDelivery = await until("the test delivery", () => receiver.received[0]);
    const event = hooks.webhooks.verify(testDelivery.body, testDelivery.headers, firstSecret);
    expect(event).toMatchObject({ event: "run.completed", run_id: null, organization_id: owner.orgId, data: { output: { test: true } } });
    expect(event.id).toBe(testDelivery.headers["webhook-id"]);
    expect(verifyWebhook(testDelivery.body, testDelivery.headers, firstSecret, { scheme: "service" })).toMatchObject({ id: event.id });
    expect(() => hooks.webhooks.verify(`${testDelivery.body} `, testDelivery.headers, firstSecret)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(testDelivery.body.replace("true", "false"), testDelivery.headers, firstSecret, { scheme: "service" })).toThrow(
      WebhookVerificationError,
    );
    expect(() => hooks.webhooks.verify(testDelivery.body, testDelivery.headers, "whsec_" + btoa("another secret, 24 bytes"))).toThrow(
      WebhookVerificationError,
    );
    expect(() => 
      hooks.webhooks.verify(testDelivery.body, testDelivery.headers, firstSecret, { now: new Date(Date.now() + 10 * 60_000) }),
    ).toThrow(/timestamp/);
    expect(() => hooks.webhooks.verify(testDelivery.body, { "content-type": "application/json" }, firstSecret)).toThrow(
      WebhookVerificationError,
    );

    // A run's real delivery.
    const run = await hooks.runs.create({ task: "Quote 5 bolts (webhook)", agent_type: "rfq_generator", data: RFQ_DATA });
    await hooks.runs.wait(run.run_id);
    const runDelivery = await until("the run.completed delivery", () => receiver.received.find((request) => request.body.includes(run.run_id)));
    const runEvent = hooks.webhooks.verify(new TextEncoder().encode(runDelivery.body), new Headers(runDelivery.headers as Record<string, string>), firstSecret);
    expect(runEvent).toMatchObject({ event: "run.completed", run_id: run.run_id, agent_type: "rfq_generator", data: { requires_triage: false } });

    // The delivery log pages; a resend is one more attempt with the same event id.
    const attempts = await hooks.webhooks.deliveries(created.data.id, { limit: 1 }).toArray();
    expect(attempts.length).toBe(2);
    const resent = await hooks.webhooks.resend(created.data.id, attempts[0]!.id);
    expect(resent.data).toMatchObject({ webhook_id: created.data.id, delivery_id: attempts[0]!.id, status: "queued" });
    const resentDelivery = await until("the resent delivery", () => receiver.received[2]);
    expect(resentDelivery.headers["webhook-id"]).toBe(attempts[0]!.event_id);
    expect((await hooks.webhooks.enable(created.data.id)).data.enabled).toBe(false);

    // Rotation: both secrets verify the Standard Webhooks signatures; X-Service-Signature uses the new one.
    const rotated = await hooks.webhooks.rotateSecret(created.data.id);
    const newSecret = rotated.data.secret;
    expect(newSecret).not.toBe(firstSecret);
    expect(rotated.data.previous_secret_expires_at).not.toBeNull();
    await hooks.webhooks.test(owner.orgId);
    const rotatedDelivery = await until("the delivery after the rotation", () => receiver.received[3]);
    expect(String(rotatedDelivery.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(hooks.webhooks.verify(rotatedDelivery.body, rotatedDelivery.headers, newSecret)).toMatchObject({ event: "run.completed" });
    expect(hooks.webhooks.verify(rotatedDelivery.body, rotatedDelivery.headers, firstSecret)).toMatchObject({ event: "run.completed" });
    expect(verifyWebhook(rotatedDelivery.body, rotatedDelivery.headers, newSecret, { scheme: "service" })).toBeTruthy();
    expect(() => verifyWebhook(rotatedDelivery.body, rotatedDelivery.headers, firstSecret, { scheme: "service" })).toThrow(WebhookVerificationError);
    // A receiver holding both secrets accepts either scheme.
    expect(verifyWebhook(rotatedDelivery.body, rotatedDelivery.headers, [firstSecret, newSecret], { scheme: "service" })).toBeTruthy();

    expect(deliveries(receiver.received).length).toBe(4);
    expect(await hooks.webhooks.delete(created.data.id)).toEqual({ success: true });
    await expect(hooks.webhooks.delete(created.data.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
