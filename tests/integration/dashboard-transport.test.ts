// The same routers reach the dashboard over tRPC (Next route /api/trpc), and Next serves
// the pages; both run in the one server process beside the /v1 fast path.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, createTenant, type TTenant, UUID_PATTERN } from "../helpers/api.ts";

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

const trpcQuery = (procedure: string, input: unknown, key?: string) =>
  fetch(`${inject("baseUrl")}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });

describe("dashboard transport", () => {
  it("serves the home page through Next with a request id", async () => {
    const response = await fetch(`${inject("baseUrl")}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("x-request-id")).toMatch(UUID_PATTERN);
    expect(await response.text()).toContain("Agent Workforce");
  });

  it("answers tRPC queries from the same router as /v1", async () => {
    const created = await call("POST", "/v1/run", { key: tenant.key, body: { task: "seen by both transports" } });
    const response = await trpcQuery("runs.get", { id: created.body.run_id }, tenant.key);
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.result.data.run).toMatchObject({ id: created.body.run_id, task: "seen by both transports", status: expect.stringMatching(/^(queued|running)$/) });
  });

  it("enforces the same authentication and renders the same typed error body", async () => {
    const response = await trpcQuery("runs.list", { limit: 5 });
    expect(response.status).toBe(401);
    const body = (await response.json()) as any;
    expect(body.error.data.body).toMatchObject({ error: "authentication_error", type: "authentication_error" });
  });

  it("does not expose the Inngest serve route when the embedded executor runs the functions", async () => {
    // In embedded mode the SDK is in dev mode and would accept unsigned calls.
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
