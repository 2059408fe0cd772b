// Agents customers define and version through /v1/agents (docs/api-conventions.md, "Agent
// definitions"), against a server of this file's own with a model (the fake
// OpenAI-compatible server) and a local HTTPS webhook receiver: create, version, pin,
// rollback, archive; output_schema repair then a charged failure; triage by the version's
// policy; input_schema refusals charging nothing; scopes; other organizations and modes.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { call, createTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, toolCallCompletion, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { startReceiver } from "../helpers/https-receiver.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until, waitForRunSettled } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let orgId: string;
let key: string;
let testKey: string;
let otherKey: string;
let readKey: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const CATEGORY_SCHEMA = {
  type: "object",
  properties: { category: { type: "string", enum: ["invoice", "complaint", "other"] } },
  required: ["category"],
};

const envelope = (output: unknown, overrides: Record<string, unknown> = {}) => ({
  output,
  confidence: 0.9,
  needs_review: false,
  review_reason: null,
  ...overrides,
});

const api = (method: string, route: string, withKey: string, body?: unknown) => service.api(method, route, withKey, body);

async function define(body: Record<string, unknown>, withKey = key) {
  const created = await api("POST", "/v1/agents", withKey, { instructions: "Classify the supplier email.", ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.agent;
}

async function startRun(body: Record<string, unknown>, withKey = key) {
  const created = await api("POST", "/v1/run", withKey, { task: "Classify this email: the invoice is attached", ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return created.body.run_id as string;
}

const settled = (runId: string, withKey = key) => waitForRunSettled((path) => api("GET", path, withKey), runId, { timeoutMs: 60_000 });

const creditsUsed = async () => (await api("GET", "/v1/usage", key)).body.credits_used as number;
const systemPrompt = (index: number) => fake.requests[index]!.body.messages[0].content as string;

beforeAll(async () => {
  const certificate = inject("certificate");
  fake = await startFakeModelServer();
  receiver = await startReceiver(certificate);
  service = await createOwnService("agentdefs");
  await service.start({
    OPENAI_BASE_URL: fake.baseUrl,
    AGENT_MODEL: "fake-model",
    // The operator allows one more model, which version 1 of supplier_email names.
    AGENT_MODELS: "special-model",
    AGENT_MODEL_TIMEOUT_MS: "1000",
    EXECUTOR_RETRY_BASE_MS: "50",
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  });
  ({ orgId, key } = await service.createOrgKey("Agents Co"));
  ({ key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test"));
  ({ key: readKey } = await service.cli("create-key", "--org", orgId, "--name", "r", "--scopes", "agents:read,agents:run", "--mode", "live"));
  ({ key: otherKey } = await service.createOrgKey("Other Co"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
  await receiver?.close();
});

beforeEach(() => fake.reset());

describe("GET /v1/agents", () => {
  it("lists the built-ins (assistant too: a model is configured) with their input schemas, and the tools", async () => {
    const { status, body } = await api("GET", "/v1/agents", key);
    expect(status).toBe(200);
    const byName = Object.fromEntries(body.data.map((agent: any) => [agent.name, agent]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(["center", "rfq_generator", "ap_specialist", "assistant"]));
    expect(byName.ap_specialist).toMatchObject({ kind: "built_in", version: 1, instructions: null });
    expect(byName.ap_specialist.input_schema.properties.invoice).toBeDefined();
    expect(byName.assistant).toMatchObject({ model: "fake-model", tools: ["ap_match", "rfq_draft"] });
    expect(body.tools.map((tool: any) => tool.name)).toEqual(["ap_match", "rfq_draft"]);
    expect((await api("GET", "/v1/agents/center", key)).body).toMatchObject({ agent: { name: "center", kind: "built_in" }, versions: [{ version: 1 }] });
  });
});

describe("defining, versioning, pinning, rolling back and archiving", () => {
  it("runs each version as pinned, rolls back without a new version, and refuses new runs once archived", async () => {
    const created = await define({
      name: "supplier_email",
      description: "Sorts supplier email",
      instructions: "V1: classify the supplier email.",
      output_schema: CATEGORY_SCHEMA,
      tools: ["ap_match"],
      model: "special-model",
    });
    expect(created).toMatchObject({
      name: "supplier_email",
      kind: "custom",
      version: 1,
      description: "Sorts supplier email",
      output_schema: CATEGORY_SCHEMA,
      input_schema: null,
      tools: ["ap_match"],
      review: { confidence_threshold: null, always: false },
      model: "special-model",
    });
    expect((await api("GET", "/v1/agents", key)).body.data.map((agent: any) => agent.name)).toContain("supplier_email");

    // Names: unique per organization and mode; a built-in's is taken; the pattern holds.
    expect((await api("POST", "/v1/agents", key, { name: "supplier_email", instructions: "x" })).status).toBe(409);
    const builtIn = await api("POST", "/v1/agents", key, { name: "center", instructions: "x" });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.type).toBe("conflict");
    expect((await api("POST", "/v1/agents", key, { name: "Bad-Name", instructions: "x" })).status).toBe(400);

    const v2 = await api("POST", "/v1/agents/supplier_email/versions", key, { instructions: "V2: classify it carefully.", output_schema: CATEGORY_SCHEMA });
    expect(v2.status).toBe(201);
    expect(v2.body.agent).toMatchObject({ version: 2, instructions: "V2: classify it carefully.", tools: [], model: null });

    // The active version (2), through AGENT_MODEL; then version 1 pinned, with its own model and tools.
    fake.script(completion(envelope({ category: "invoice" })), completion(envelope({ category: "complaint" })));
    const active = await settled(await startRun({ agent_type: "supplier_email" }));
    expect(active.run).toMatchObject({ status: "completed", agent_type: "supplier_email", agent_version: 2, output: { category: "invoice" } });
    expect(systemPrompt(0)).toContain("V2: classify it carefully.");
    expect(fake.requests[0]!.body.model).toBe("fake-model");
    expect(fake.requests[0]!.body.response_format.json_schema.schema.properties.output).toEqual(CATEGORY_SCHEMA);
    expect(fake.requests[0]!.body.tools).toBeUndefined();

    const pinned = await settled(await startRun({ agent_type: "supplier_email", agent_version: 1 }));
    expect(pinned.run).toMatchObject({ status: "completed", agent_version: 1, output: { category: "complaint" } });
    expect(systemPrompt(1)).toContain("V1: classify the supplier email.");
    expect(fake.requests[1]!.body.model).toBe("special-model");
    expect(fake.requests[1]!.body.tools.map((tool: any) => tool.function.name)).toEqual(["ap_match"]);

    const unknownVersion = await api("POST", "/v1/run", key, { task: "x", agent_type: "supplier_email", agent_version: 7 });
    expect(unknownVersion.status).toBe(400);
    expect(unknownVersion.body.message).toContain("agent_version 7");

    // Rollback: version 1 active again, no version 3.
    const rolledBack = await api("POST", "/v1/agents/supplier_email/rollback", key, { version: 1 });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.agent).toMatchObject({ version: 1, instructions: "V1: classify the supplier email." });
    expect((await api("POST", "/v1/agents/supplier_email/rollback", key, { version: 9 })).status).toBe(404);
    const detail = await api("GET", "/v1/agents/supplier_email", key);
    expect(detail.body.agent.version).toBe(1);
    expect(detail.body.versions.map((version: any) => version.version)).toEqual([1, 2]);
    expect(detail.body.versions[0].created_by).toMatch(/^api_key:/);

    fake.script(completion(envelope({ category: "other" })));
    const afterRollback = await settled(await startRun({ agent_type: "supplier_email" }));
    expect(afterRollback.run.agent_version).toBe(1);
    expect(systemPrompt(2)).toContain("V1:");

    // Archived: new runs refused (400 naming it), past runs and versions still readable.
    expect((await api("DELETE", "/v1/agents/supplier_email", key)).body).toEqual({ archived: true });
    const refused = await api("POST", "/v1/run", key, { task: "x", agent_type: "supplier_email" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("supplier_email") });
    expect((await api("GET", "/v1/agents", key)).body.data.map((agent: any) => agent.name)).not.toContain("supplier_email");
    const archived = await api("GET", "/v1/agents/supplier_email", key);
    expect(archived.status).toBe(200);
    expect(archived.body.agent.archived_at).toEqual(expect.any(String));
    expect((await api("GET", `/v1/runs/${active.run.id}`, key)).body.run.agent_version).toBe(2);
    expect((await api("POST", "/v1/agents/supplier_email/versions", key, { instructions: "V3" })).status).toBe(409);
    // An archived agent keeps its name.
    expect((await api("POST", "/v1/agents", key, { name: "supplier_email", instructions: "again" })).status).toBe(409);
  });

  it("refuses unusable definitions with 400 naming the problem, and built-ins are read-only", async () => {
    const badSchema = await api("POST", "/v1/agents", key, { name: "bad_schema", instructions: "x", output_schema: { type: 5 } });
    expect(badSchema.status).toBe(400);
    expect(badSchema.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("output_schema") });
    const notObject = await api("POST", "/v1/agents", key, { name: "bad_output", instructions: "x", output_schema: { type: "string" } });
    expect(notObject.status).toBe(400);
    const badInput = await api("POST", "/v1/agents", key, { name: "bad_input", instructions: "x", input_schema: { required: "email" } });
    expect(badInput.status).toBe(400);
    expect(badInput.body.message).toContain("input_schema");
    const badTool = await api("POST", "/v1/agents", key, { name: "bad_tool", instructions: "x", tools: ["send_money"] });
    expect(badTool.status).toBe(400);
    expect(JSON.stringify(badTool.body)).toContain("tools");
    const badThreshold = await api("POST", "/v1/agents", key, { name: "bad_review", instructions: "x", review: { confidence_threshold: 1.5 } });
    expect(badThreshold.status).toBe(400);
    expect((await api("GET", "/v1/agents/bad_schema", key)).status).toBe(404);

    for (const [method, route, body] of [
      ["POST", "/v1/agents/center/versions", { instructions: "x" }],
      ["POST", "/v1/agents/ap_specialist/rollback", { version: 1 }],
      ["DELETE", "/v1/agents/rfq_generator", undefined],
    ] as const) {
      const response = await api(method, route, key, body);
      expect(response.status, route).toBe(409);
      expect(response.body.message).toContain("built-in");
    }
    expect((await api("POST", "/v1/run", key, { task: "x", agent_type: "center", agent_version: 2 })).status).toBe(400);
  });
});

describe("bounds", () => {
  it("an organization has at most 100 agents per mode (archived included): the 101st is 409; the other mode is apart", async () => {
    const { key: capKey } = await service.createOrgKey("Cap Co");
    for (let chunk = 0; chunk < 10; chunk += 1) {
      await Promise.all(Array.from({ length: 10 }, (_, index) => define({ name: `agent_${chunk}_${index}` }, capKey)));
    }
    await api("DELETE", "/v1/agents/agent_0_0", capKey);
    const refused = await api("POST", "/v1/agents", capKey, { name: "one_too_many", instructions: "x" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("at most 100 agents");
  });

  it("an agent keeps at most 1,000 versions; unknown, archived and full agents are refused before the schema is looked at", async () => {
    const { key: fullKey, orgId: fullOrg } = await service.createOrgKey("Versions Co");
    await define({ name: "many_versions" }, fullKey);
    await withDatabase(service.databaseUrl, async (client) => {
      await client.query(
        `INSERT INTO agent_versions
         SELECT (jsonb_populate_record(NULL::agent_versions, to_jsonb(v) || jsonb_build_object('id', gen_random_uuid(), 'version', g))).*
         FROM agent_versions v JOIN agent_definitions d ON d.id = v.agent_definition_id, generate_series(2, 1000) g
         WHERE d.organization_id = $1 AND d.name = 'many_versions' AND v.version = 1`,
        [fullOrg],
      );
    });
    // A schema this server refuses (draft-07) would be a 400 once looked at: each refusal comes first.
    const badSchema = { instructions: "x", output_schema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object" } };
    const full = await api("POST", "/v1/agents/many_versions/versions", fullKey, badSchema);
    expect(full.status, JSON.stringify(full.body)).toBe(409);
    expect(full.body.message).toContain("has 1000 versions");
    expect((await api("POST", "/v1/agents/no_such_agent/versions", fullKey, badSchema)).status).toBe(404);
    await define({ name: "archived_one" }, fullKey);
    await api("DELETE", "/v1/agents/archived_one", fullKey);
    const archived = await api("POST", "/v1/agents/archived_one/versions", fullKey, badSchema);
    expect(archived.status).toBe(409);
    expect(archived.body.message).toContain("archived");
    // Below the cap the same schema is looked at: 400 naming it.
    await define({ name: "fresh_one" }, fullKey);
    const looked = await api("POST", "/v1/agents/fresh_one/versions", fullKey, badSchema);
    expect(looked.status).toBe(400);
    expect(looked.body.message).toContain("$schema");
  });
});

describe("output_schema", () => {
  it("an answer that violates it gets one repair request naming the path, then the run fails, charged (the model answered)", async () => {
    await define({ name: "strict_sorter", output_schema: CATEGORY_SCHEMA });
    const before = await creditsUsed();
    fake.script(completion(envelope({ category: "spam" })), completion(envelope({ category: "junk" })));
    const runId = await startRun({ agent_type: "strict_sorter" });
    const body = await settled(runId);
    expect(body.run.status).toBe("failed");
    expect(body.run.error_message).toMatch(/^output_schema_mismatch: /);
    expect(body.run.error_message).toContain("output.category");
    expect(body.run.error_message).toContain("after one repair attempt");
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.body.messages.at(-1);
    expect(repair).toMatchObject({ role: "user", content: expect.stringContaining("output.category") });

    // Charged 10 credits at acceptance and kept: the model answered, the agent's own schema refused it.
    expect(await creditsUsed()).toBe(before + 10);
    await withDatabase(service.databaseUrl, async (client) => {
      const { rows } = await client.query("SELECT reason, amount FROM credit_ledger WHERE run_id = $1 ORDER BY sequence", [runId]);
      expect(rows).toEqual([{ reason: "run", amount: -10 }]);
    });
  });

  it("a repaired answer completes, and tool calls are answered on the way", async () => {
    await define({ name: "repaired_sorter", output_schema: CATEGORY_SCHEMA, tools: ["rfq_draft"] });
    const before = await creditsUsed();
    fake.script(
      toolCallCompletion([["rfq_draft", { items: [{ description: "paper", quantity: 5 }] }]]),
      completion(envelope({ kind: "invoice" })),
      completion(envelope({ category: "invoice" })),
    );
    const body = await settled(await startRun({ agent_type: "repaired_sorter" }));
    expect(body.run).toMatchObject({ status: "completed", output: { category: "invoice" }, model_usage: { calls: 3 } });
    expect(fake.requests[1]!.body.messages.some((message: any) => message.role === "tool")).toBe(true);
    expect(await creditsUsed()).toBe(before + 10);

    // The custom run's step trace: each model call (the repair included) and the tool call.
    const steps = await api("GET", `/v1/runs/${body.run.id}/steps`, key);
    expect(steps.status).toBe(200);
    const types = steps.body.data.map((step: { type: string }) => step.type);
    expect(types.filter((type: string) => type === "model_call")).toHaveLength(3);
    const toolCall = steps.body.data.find((step: { type: string }) => step.type === "tool_call");
    expect(toolCall).toMatchObject({ status: "completed", detail: { name: "rfq_draft" } });
    expect(types.indexOf("tool_call")).toBeGreaterThan(types.indexOf("model_call"));
  });
});

describe("review policy of the version", () => {
  it("triages by the version's threshold (above and below the organization's) and by always; agent_version on run, item and webhook", async () => {
    const webhook = await api("POST", "/v1/webhooks", key, { url: receiver.url, events: ["run.completed", "run.triage_required"] });
    expect(webhook.status).toBe(201);
    await define({ name: "picky_sorter", review: { confidence_threshold: 0.95 } });
    await define({ name: "lenient_sorter", review: { confidence_threshold: 0.5 } });
    await define({ name: "always_sorter" });
    const always = await api("POST", "/v1/agents/always_sorter/versions", key, { instructions: "Classify.", review: { always: true } });
    expect(always.body.agent).toMatchObject({ version: 2, review: { always: true, confidence_threshold: null } });

    fake.script(
      completion(envelope({ category: "invoice" }, { confidence: 0.9 })),
      completion(envelope({ category: "invoice" }, { confidence: 0.6 })),
      completion(envelope({ category: "invoice" }, { confidence: 0.99 })),
    );
    // 0.9 meets the organization's 0.7 but not the version's 0.95.
    const picky = await settled(await startRun({ agent_type: "picky_sorter" }));
    expect(picky.run).toMatchObject({ status: "pending_triage", agent_version: 1 });
    expect(picky.triage_item.triage_reason).toBe("confidence 0.9 is below the review threshold 0.95");
    // 0.6 is below the organization's 0.7 but meets the version's 0.5.
    const lenient = await settled(await startRun({ agent_type: "lenient_sorter" }));
    expect(lenient.run).toMatchObject({ status: "completed", output: { category: "invoice" } });
    // always: a sure answer still waits for a person.
    const alwaysRun = await settled(await startRun({ agent_type: "always_sorter" }));
    expect(alwaysRun.run).toMatchObject({ status: "pending_triage", agent_version: 2, confidence_score: 0.99 });
    expect(alwaysRun.triage_item).toMatchObject({ agent_version: 2, proposed_output: { category: "invoice" } });
    expect(alwaysRun.triage_item.triage_reason).toContain("review.always");

    const queue = await api("GET", "/v1/triage", key);
    const queued = queue.body.data.find((item: any) => item.run_id === alwaysRun.run.id);
    expect(queued).toMatchObject({ agent_version: 2, agent_runs: { agent_type: "always_sorter" } });

    const payloads = await until("three deliveries", () => {
      const bodies = receiver.received.map((request) => JSON.parse(request.body));
      return bodies.length >= 3 ? bodies : undefined;
    });
    const byRun = Object.fromEntries(payloads.map((payload: any) => [payload.run_id, payload]));
    expect(byRun[alwaysRun.run.id]).toMatchObject({ event: "run.triage_required", agent_type: "always_sorter", data: { agent_version: 2, requires_triage: true } });
    expect(byRun[lenient.run.id]).toMatchObject({ event: "run.completed", data: { agent_version: 1, output: { category: "invoice" } } });
  });
});

describe("input_schema", () => {
  it("refuses data that does not fit, naming the path (a batch: the row too), before anything is charged or asked", async () => {
    await define({ name: "email_reader", input_schema: { type: "object", properties: { email: { type: "string" } }, required: ["email"] } });
    const before = await creditsUsed();
    const runsBefore = (await api("GET", "/v1/runs", key)).body.total;
    const run = await api("POST", "/v1/run", key, { task: "Read it", agent_type: "email_reader", data: { subject: "hi" } });
    expect(run.status).toBe(400);
    expect(run.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("data.email") });
    const batch = await api("POST", "/v1/batches", key, {
      agent_type: "email_reader",
      rows: [{ task: "one", data: { email: "a@b.test" } }, { task: "two", data: { email: 42 } }],
    });
    expect(batch.status).toBe(400);
    expect(batch.body.message).toContain("rows.1.data.email");
    expect(await creditsUsed()).toBe(before);
    expect((await api("GET", "/v1/runs", key)).body.total).toBe(runsBefore);
    expect(fake.requests).toHaveLength(0);

    // Data that fits is accepted, in a batch as in a run, each row charged 10 credits.
    fake.setFallback(completion(envelope({ read: true })));
    const accepted = await api("POST", "/v1/batches", key, { agent_type: "email_reader", rows: [{ task: "one", data: { email: "a@b.test" } }] });
    expect(accepted.status).toBe(201);
    expect(await creditsUsed()).toBe(before + 10);
    // Settled before the next test scripts its own answers.
    await until("the batch to finish", async () => (await api("GET", `/v1/batches/${accepted.body.job.id}`, key)).body.job?.status === "completed");
  });
});

describe("scopes, organizations and modes", () => {
  it("agents:read lists and reads but cannot define (403 insufficient_scope)", async () => {
    expect((await api("GET", "/v1/agents", readKey)).status).toBe(200);
    const refused = await api("POST", "/v1/agents", readKey, { name: "read_only", instructions: "x" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
    for (const [method, route, body] of [
      ["POST", "/v1/agents/anything/versions", { instructions: "x" }],
      ["POST", "/v1/agents/anything/rollback", { version: 1 }],
      ["DELETE", "/v1/agents/anything", undefined],
    ] as const) {
      expect((await api(method, route, readKey, body)).status, route).toBe(403);
    }
  });

  it("in the dashboard only admins define agents: a reviewer's session is refused agents:write", async () => {
    const define = (cookie: string, name: string) =>
      fetch(`${service.server().baseUrl}/api/trpc/agents.create`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `${cookie}; aw_mode=live` },
        body: JSON.stringify({ name, instructions: "Sort mail." }),
      });
    const reviewer = await define(await service.signIn(orgId, "reviewer"), "reviewer_agent");
    expect(reviewer.status).toBe(403);
    expect((await reviewer.json()).error.data.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
    const adminMember = await define(await service.signIn(orgId, "admin"), "admin_agent");
    expect(adminMember.status).toBe(200);
    expect((await api("GET", "/v1/agents/admin_agent", key)).body.versions[0].created_by).toMatch(/^member:/);
  });

  it("another organization's or mode's agent is 404 everywhere and cannot be run (400)", async () => {
    await define({ name: "live_only" });
    for (const other of [otherKey, testKey]) {
      expect((await api("GET", "/v1/agents/live_only", other)).status).toBe(404);
      expect((await api("GET", "/v1/agents", other)).body.data.map((agent: any) => agent.name)).not.toContain("live_only");
      expect((await api("POST", "/v1/agents/live_only/versions", other, { instructions: "x" })).status).toBe(404);
      expect((await api("POST", "/v1/agents/live_only/rollback", other, { version: 1 })).status).toBe(404);
      expect((await api("DELETE", "/v1/agents/live_only", other)).status).toBe(404);
      const run = await api("POST", "/v1/run", other, { task: "x", agent_type: "live_only" });
      expect(run.status).toBe(400);
      expect(run.body.message).toContain("live_only");
    }
    // The same name in test mode is another agent; its runs are free there.
    await define({ name: "live_only", instructions: "Test-mode twin." }, testKey);
    const before = await creditsUsed();
    fake.script(completion(envelope({ ok: true })));
    const body = await settled(await startRun({ agent_type: "live_only" }, testKey), testKey);
    expect(body.run).toMatchObject({ status: "completed", livemode: false, agent_version: 1 });
    expect(systemPrompt(0)).toContain("Test-mode twin.");
    expect(await creditsUsed()).toBe(before);
  });
});

describe("without a model configured", () => {
  it("a custom agent can be defined, but its runs are refused with 400 naming the settings, nothing charged", async () => {
    const tenant = await createTenant(); // on the shared test server, which has no model
    const listed = await call("GET", "/v1/agents", { key: tenant.key });
    expect(listed.body.data.map((agent: any) => agent.name)).not.toContain("assistant");
    const created = await call("POST", "/v1/agents", { key: tenant.key, body: { name: "no_model", instructions: "x" } });
    expect(created.status).toBe(201);
    const run = await call("POST", "/v1/run", { key: tenant.key, body: { task: "x", agent_type: "no_model" } });
    expect(run.status).toBe(400);
    expect(run.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("OPENAI_BASE_URL and AGENT_MODEL") });
    const batch = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "no_model", rows: [{ task: "one" }] } });
    expect(batch.status).toBe(400);
    expect((await call("GET", "/v1/usage", { key: tenant.key })).body).toMatchObject({ credits_used: 0 });
    expect((await call("GET", "/v1/runs", { key: tenant.key })).body.total).toBe(0);
  });
});
