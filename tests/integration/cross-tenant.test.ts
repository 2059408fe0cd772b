// Tenant and mode isolation (docs/contract.md, "Authentication and tenancy"): another
// organization's objects, and the same organization's objects seen from the other mode,
// answer 404 on every id-bearing route, never appear in lists, and refused calls change
// nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { admin, call, createTenant, type TTenant, waitFor, waitForRunToSettle } from "../helpers/api.ts";
import { insertRunAwaitingTriage, type TTriageFixture } from "../helpers/fixtures.ts";

let a: TTenant;
let b: TTenant;
let runId: string;
let triage: TTriageFixture;
let webhookId: string;
let batchId: string;
let ledgerEntryId: string;
let settledRun: unknown;
let finishedBatch: unknown;
// A's own agent (docs/api-conventions.md, "Agent definitions"): addressed by name, not id.
const AGENT = "tenant_a_agent";
let agentBefore: unknown;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant({ name: "Tenant A" }), createTenant({ name: "Tenant B" })]);

  const run = await call("POST", "/v1/run", { key: a.key, body: { task: "Draft an RFQ for 10 chairs", agent_type: "rfq_generator" } });
  expect(run.status).toBe(202);
  runId = run.body.run_id;

  triage = await insertRunAwaitingTriage(a.orgId);

  const webhook = await call("POST", "/v1/webhooks", { key: a.key, body: { url: "https://example.com/a-hook", events: ["run.completed"] } });
  expect(webhook.status).toBe(201);
  webhookId = webhook.body.data.id;

  const batch = await call("POST", "/v1/batches", { key: a.key, body: { agent_type: "center", rows: [{ task: "one" }, { task: "two" }] } });
  expect(batch.status).toBe(201);
  batchId = batch.body.job.id;

  const agent = await call("POST", "/v1/agents", { key: a.key, body: { name: AGENT, instructions: "Sort tenant A's mail." } });
  expect(agent.status).toBe(201);
  agentBefore = (await call("GET", `/v1/agents/${AGENT}`, { key: a.key })).body;

  ledgerEntryId = (await admin<{ id: string }>("topup", "--org", a.orgId, "--credits", "100")).id;

  // Let the background work finish, so "unchanged" compares settled states.
  settledRun = await waitForRunToSettle(a.key, runId);
  // Its rows ("one", "two" on center) end waiting for a person, so the job stays running.
  finishedBatch = await waitFor(`/v1/batches/${batchId}`, a.key, (body: any) =>
    body.rows.every((row: { status: string }) => row.status === "pending_triage"),
  );
});

const idRoutes = (): [string, string][] => [
  ["GET", `/v1/runs/${runId}`],
  ["GET", `/v1/runs/${runId}/stream`],
  ["GET", `/v1/runs/${runId}/steps`],
  ["POST", `/v1/runs/${runId}/cancel`],
  ["POST", `/v1/runs/${triage.runId}/cancel`],
  ["POST", `/v1/triage/${triage.triageItemId}/approve`],
  ["POST", `/v1/triage/${triage.triageItemId}/reject`],
  ["DELETE", `/v1/webhooks/${webhookId}`],
  ["GET", `/v1/webhooks/${webhookId}/deliveries`],
  ["GET", `/v1/batches/${batchId}`],
  ["POST", `/v1/batches/${batchId}/cancel`],
  ["GET", `/v1/agents/${AGENT}`],
  ["DELETE", `/v1/agents/${AGENT}`],
];
// The organization itself is not mode-scoped: docs/contract.md ("Endpoints") answers 404 here only when
// :orgId is not the key's organization, so A's own test key is checked separately below.
const orgTestRoute = (): [string, string] => ["POST", `/v1/webhooks/test/${a.orgId}`];
const routesFor = (key: string) => (key === a.testKey ? idRoutes() : [...idRoutes(), orgTestRoute()]);

const outsiders = (): [string, string][] => [
  ["another organization's live key", b.key],
  ["another organization's test key", b.testKey],
  ["the same organization's test-mode key", a.testKey],
];

describe("id-bearing routes answer 404 outside the owning tenant and mode", () => {
  it.each(["another organization's live key", "another organization's test key", "the same organization's test-mode key"])(
    "with %s",
    async (label) => {
      const key = new Map(outsiders()).get(label)!;
      for (const [method, path] of routesFor(key)) {
        const response = await call(method, path, { key });
        expect({ route: `${method} ${path}`, status: response.status, type: response.body?.type }).toEqual({
          route: `${method} ${path}`,
          status: 404,
          type: "not_found",
        });
        expect(response.body.error).toBe("not_found");
        expect(response.text).not.toContain(a.orgId);
      }
    },
  );

  it("lets A's test key test only A's test-mode webhooks (none), never the live one", async () => {
    const response = await call("POST", `/v1/webhooks/test/${a.orgId}`, { key: a.testKey });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [] });
    expect(response.text).not.toContain(webhookId);
  });
});

describe("lists never show the owning tenant's live objects", () => {
  const lists: [string, (body: any) => string[]][] = [
    ["/v1/runs?limit=100", (body) => body.data.map((run: { id: string }) => run.id)],
    ["/v1/triage?limit=100", (body) => body.data.flatMap((item: { id: string; run_id: string }) => [item.id, item.run_id])],
    ["/v1/webhooks", (body) => body.data.map((webhook: { id: string }) => webhook.id)],
    ["/v1/batches?limit=100", (body) => body.jobs.map((job: { id: string }) => job.id)],
    ["/v1/usage/history", (body) => body.data.map((entry: { id: string }) => entry.id)],
    ["/v1/agents", (body) => body.data.filter((agent: { kind: string }) => agent.kind === "custom").map((agent: { name: string }) => agent.name)],
  ];

  it("the owner's live key does see them (so the checks below can fail)", async () => {
    const seen = new Set<string>();
    for (const [path, ids] of lists) {
      const response = await call("GET", path, { key: a.key });
      expect(response.status).toBe(200);
      for (const id of ids(response.body)) seen.add(id);
    }
    for (const id of [runId, triage.runId, triage.triageItemId, webhookId, batchId, ledgerEntryId, AGENT]) expect(seen).toContain(id);
  });

  it.each(["another organization's live key", "another organization's test key", "the same organization's test-mode key"])(
    "with %s",
    async (label) => {
      const key = new Map(outsiders()).get(label)!;
      const owned = [runId, triage.runId, triage.triageItemId, webhookId, batchId, ledgerEntryId, AGENT];
      for (const [path, ids] of lists) {
        const response = await call("GET", path, { key });
        expect(response.status).toBe(200);
        expect(ids(response.body)).toEqual([]);
        for (const id of owned) expect(response.text).not.toContain(id);
      }
      const usage = await call("GET", "/v1/usage", { key });
      expect(usage.body.topup_credits).toBe(0);
    },
  );
});

describe("refused calls change nothing", () => {
  it("leaves the run, the pending triage item, the webhook, the batch and the agent exactly as they were", async () => {
    // Run after the refusals above (Vitest runs a file's tests in order); repeat them
    // here so this test stands on its own.
    for (const [, key] of outsiders()) for (const [method, path] of routesFor(key)) await call(method, path, { key });

    const run = await call("GET", `/v1/runs/${runId}`, { key: a.key });
    expect(run.status).toBe(200);
    expect(run.body).toEqual(settledRun);

    const blocked = await call("GET", `/v1/runs/${triage.runId}`, { key: a.key });
    expect(blocked.body.run.status).toBe("pending_triage");
    expect(blocked.body.triage_item).toMatchObject({ id: triage.triageItemId, status: "pending", resolved_at: null });
    const queue = await call("GET", "/v1/triage", { key: a.key });
    expect(queue.body.data.map((item: { id: string }) => item.id)).toContain(triage.triageItemId);

    const webhooks = await call("GET", "/v1/webhooks", { key: a.key });
    expect(webhooks.body.data).toContainEqual(expect.objectContaining({ id: webhookId, is_active: true }));
    const deliveries = await call("GET", `/v1/webhooks/${webhookId}/deliveries`, { key: a.key });
    expect(deliveries.body.total).toBe(0);

    const batch = await call("GET", `/v1/batches/${batchId}`, { key: a.key });
    expect(batch.body).toEqual(finishedBatch);

    // Not archived by anyone else's DELETE.
    expect((await call("GET", `/v1/agents/${AGENT}`, { key: a.key })).body).toEqual(agentBefore);
  });
});
