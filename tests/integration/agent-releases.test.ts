// Versions that go live on evidence (docs/api-conventions.md, "Releases"), against a server of
// this file's own with a model (the fake OpenAI-compatible server): a version stored with
// `activate: false` is not what unpinned runs get until it is made active; the version list
// says who made each version active and when; the release gate refuses a version without a
// passed evaluation (creating it stores nothing), `force` passes and is recorded; a version
// that was active before, and an agent's version 1, are not gated; evaluations stored at rest
// decide the gate by the version's own release settings; other organizations and modes see
// nothing and a read-only key changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { ISO_PATTERN } from "../helpers/api.ts";
import { waitForRunSettled } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let orgId: string;
let key: string;
let testKey: string;
let readKey: string;
let otherKey: string;

const api = (method: string, route: string, withKey: string, body?: unknown) => service.api(method, route, withKey, body);
const envelope = (output: unknown) => ({ output, confidence: 0.95, needs_review: false, review_reason: null });

async function define(body: Record<string, unknown>) {
  const created = await api("POST", "/v1/agents", key, { instructions: "V1: classify the supplier email.", ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.agent;
}

async function versionsOf(name: string, withKey = key) {
  const detail = await api("GET", `/v1/agents/${name}`, withKey);
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  return detail.body as { agent: any; versions: any[] };
}

/** Runs the agent (pinned to `version` when given) and answers the settled run and the system prompt the model got. */
async function runOf(name: string, version?: number) {
  const before = fake.requests.length;
  const created = await api("POST", "/v1/run", key, { task: "Classify this email: the invoice is attached", agent_type: name, ...(version ? { agent_version: version } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const { run } = await waitForRunSettled((path) => api("GET", path, key), created.body.run_id as string, { timeoutMs: 60_000 });
  expect(run.status).toBe("completed");
  return { run, prompt: fake.requests[before]!.body.messages[0].content as string };
}

/** An evaluation stored at rest as the evaluation service leaves a finished one (the gate reads only these). */
async function storeEvaluation(name: string, version: number, counts: { status?: string; agreed: number; disagreed: number; baseline: number | null; secondsLater?: number }) {
  await withDatabase(service.databaseUrl, async (client) => {
    await client.query(
      `INSERT INTO evaluations (id, organization_id, livemode, agent_definition_id, agent_name, version, baseline_version, status,
         period_from, period_to, cases, completed_cases, agreed, disagreed, baseline, created_by, created_at, completed_at)
       SELECT gen_random_uuid(), organization_id, livemode, id, name, $3, active_version, $4::text,
         now() - interval '30 days', now(), $5, $5, $6, $7, $8::jsonb, 'test fixture', now() + make_interval(secs => $9), CASE WHEN $4::text = 'completed' THEN now() END
       FROM agent_definitions WHERE organization_id = $1::uuid AND livemode = true AND name = $2`,
      [orgId, name, version, counts.status ?? "completed", counts.agreed + counts.disagreed, counts.agreed, counts.disagreed,
        JSON.stringify({ version: 1, agreement_rate: counts.baseline, review_rate: 0 }), counts.secondsLater ?? 0],
    );
  });
}

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await createOwnService("releases");
  await service.start({ OPENAI_BASE_URL: fake.baseUrl, AGENT_MODEL: "fake-model", AGENT_MODEL_TIMEOUT_MS: "2000", EXECUTOR_RETRY_BASE_MS: "50" });
  ({ orgId, key } = await service.createOrgKey("Releases Co"));
  ({ key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test"));
  ({ key: readKey } = await service.cli("create-key", "--org", orgId, "--name", "r", "--scopes", "agents:read,agents:run", "--mode", "live"));
  ({ key: otherKey } = await service.createOrgKey("Other Co"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
  fake.setFallback(completion(envelope({ category: "invoice" })));
});

describe("a version created with activate: false", () => {
  it("is stored but not active: unpinned runs keep the active version, pinned runs use it, and making it active records who and when", async () => {
    const created = await define({ name: "rel_inactive" });
    expect(created.release).toEqual({ require_evaluation: false, max_regression: 0.02, min_cases: 20 });
    const [first] = (await versionsOf("rel_inactive")).versions;
    // Version 1 is active from its creation, made so by its creator.
    expect(first).toMatchObject({ version: 1, active: true, activated_at: first.created_at, activated_by: first.created_by, forced: false });

    const stored = await api("POST", "/v1/agents/rel_inactive/versions", key, { instructions: "V2: classify it carefully.", activate: false });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    // The answer is the agent as it now is: still version 1.
    expect(stored.body.agent).toMatchObject({ version: 1, instructions: "V1: classify the supplier email." });

    const listed = await versionsOf("rel_inactive");
    expect(listed.agent.version).toBe(1);
    expect(listed.versions.map((version) => version.version)).toEqual([1, 2]);
    expect(listed.versions[1]).toMatchObject({
      version: 2,
      active: false,
      created_at: expect.stringMatching(ISO_PATTERN),
      created_by: expect.stringMatching(/^api_key:/),
      activated_at: null,
      activated_by: null,
      forced: false,
      latest_evaluation: null,
      latest_rollout: null,
    });

    const unpinned = await runOf("rel_inactive");
    expect(unpinned.run.agent_version).toBe(1);
    expect(unpinned.prompt).toContain("V1: classify the supplier email.");
    const pinned = await runOf("rel_inactive", 2);
    expect(pinned.run.agent_version).toBe(2);
    expect(pinned.prompt).toContain("V2: classify it carefully.");

    // Made active later (rollback to a version that was never active; no gate without require_evaluation).
    const activated = await api("POST", "/v1/agents/rel_inactive/rollback", key, { version: 2 });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body.agent).toMatchObject({ version: 2, instructions: "V2: classify it carefully." });
    const after = await versionsOf("rel_inactive");
    expect(after.versions.map((version) => [version.version, version.active])).toEqual([[1, false], [2, true]]);
    expect(after.versions[1]).toMatchObject({ activated_by: expect.stringMatching(/^api_key:/), forced: false });
    expect(Date.parse(after.versions[1].activated_at)).toBeGreaterThanOrEqual(Date.parse(after.versions[1].created_at));
    // Version 1 keeps when it was last made active.
    expect(after.versions[0].activated_at).toBe(first.activated_at);

    const nowActive = await runOf("rel_inactive");
    expect(nowActive.run.agent_version).toBe(2);
    expect(nowActive.prompt).toContain("V2:");
  });

  it("refuses activate and force that are not booleans, and release settings out of range, with 400 naming the field", async () => {
    await define({ name: "rel_checks" });
    for (const [body, field] of [
      [{ activate: "false" }, "activate"],
      [{ force: "yes" }, "force"],
      [{ release: { min_cases: 0 } }, "release.min_cases"],
      [{ release: { max_regression: 1.5 } }, "release.max_regression"],
      [{ release: { require_evaluation: "true" } }, "release.require_evaluation"],
      [{ release: { surprise: true } }, "release"],
    ] as const) {
      const refused = await api("POST", "/v1/agents/rel_checks/versions", key, { instructions: "V2", ...body });
      expect({ field, status: refused.status, type: refused.body.type }).toEqual({ field, status: 400, type: "validation_error" });
      expect(refused.body.issues.map((issue: any) => issue.path)).toContain(field);
    }
    const rollback = await api("POST", "/v1/agents/rel_checks/rollback", key, { version: 1, force: 1 });
    expect(rollback.status).toBe(400);
    expect((await versionsOf("rel_checks")).versions).toHaveLength(1);
  });
});

describe("the release gate", () => {
  it("refuses making an unevaluated version active (a refused create stores nothing), force passes and is recorded, and what was active before is not gated", async () => {
    // Creating an agent (its version 1) is not gated, even with require_evaluation.
    const created = await define({ name: "rel_gated", release: { require_evaluation: true, min_cases: 5 } });
    expect(created).toMatchObject({ version: 1, release: { require_evaluation: true, max_regression: 0.02, min_cases: 5 } });

    const gated = { instructions: "V2: stricter.", release: { require_evaluation: true, min_cases: 5 } };
    const refused = await api("POST", "/v1/agents/rel_gated/versions", key, gated);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ type: "gate_not_passed", error: "gate_not_passed", reasons: [expect.any(String)] });
    expect(refused.body.message).toContain("force");
    expect((await versionsOf("rel_gated")).versions).toHaveLength(1);
    // Explicit activate: true is the same.
    expect((await api("POST", "/v1/agents/rel_gated/versions", key, { ...gated, activate: true })).status).toBe(409);
    expect((await versionsOf("rel_gated")).versions).toHaveLength(1);

    // Stored inactive: not gated.
    const stored = await api("POST", "/v1/agents/rel_gated/versions", key, { ...gated, activate: false });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body.agent.version).toBe(1);
    expect((await versionsOf("rel_gated")).versions.map((version) => version.version)).toEqual([1, 2]);

    // Rollback to a version that was never active: gated, naming the reason; nothing changes.
    const rollback = await api("POST", "/v1/agents/rel_gated/rollback", key, { version: 2 });
    expect(rollback.status, JSON.stringify(rollback.body)).toBe(409);
    expect(rollback.body.type).toBe("gate_not_passed");
    expect(rollback.body.reasons.join(" ")).toContain("no completed evaluation");
    const unchanged = await versionsOf("rel_gated");
    expect(unchanged.agent.version).toBe(1);
    expect(unchanged.versions[1]).toMatchObject({ active: false, activated_at: null, activated_by: null, forced: false });

    // force: true passes and is recorded on the version.
    const forced = await api("POST", "/v1/agents/rel_gated/rollback", key, { version: 2, force: true });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body.agent.version).toBe(2);
    const afterForce = (await versionsOf("rel_gated")).versions;
    expect(afterForce[1]).toMatchObject({ active: true, forced: true, activated_at: expect.stringMatching(ISO_PATTERN), activated_by: expect.stringMatching(/^api_key:/) });
    expect((await runOf("rel_gated")).run.agent_version).toBe(2);

    // Back to version 1 and to version 2 again: both were active before, so neither is gated.
    const back = await api("POST", "/v1/agents/rel_gated/rollback", key, { version: 1 });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const again = await api("POST", "/v1/agents/rel_gated/rollback", key, { version: 2 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // `forced` is about the last activation, which needed no force.
    expect((await versionsOf("rel_gated")).versions[1]).toMatchObject({ active: true, forced: false });

    // Creating active with force: stored, active, recorded as forced.
    const forcedCreate = await api("POST", "/v1/agents/rel_gated/versions", key, { ...gated, instructions: "V3", force: true });
    expect(forcedCreate.status, JSON.stringify(forcedCreate.body)).toBe(201);
    expect(forcedCreate.body.agent.version).toBe(3);
    expect((await versionsOf("rel_gated")).versions[2]).toMatchObject({ version: 3, active: true, forced: true, activated_by: expect.stringMatching(/^api_key:/) });

    // The gate is each version's own: a version without require_evaluation goes live at once.
    const ungated = await api("POST", "/v1/agents/rel_gated/versions", key, { instructions: "V4" });
    expect(ungated.status, JSON.stringify(ungated.body)).toBe(201);
    expect(ungated.body.agent).toMatchObject({ version: 4, release: { require_evaluation: false } });
    expect((await versionsOf("rel_gated")).versions[3]).toMatchObject({ active: true, forced: false });
  });

  it("passes on a completed evaluation with enough judged cases whose agreement is within max_regression of the baseline, and says why not otherwise", async () => {
    await define({ name: "rel_evidence" });
    const gated = { release: { require_evaluation: true, min_cases: 5, max_regression: 0.05 }, activate: false };
    for (const instructions of ["V2", "V3", "V4"]) {
      expect((await api("POST", "/v1/agents/rel_evidence/versions", key, { instructions, ...gated })).status).toBe(201);
    }

    // Version 2: 3 of 5 agreed against a baseline of 90% (bar 85%); a newer running evaluation does not count.
    await storeEvaluation("rel_evidence", 2, { agreed: 3, disagreed: 2, baseline: 0.9 });
    await storeEvaluation("rel_evidence", 2, { status: "running", agreed: 0, disagreed: 0, baseline: 0.9, secondsLater: 1 });
    const lowAgreement = await api("POST", "/v1/agents/rel_evidence/rollback", key, { version: 2 });
    expect(lowAgreement.status, JSON.stringify(lowAgreement.body)).toBe(409);
    expect(lowAgreement.body.reasons).toEqual([expect.stringMatching(/agreement 60% is below the baseline's 90%/)]);

    // Version 3: all agreed, but only 4 judged cases (min_cases 5).
    await storeEvaluation("rel_evidence", 3, { agreed: 4, disagreed: 0, baseline: 0.9 });
    const tooFew = await api("POST", "/v1/agents/rel_evidence/rollback", key, { version: 3 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.reasons).toEqual([expect.stringContaining("4 judged cases, fewer than release.min_cases (5)")]);

    // Version 4: 17 of 20 (85%) against 90% less 5%: passes, so no force is needed and none is recorded.
    await storeEvaluation("rel_evidence", 4, { agreed: 17, disagreed: 3, baseline: 0.9 });
    const listed = await versionsOf("rel_evidence");
    expect(listed.versions[3].latest_evaluation).toMatchObject({ status: "completed", agreement_rate: 0.85, gate: { passed: true, reasons: [] } });
    expect(listed.versions[1].latest_evaluation).toMatchObject({ status: "running", agreement_rate: null, gate: { passed: false } });
    const passed = await api("POST", "/v1/agents/rel_evidence/rollback", key, { version: 4 });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body.agent.version).toBe(4);
    expect((await versionsOf("rel_evidence")).versions[3]).toMatchObject({ active: true, forced: false });
  });
});

describe("copying a gated version from test mode", () => {
  it("makes the live agent's version 1 (not gated), but is refused onto an existing live agent unless the gate passes", async () => {
    const body = { name: "rel_copied", instructions: "Tried in test mode.", release: { require_evaluation: true } };
    expect((await api("POST", "/v1/agents", testKey, body)).status).toBe(201);
    const first = await api("POST", "/v1/agents/rel_copied/copy-from-test", key, { version: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.agent).toMatchObject({ version: 1, release: { require_evaluation: true }, copied_from: { mode: "test", version: 1 } });

    const again = await api("POST", "/v1/agents/rel_copied/copy-from-test", key, { version: 1 });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body).toMatchObject({ type: "gate_not_passed", reasons: [expect.stringContaining('"activate": false')] });
    expect((await versionsOf("rel_copied")).versions).toHaveLength(1);
  });
});

describe("tenants, modes and scopes", () => {
  it("another organization's or mode's agent is 404, and a key with only agents:read cannot add versions or make one active", async () => {
    await define({ name: "rel_private" });
    for (const withKey of [otherKey, testKey]) {
      expect((await api("GET", "/v1/agents/rel_private", withKey)).status).toBe(404);
      expect((await api("POST", "/v1/agents/rel_private/versions", withKey, { instructions: "theirs", activate: false })).status).toBe(404);
      expect((await api("POST", "/v1/agents/rel_private/rollback", withKey, { version: 1, force: true })).status).toBe(404);
    }

    expect((await api("GET", "/v1/agents/rel_private", readKey)).status).toBe(200);
    const addVersion = await api("POST", "/v1/agents/rel_private/versions", readKey, { instructions: "mine", activate: false });
    expect(addVersion.status).toBe(403);
    expect(addVersion.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
    const rollback = await api("POST", "/v1/agents/rel_private/rollback", readKey, { version: 1, force: true });
    expect(rollback.status).toBe(403);
    expect((await versionsOf("rel_private")).versions).toHaveLength(1);
  });
});
