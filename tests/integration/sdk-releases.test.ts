// The SDK (imported from its build, as tests/integration/sdk.test.ts does) against the real
// built server for what releases change in the agent methods (issue 29): a version stored with
// `activate: false`, the version list's new fields, the release gate as a GateNotPassedError
// with its reasons, and `rollback` with `force`. The request shapes of agents.evaluations and
// agents.rollout are checked at the fetch edge in tests/unit/sdk-releases.test.ts.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { AgentWorkforce, ConflictError, GateNotPassedError, NotFoundError, PermissionError, type AgentVersion } from "../../sdk/dist/index.js";
import { createKey, createTenant, ISO_PATTERN, type TTenant } from "../helpers/api.ts";

const baseUrl = inject("baseUrl");
let tenant: TTenant;
let aw: AgentWorkforce;

beforeAll(async () => {
  tenant = await createTenant();
  aw = new AgentWorkforce({ apiKey: tenant.testKey, baseUrl, maxRetries: 0 });
});

describe("agents: releases through the SDK", () => {
  it("addVersion with activate: false stores a version that is not active; rollback makes it active", async () => {
    const name = `sdk_rel_${randomUUID().slice(0, 6)}`;
    const created = await aw.agents.create({ name, instructions: "V1" });
    expect(created.agent.release).toEqual({ require_evaluation: false, max_regression: 0.02, min_cases: 20 });

    const stored = await aw.agents.addVersion(name, { instructions: "V2", activate: false });
    expect(stored.agent.version).toBe(1);
    const versions: AgentVersion[] = await aw.agents.versions(name);
    expect(versions[1]).toMatchObject({
      version: 2,
      active: false,
      created_at: expect.stringMatching(ISO_PATTERN),
      activated_at: null,
      activated_by: null,
      forced: false,
      latest_evaluation: null,
      latest_rollout: null,
    });

    expect((await aw.agents.rollback(name, 2)).agent.version).toBe(2);
    const [, second] = await aw.agents.versions(name);
    expect(second).toMatchObject({ active: true, forced: false, activated_at: expect.stringMatching(ISO_PATTERN), activated_by: expect.any(String) });
  });

  it("the release gate is a GateNotPassedError with reasons; force passes and is recorded", async () => {
    const name = `sdk_gate_${randomUUID().slice(0, 6)}`;
    const release = { require_evaluation: true };
    await aw.agents.create({ name, instructions: "V1", release });

    const refused = await aw.agents.addVersion(name, { instructions: "V2", release }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(GateNotPassedError);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused).toMatchObject({ status: 409, type: "gate_not_passed", reasons: [expect.any(String)], requestId: expect.any(String) });
    expect(await aw.agents.versions(name)).toHaveLength(1);

    await aw.agents.addVersion(name, { instructions: "V2", release, activate: false });
    const gated = await aw.agents.rollback(name, 2).catch((caught: unknown) => caught);
    expect(gated).toBeInstanceOf(GateNotPassedError);
    expect((gated as GateNotPassedError).reasons.join(" ")).toContain("version 2 has no completed evaluation");

    expect((await aw.agents.rollback(name, 2, { force: true })).agent.version).toBe(2);
    expect((await aw.agents.versions(name))[1]).toMatchObject({ active: true, forced: true });
  });

  it("another organization's agent is a NotFoundError; a read-only key's addVersion is a PermissionError", async () => {
    const name = `sdk_own_${randomUUID().slice(0, 6)}`;
    await aw.agents.create({ name, instructions: "V1" });
    const other = await createTenant();
    const stranger = new AgentWorkforce({ apiKey: other.testKey, baseUrl, maxRetries: 0 });
    expect(await stranger.agents.get(name).catch((caught: unknown) => caught)).toBeInstanceOf(NotFoundError);
    expect(await stranger.agents.rollback(name, 1, { force: true }).catch((caught: unknown) => caught)).toBeInstanceOf(NotFoundError);

    const { key } = await createKey(tenant, "agents:read", "test");
    const reader = new AgentWorkforce({ apiKey: key, baseUrl, maxRetries: 0 });
    const denied = await reader.agents.addVersion(name, { instructions: "V2", activate: false }).catch((caught: unknown) => caught);
    expect(denied).toBeInstanceOf(PermissionError);
    expect(denied).toMatchObject({ status: 403, required: "agents:write" });
    expect(await aw.agents.versions(name)).toHaveLength(1);
  });
});
