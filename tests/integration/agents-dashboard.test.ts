// The dashboard's own agent procedures (no /v1 path): agents.version (one version's
// content, for the version diff) and agents.tryRun ("Try it": a test-mode run through the
// same createRun as POST /v1/run, from either mode's page; agents.tryResult reads it). The
// shared server has no model configured.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { admin, call, createTenant, signInCookie, type TTenant, UUID_PATTERN } from "../helpers/api.ts";
import { until } from "../helpers/waiting.ts";

let tenant: TTenant;
let adminCookie: string;
let reviewerCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  tenant = await createTenant();
  adminCookie = await signInCookie(tenant.memberEmail, "correct horse battery");
  const tag = tenant.orgId.slice(0, 8);
  for (const role of ["reviewer", "viewer"]) {
    await admin("create-member", "--org", tenant.orgId, "--email", `${role}-${tag}@example.test`, "--name", role, "--role", role, "--password", `${role} password`);
  }
  reviewerCookie = await signInCookie(`reviewer-${tag}@example.test`, "reviewer password");
  viewerCookie = await signInCookie(`viewer-${tag}@example.test`, "viewer password");
});

const inTest = (cookie: string) => `${cookie}; aw_mode=test`;

const trpcQuery = async (procedure: string, input: unknown, cookie: string) => {
  const response = await fetch(`${inject("baseUrl")}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } });
  return { status: response.status, body: await response.json() };
};

const trpcMutation = async (procedure: string, input: unknown, cookie: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${inject("baseUrl")}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, ...headers },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: await response.json() };
};

const RFQ_DATA = { items: [{ description: "desk lamps", quantity: 3 }] };

describe("agents.tryRun", () => {
  it("starts a test-mode run for a reviewer, free, readable in test mode only", async () => {
    const before = await call("GET", "/v1/usage", { key: tenant.testKey });
    const started = await trpcMutation("agents.tryRun", { name: "rfq_generator", task: "Quote 3 desk lamps", data: RFQ_DATA }, inTest(reviewerCookie));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const runId = started.body.result.data.run_id as string;
    expect(runId).toMatch(UUID_PATTERN);
    expect(started.body.result.data).toMatchObject({ status: "queued", agent_type: "rfq_generator" });

    const settled = await until("the try-it run to complete", async () => {
      const { body } = await call("GET", `/v1/runs/${runId}`, { key: tenant.testKey });
      return body.run?.status === "completed" ? body : undefined;
    });
    expect(settled.run.output).toBeTruthy();
    // A test-mode run: the live key does not see it, and nothing was charged.
    expect((await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).status).toBe(404);
    const after = await call("GET", "/v1/usage", { key: tenant.testKey });
    expect(after.body.credits_used).toBe(before.body.credits_used);
  });

  it("applies the built-in's input checks like POST /v1/run: 400 with the field", async () => {
    const refused = await trpcMutation("agents.tryRun", { name: "ap_specialist", task: "Pay it", data: { invoice: "not an invoice" } }, inTest(adminCookie));
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.body).toMatchObject({ type: "validation_error" });
    expect(JSON.stringify(refused.body.error.data.body.issues)).toContain("invoice");
  });

  it("answers a custom agent without a configured model with the server's 400 naming the settings", async () => {
    const created = await trpcMutation(
      "agents.create",
      { name: "try_sorter", instructions: "Sort the email.", output_schema: { type: "object" } },
      inTest(adminCookie),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const refused = await trpcMutation("agents.tryRun", { name: "try_sorter", task: "Sort this" }, inTest(adminCookie));
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.body.message + JSON.stringify(refused.body.error.data.body.issues)).toMatch(/needs a model/);
  });

  it("replays the same Idempotency-Key with the same run", async () => {
    const input = { name: "rfq_generator", task: "Quote 2 chairs", data: { items: [{ description: "chairs", quantity: 2 }] } };
    const headers = { "idempotency-key": `try-${tenant.orgId}` };
    const first = await trpcMutation("agents.tryRun", input, inTest(adminCookie), headers);
    const second = await trpcMutation("agents.tryRun", input, inTest(adminCookie), headers);
    expect(first.status).toBe(200);
    expect(second.body.result.data.run_id).toBe(first.body.result.data.run_id);
  });

  it("from the live page runs in test mode (tryResult reads it there); refuses a viewer (403) and an unsigned caller (401)", async () => {
    const input = { name: "rfq_generator", task: "Quote 3 desk lamps", data: RFQ_DATA };
    const live = await trpcMutation("agents.tryRun", input, adminCookie);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    const runId = live.body.result.data.run_id as string;
    const tried = await until("the live page's try to complete", async () => {
      const { body } = await trpcQuery("agents.tryResult", { id: runId }, adminCookie);
      return body.result?.data?.run?.status === "completed" ? body.result.data : undefined;
    });
    expect(tried.run).toMatchObject({ livemode: false, agent_type: "rfq_generator" });
    expect((await call("GET", `/v1/runs/${runId}`, { key: tenant.testKey })).status).toBe(200);
    expect((await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).status).toBe(404);
    // tryResult reads test-mode runs only: a live run is not found there.
    const liveRun = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Quote 1 lamp", agent_type: "rfq_generator", data: RFQ_DATA } });
    expect((await trpcQuery("agents.tryResult", { id: liveRun.body.run_id }, adminCookie)).status).toBe(404);
    const viewer = await trpcMutation("agents.tryRun", input, inTest(viewerCookie));
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.data.body).toMatchObject({ type: "insufficient_scope", required: "agents:run" });
    const keyed = await fetch(`${inject("baseUrl")}/api/trpc/agents.tryRun`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tenant.testKey}` },
      body: JSON.stringify(input),
    });
    expect(keyed.status).toBe(401);
  });
});

describe("agents.version and writes by role", () => {
  it("gives each version's content, and refuses a reviewer's and a viewer's writes with 403", async () => {
    const created = await trpcMutation("agents.create", { name: "versioned_one", instructions: "V1 instructions" }, adminCookie);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const added = await trpcMutation("agents.addVersion", { name: "versioned_one", instructions: "V2 instructions", tools: ["ap_match"] }, adminCookie);
    expect(added.body.result.data.agent.version).toBe(2);

    const v1 = await trpcQuery("agents.version", { name: "versioned_one", version: 1 }, viewerCookie);
    expect(v1.status).toBe(200);
    expect(v1.body.result.data.agent).toMatchObject({ version: 1, instructions: "V1 instructions", tools: [] });
    const v2 = await trpcQuery("agents.version", { name: "versioned_one", version: 2 }, viewerCookie);
    expect(v2.body.result.data.agent).toMatchObject({ version: 2, instructions: "V2 instructions", tools: ["ap_match"] });
    expect((await trpcQuery("agents.version", { name: "versioned_one", version: 3 }, viewerCookie)).status).toBe(404);

    for (const cookie of [reviewerCookie, viewerCookie]) {
      const refused = await trpcMutation("agents.create", { name: "not_allowed", instructions: "x" }, cookie);
      expect(refused.status).toBe(403);
      expect(refused.body.error.data.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
      expect((await trpcMutation("agents.rollback", { name: "versioned_one", version: 1 }, cookie)).status).toBe(403);
    }
    expect((await trpcQuery("agents.get", { name: "versioned_one" }, adminCookie)).body.result.data.agent.version).toBe(2);
  });
});

describe("agent definition bodies from the dashboard", () => {
  it("are held to the agent endpoints' 1 MB limit, as on /v1: 413 before parsing, alone or in a batch", async () => {
    // 2 MB: under the server's MAX_BODY_BYTES (5 MB), over the agent definitions' own limit.
    const large = { name: "too_large", instructions: "x".repeat(2 * 1024 * 1024) };
    for (const procedure of ["agents.create", "agents.addVersion"]) {
      const refused = await trpcMutation(procedure, large, adminCookie);
      expect(refused.status, JSON.stringify(refused.body).slice(0, 300)).toBe(413);
      expect(refused.body.error.data.body).toMatchObject({ type: "payload_too_large" });
    }
    const batched = await fetch(`${inject("baseUrl")}/api/trpc/runs.list,agents.create?batch=1`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie },
      body: JSON.stringify({ 0: {}, 1: large }),
    });
    expect(batched.status).toBe(413);
    expect((await trpcQuery("agents.get", { name: "too_large" }, adminCookie)).status).toBe(404);
  });
});
