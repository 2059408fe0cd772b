// Agents move from test to live (docs/api-conventions.md, "Copying an agent to live"):
// POST /v1/agents/{name}/copy-from-test with a live-mode key makes the live agent's version 1,
// then its next versions, from test-mode versions, with everything that defines them; live
// runs use the copy; a test key, a built-in, another organization's or an unknown version are
// refused; the model allow-list, schema limits and caps apply. Against a server of this
// file's own with a model (the fake OpenAI-compatible server).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let orgId: string;
let key: string;
let testKey: string;
let readKey: string;
let otherKey: string;
let otherTestKey: string;

const api = (method: string, route: string, withKey: string, body?: unknown) => service.api(method, route, withKey, body);
const copy = (name: string, version: unknown, withKey = key) => api("POST", `/v1/agents/${name}/copy-from-test`, withKey, { version });

const INPUT_SCHEMA = { type: "object", properties: { email: { type: "string" } }, required: ["email"] };
const OUTPUT_SCHEMA = { type: "object", properties: { category: { type: "string", enum: ["invoice", "other"] } }, required: ["category"] };

/** What defines a version, as GET /v1/agents/{name} shows it (not its number, dates or origin). */
const definingContent = (agent: any) => ({
  description: agent.description,
  instructions: agent.instructions,
  output_schema: agent.output_schema,
  input_schema: agent.input_schema,
  tools: agent.tools,
  review: agent.review,
  model: agent.model,
});

async function defineInTest(name: string, body: Record<string, unknown> = {}, withKey = testKey) {
  const created = await api("POST", "/v1/agents", withKey, { name, instructions: `Test-mode ${name}, version 1.`, ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.agent;
}

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await createOwnService("copylive");
  await service.start({
    OPENAI_BASE_URL: fake.baseUrl,
    AGENT_MODEL: "fake-model",
    AGENT_MODELS: "special-model",
    EXECUTOR_RETRY_BASE_MS: "50",
    // One model-backed test-mode run a day: the second "Try it" is refused.
    TEST_MODE_MODEL_RUNS_PER_DAY: "1",
  });
  ({ orgId, key } = await service.createOrgKey("Copy Co"));
  ({ key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test"));
  ({ key: readKey } = await service.cli("create-key", "--org", orgId, "--name", "r", "--scopes", "agents:read,agents:run", "--mode", "live"));
  let otherOrg: string;
  ({ orgId: otherOrg, key: otherKey } = await service.createOrgKey("Other Co"));
  ({ key: otherTestKey } = await service.cli("create-key", "--org", otherOrg, "--name", "t", "--scopes", "all", "--mode", "test"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

beforeEach(() => fake.reset());

describe("POST /v1/agents/{name}/copy-from-test", () => {
  it("creates the live agent (v1) from a test version, with the same content; live runs use it; copying again makes v2", async () => {
    await defineInTest("sorter");
    const testV2 = (
      await api("POST", "/v1/agents/sorter/versions", testKey, {
        description: "Sorts supplier email",
        instructions: "Test-mode sorter, version 2: sort the email.",
        output_schema: OUTPUT_SCHEMA,
        input_schema: INPUT_SCHEMA,
        tools: ["ap_match"],
        model: "special-model",
        review: { confidence_threshold: 0.8, sla_minutes: 90, max_rounds: 3, spot_check_rate: 0.25 },
      })
    ).body.agent;
    expect(testV2.version).toBe(2);
    // No live agent yet.
    expect((await api("GET", "/v1/agents/sorter", key)).status).toBe(404);

    const copied = await copy("sorter", 2);
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    expect(copied.body.agent).toMatchObject({ name: "sorter", kind: "custom", version: 1, copied_from: { mode: "test", version: 2 } });
    expect(definingContent(copied.body.agent)).toEqual(definingContent(testV2));
    const live = await api("GET", "/v1/agents/sorter", key);
    expect(live.body.agent.version).toBe(1);
    expect(definingContent(live.body.agent)).toEqual(definingContent(testV2));
    expect(live.body.versions).toEqual([expect.objectContaining({ version: 1, copied_from: { mode: "test", version: 2 } })]);

    // A live run uses the copy: its instructions, model and input schema.
    fake.script(completion({ output: { category: "invoice" }, confidence: 0.95, needs_review: false, review_reason: null }));
    const started = await api("POST", "/v1/run", key, { task: "Sort this email", agent_type: "sorter", data: { email: "a@b.test" } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const run = await until("the live run to settle", async () => {
      const { body } = await api("GET", `/v1/runs/${started.body.run_id}`, key);
      return ["completed", "failed", "pending_triage"].includes(body.run?.status) ? body.run : undefined;
    });
    expect(run).toMatchObject({ status: "completed", livemode: true, agent_version: 1, output: { category: "invoice" } });
    expect(fake.requests[0]!.body.model).toBe("special-model");
    expect(fake.requests[0]!.body.messages[0].content).toContain("Test-mode sorter, version 2");
    const refused = await api("POST", "/v1/run", key, { task: "Sort", agent_type: "sorter", data: { subject: "no email" } });
    expect(refused.status).toBe(400);

    // Copying again (here test version 1) adds live version 2, active from now on.
    const again = await copy("sorter", 1);
    expect(again.status).toBe(201);
    expect(again.body.agent).toMatchObject({ version: 2, instructions: "Test-mode sorter, version 1.", copied_from: { mode: "test", version: 1 }, input_schema: null, tools: [] });
    const versions = (await api("GET", "/v1/agents/sorter", key)).body.versions;
    expect(versions.map((version: any) => [version.version, version.copied_from])).toEqual([
      [1, { mode: "test", version: 2 }],
      [2, { mode: "test", version: 1 }],
    ]);

    // Mode isolation: the test agent is as it was (two versions, v2 active, no origin).
    const test = await api("GET", "/v1/agents/sorter", testKey);
    expect(test.body.agent).toMatchObject({ version: 2, copied_from: null });
    expect(test.body.versions).toHaveLength(2);
    // A live version made by hand records no origin.
    const byHand = await api("POST", "/v1/agents/sorter/versions", key, { instructions: "Live by hand." });
    expect(byHand.body.agent).toMatchObject({ version: 3, copied_from: null });
    // A later test-mode version changes nothing live.
    await api("POST", "/v1/agents/sorter/versions", testKey, { instructions: "Test v3." });
    expect((await api("GET", "/v1/agents/sorter", key)).body.agent).toMatchObject({ version: 3, instructions: "Live by hand." });
  });

  it("refuses a test-mode key (400 naming the rule), a built-in (400), a read-only key (403) and a body that is not a whole version (400)", async () => {
    await defineInTest("test_keyed");
    const withTestKey = await copy("test_keyed", 1, testKey);
    expect(withTestKey.status).toBe(400);
    expect(withTestKey.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("live-mode key") });
    expect((await api("GET", "/v1/agents/test_keyed", testKey)).body.versions).toHaveLength(1);

    const builtIn = await copy("ap_specialist", 1);
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toContain("built-in");

    const readOnly = await copy("test_keyed", 1, readKey);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });

    for (const version of ["1", 0, 1.5, null]) expect((await copy("test_keyed", version)).status, String(version)).toBe(400);
    const extra = await api("POST", "/v1/agents/test_keyed/copy-from-test", key, { version: 1, instructions: "x" });
    expect(extra.status).toBe(400);
    expect((await api("GET", "/v1/agents/test_keyed", key)).status).toBe(404);
  });

  it("an unknown test agent or version, a live-only agent and another organization's test agent are 404", async () => {
    await defineInTest("known");
    expect((await copy("known", 2)).body).toMatchObject({ type: "not_found" });
    expect((await copy("known", 2)).status).toBe(404);
    expect((await copy("never_defined", 1)).status).toBe(404);
    // Defined in live mode only: there is no test version to copy.
    expect((await api("POST", "/v1/agents", key, { name: "live_only", instructions: "Live." })).status).toBe(201);
    expect((await copy("live_only", 1)).status).toBe(404);
    // Another organization's test agent of the same name is not ours, and ours is not theirs.
    await defineInTest("theirs", {}, otherTestKey);
    expect((await copy("theirs", 1)).status).toBe(404);
    const crossed = await copy("known", 1, otherKey);
    expect(crossed.status).toBe(404);
    expect((await api("GET", "/v1/agents/known", otherKey)).status).toBe(404);
    expect((await api("GET", "/v1/agents/known", key)).status).toBe(404);
  });

  it("applies today's checks: the model allow-list and the schema limits (400), an archived live agent (409)", async () => {
    // Versions stored before the operator narrowed AGENT_MODELS or the schema rules: not copied.
    await defineInTest("old_model", { model: "special-model" });
    await defineInTest("old_schema");
    await withDatabase(service.databaseUrl, async (client) => {
      await client.query(
        `UPDATE agent_versions SET model = 'retired-model'
         WHERE agent_definition_id = (SELECT id FROM agent_definitions WHERE name = 'old_model' AND organization_id = $1 AND NOT livemode)`,
        [orgId],
      );
      await client.query(
        `UPDATE agent_versions SET output_schema = '{"type": "array"}'::jsonb
         WHERE agent_definition_id = (SELECT id FROM agent_definitions WHERE name = 'old_schema' AND organization_id = $1 AND NOT livemode)`,
        [orgId],
      );
    });
    const oldModel = await copy("old_model", 1);
    expect(oldModel.status).toBe(400);
    expect(oldModel.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("fake-model, special-model") });
    const oldSchema = await copy("old_schema", 1);
    expect(oldSchema.status).toBe(400);
    expect(oldSchema.body.message).toContain("output_schema");
    expect((await api("GET", "/v1/agents/old_model", key)).status).toBe(404);

    // An archived live agent keeps its name and takes no new version.
    await defineInTest("retired");
    expect((await copy("retired", 1)).status).toBe(201);
    expect((await api("DELETE", "/v1/agents/retired", key)).status).toBe(200);
    const archived = await copy("retired", 1);
    expect(archived.status).toBe(409);
    expect(archived.body.message).toContain("archived");
  });

  it("two copies at once of an agent not yet live make versions 1 and 2, not an error", async () => {
    await defineInTest("raced");
    const [a, b] = await Promise.all([copy("raced", 1), copy("raced", 1)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.agent.version, b.body.agent.version].sort()).toEqual([1, 2]);
  });
});

describe("the dashboard: Copy to live and Try it of a live agent", () => {
  const trpc = async (procedure: string, input: unknown, cookie: string, method: "GET" | "POST" = "POST") => {
    const base = `${service.server().baseUrl}/api/trpc/${procedure}`;
    const response =
      method === "GET"
        ? await fetch(`${base}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } })
        : await fetch(base, { method, headers: { "content-type": "application/json", cookie }, body: JSON.stringify(input) });
    return { status: response.status, body: await response.json() };
  };

  it("an admin copies from the test-mode page; a reviewer may not (403)", async () => {
    await defineInTest("from_page");
    const reviewer = await trpc("agents.copyFromTest", { name: "from_page", version: 1 }, `${await service.signIn(orgId, "reviewer")}; aw_mode=test`);
    expect(reviewer.status).toBe(403);
    expect(reviewer.body.error.data.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
    const copied = await trpc("agents.copyFromTest", { name: "from_page", version: 1 }, `${await service.signIn(orgId, "admin")}; aw_mode=test`);
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body.result.data.agent).toMatchObject({ version: 1, copied_from: { mode: "test", version: 1 } });
    expect((await api("GET", "/v1/agents/from_page", key)).body.agent).toMatchObject({ version: 1, instructions: "Test-mode from_page, version 1." });
  });

  it("Try it on a live agent runs its live version in test mode: free, counted against the test-mode allowance", async () => {
    expect((await api("POST", "/v1/agents", key, { name: "live_tried", instructions: "Live instructions of live_tried." })).status).toBe(201);
    const cookie = `${await service.signIn(orgId, "reviewer")}; aw_mode=live`;
    const liveUsage = (await api("GET", "/v1/usage", key)).body.credits_used;
    fake.script(completion({ output: { tried: true }, confidence: 0.95, needs_review: false, review_reason: null }));
    const started = await trpc("agents.tryRun", { name: "live_tried", task: "Try this" }, cookie);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const runId = started.body.result.data.run_id as string;
    const result = await until("the try to settle", async () => {
      const { body } = await trpc("agents.tryResult", { id: runId }, cookie, "GET");
      return ["completed", "failed"].includes(body.result?.data?.run?.status) ? body.result.data : undefined;
    });
    expect(result.run).toMatchObject({ status: "completed", livemode: false, agent_type: "live_tried", agent_version: 1, output: { tried: true } });
    expect(result.steps.length).toBeGreaterThan(0);
    expect(fake.requests[0]!.body.messages[0].content).toContain("Live instructions of live_tried.");
    // A test-mode run: the test key reads it, the live key does not, and live credits did not move.
    expect((await api("GET", `/v1/runs/${runId}`, testKey)).status).toBe(200);
    expect((await api("GET", `/v1/runs/${runId}`, key)).status).toBe(404);
    expect((await api("GET", "/v1/usage", key)).body.credits_used).toBe(liveUsage);
    // The day's one model-backed test-mode run is used: the next try is refused, nothing started.
    const second = await trpc("agents.tryRun", { name: "live_tried", task: "Try again" }, cookie);
    expect(second.status).toBe(429);
    expect(second.body.error.data.body).toMatchObject({ type: "test_mode_allowance_exhausted", allowance: 1, used: 1 });
    // The live agent is not a test-mode agent: a test key still cannot run it.
    expect((await api("POST", "/v1/run", testKey, { task: "x", agent_type: "live_tried" })).status).toBe(400);
    // A test-mode agent of the same name and version number is another definition: the tried
    // run is not its evidence (nor the live agent's, whose report holds live runs).
    await defineInTest("live_tried");
    const testReport = await api("GET", "/v1/agents/live_tried/quality?version=1", testKey);
    expect(testReport.status, JSON.stringify(testReport.body)).toBe(200);
    expect(testReport.body).toMatchObject({ version: 1, runs: 0 });
    expect((await api("GET", "/v1/agents/live_tried/quality?version=1", key)).body).toMatchObject({ version: 1, runs: 0 });
  });
});
