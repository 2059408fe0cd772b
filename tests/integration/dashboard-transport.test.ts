// The same routers reach the dashboard over tRPC (Next route /api/trpc), and Next serves
// the pages; both run in the one server process beside the /v1 fast path. /v1 takes API
// keys; the dashboard takes a signed-in member's session, with the scopes of their role.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { admin, call, createTenant, signInCookie, type TTenant, UUID_PATTERN } from "../helpers/api.ts";

let tenant: TTenant;
let adminCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  tenant = await createTenant();
  adminCookie = await signInCookie(tenant.memberEmail, "correct horse battery");
  const viewerEmail = `viewer-${tenant.orgId.slice(0, 8)}@example.test`;
  await admin("create-member", "--org", tenant.orgId, "--email", viewerEmail, "--name", "Vic Viewer", "--role", "viewer", "--password", "viewer password");
  viewerCookie = await signInCookie(viewerEmail, "viewer password");
});

const trpcQuery = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
  fetch(`${inject("baseUrl")}/api/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers });

const trpcMutation = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
  fetch(`${inject("baseUrl")}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(input),
  });

describe("dashboard transport", () => {
  it("serves the home page through Next with a request id", async () => {
    const response = await fetch(`${inject("baseUrl")}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("x-request-id")).toMatch(UUID_PATTERN);
    expect(await response.text()).toContain("Agent Workforce");
  });

  it("answers a signed-in member from the same procedures as /v1", async () => {
    const created = await call("POST", "/v1/run", { key: tenant.key, body: { task: "seen by both transports" } });
    const response = await trpcQuery("runs.get", { id: created.body.run_id }, { cookie: adminCookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.data.run).toMatchObject({ id: created.body.run_id, task: "seen by both transports" });
  });

  it("takes sessions, not API keys, and renders the same typed error body", async () => {
    for (const headers of [{}, { authorization: `Bearer ${tenant.key}` }] as Record<string, string>[]) {
      const response = await trpcQuery("runs.list", { limit: 5 }, headers);
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(body.error.data).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
      expect(body.error.data.body).toMatchObject({ error: "authentication_error", type: "authentication_error" });
    }
  });

  it("gives a member the scopes of their role: a viewer reads but cannot decide triage", async () => {
    expect((await trpcQuery("runs.list", { limit: 5 }, { cookie: viewerCookie })).status).toBe(200);
    const refused = await trpcMutation("triage.approve", { id: "00000000-0000-4000-8000-000000000000" }, { cookie: viewerCookie });
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.error.data.body).toMatchObject({ type: "insufficient_scope", required: "triage:write" });
    expect(body.error.data.body.message).toMatch(/role \(viewer\)/);
  });

  it("switches organization and mode only within the member's own memberships", async () => {
    const other = await createTenant();
    const otherRun = await call("POST", "/v1/run", { key: other.key, body: { task: "another tenant" } });
    // Choosing an organization one does not belong to falls back to one's own: the run stays invisible.
    const response = await trpcQuery("runs.get", { id: otherRun.body.run_id }, { cookie: `${adminCookie}; aw_org=${other.orgId}` });
    expect(response.status).toBe(404);
    const me = await trpcQuery("session.me", undefined, { cookie: `${adminCookie}; aw_org=${other.orgId}; aw_mode=test` });
    const session = (await me.json()).result.data;
    expect(session.current).toMatchObject({ organization_id: tenant.orgId, mode: "test", role: "admin" });
  });

  it("bounds request bodies like /v1 (413 before the procedure runs)", async () => {
    const response = await trpcMutation("triage.reject", { id: "x", reason: "y".repeat(6 * 1024 * 1024) }, { cookie: adminCookie });
    expect(response.status).toBe(413);
    expect((await response.json()).error.data.body).toMatchObject({ type: "payload_too_large" });
  });

  it("does not expose the Inngest serve route when the local engine runs the jobs", async () => {
    // Without an Inngest server nothing may call the jobs over HTTP: unsigned calls must not reach them.
    for (const method of ["GET", "POST", "PUT"]) {
      const response = await fetch(`${inject("baseUrl")}/api/inngest?fnId=agent-workforce-execute-run&stepId=step`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" ? undefined : JSON.stringify({ event: { name: "app/run.requested", data: {} } }),
      });
      expect(response.status).toBe(404);
    }
  });
});
