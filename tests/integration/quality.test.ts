// The quality loop's reads (docs/api-conventions.md, "Quality"): GET /v1/agents/{name}/quality
// and the corrections export, against a server of this file's own with a fake model.
// Runs with known confidences come through the API (a custom agent answering with the
// confidence its task names, and the AP agent) and are judged through the API; for volume,
// and for spot-check verdicts (decided through another endpoint), more runs and triage items
// are inserted in SQL: the endpoints under test read them like any other.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let orgId: string;
let key: string;
let otherKey: string;
let testKey: string;
let noScopeKey: string;

const api = (method: string, route: string, withKey: string, body?: unknown) => service.api(method, route, withKey, body);
const sql = <T = any>(text: string, values: unknown[] = []) =>
  withDatabase(service.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

beforeAll(async () => {
  fake = await startFakeModelServer();
  // The custom agent's confidence is the one its task names: "… [c=0.35]".
  fake.setFallback((request) => {
    const confidence = Number(/\[c=([0-9.]+)\]/.exec(JSON.stringify(request.body.messages))?.[1] ?? "0.5");
    return completion({ output: { category: "invoice" }, confidence, needs_review: false, review_reason: null });
  });
  service = await createOwnService("quality");
  await service.start({ OPENAI_BASE_URL: fake.baseUrl, AGENT_MODEL: "fake-model", AGENT_MODEL_TIMEOUT_MS: "2000", EXECUTOR_RETRY_BASE_MS: "50" });
  ({ orgId, key } = await service.createOrgKey("Quality Co"));
  ({ key: otherKey } = await service.createOrgKey("Other Co"));
  ({ key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test"));
  ({ key: noScopeKey } = await service.cli("create-key", "--org", orgId, "--name", "n", "--scopes", "agents:run,triage:read", "--mode", "live"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

describe("smoke", () => {
  it("answers an empty report", async () => {
    const { status, body } = await api("GET", "/v1/agents/ap_specialist/quality", key);
    expect(status, JSON.stringify(body)).toBe(200);
    console.log(JSON.stringify(body));
    const exported = await fetch(`${service.server().baseUrl}/v1/agents/ap_specialist/corrections`, { headers: { authorization: `Bearer ${key}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("application/x-ndjson");
    expect(await exported.text()).toBe("");
  });
});
