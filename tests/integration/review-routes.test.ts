// Review routes (docs/api-conventions.md, "Review routes") against a server of this file's own
// with SMTP_URL set (email recipients allowed) and WEBHOOK_ALLOW_PRIVATE_URLS on (its chat
// URLs point at this machine: nothing here resolves public names), and a second one
// with neither (email recipients refused naming the setting, private addresses refused):
// the round trip for built-in and custom agents, defaults, 404s for agents the organization
// does not have in this mode, validation with field paths, chat URLs sealed at rest and masked
// for readers, scopes, roles and other organizations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

let service: TOwnService;
let bare: TOwnService;
let bareKey: string;
let orgId: string;
let key: string;
let testKey: string;
let readKey: string;
let otherKey: string;

const CHAT_URL = "https://127.0.0.1:8443/services/T0000/B0000/s3cretTokenXyZ9";
const api = (method: string, route: string, withKey: string, body?: unknown) => service.api(method, route, withKey, body);
const put = (agentType: string, body: unknown, withKey = key) => api("PUT", `/v1/review-routes/${agentType}`, withKey, body);

const trpc = async (procedure: string, input: unknown, cookie: string, method: "GET" | "POST" = "POST") => {
  const base = `${service.server().baseUrl}/api/trpc/${procedure}`;
  const response =
    method === "GET"
      ? await fetch(`${base}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } })
      : await fetch(base, { method, headers: { "content-type": "application/json", cookie }, body: JSON.stringify(input) });
  return { status: response.status, body: await response.json() };
};

beforeAll(async () => {
  service = await createOwnService("reviewroutes");
  // An SMTP server that is never reached: setting a route does not send anything.
  await service.start({ SMTP_URL: "smtp://127.0.0.1:2525", SMTP_FROM: "reviews@example.test", WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  ({ orgId, key } = await service.createOrgKey("Routes Co"));
  ({ key: testKey } = await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test"));
  ({ key: readKey } = await service.cli("create-key", "--org", orgId, "--name", "r", "--scopes", "triage:read", "--mode", "live"));
  ({ key: otherKey } = await service.createOrgKey("Other Routes Co"));
  bare = await createOwnService("reviewroutesbare");
  await bare.start({ WEBHOOK_ALLOW_PRIVATE_URLS: "false" });
  ({ key: bareKey } = await bare.createOrgKey("Bare Co"));
  const created = await api("POST", "/v1/agents", key, { name: "supplier_mail", instructions: "Sort supplier mail." });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const inTest = await api("POST", "/v1/agents", testKey, { name: "test_only", instructions: "Only in test mode." });
  expect(inTest.status, JSON.stringify(inTest.body)).toBe(201);
});

afterAll(async () => {
  await service?.dispose();
  await bare?.dispose();
});

describe("the round trip", () => {
  it("an agent without a route answers the default: nobody notified, one approval", async () => {
    const got = await api("GET", "/v1/review-routes/rfq_generator", key);
    expect(got.status).toBe(200);
    expect(got.body.route).toMatchObject({ agent_type: "rfq_generator", notify: [], escalation: [], approvals: { required: 1, when: null } });
    const custom = await api("GET", "/v1/review-routes/supplier_mail", key);
    expect(custom.status).toBe(200);
    expect(custom.body.route).toMatchObject({ agent_type: "supplier_mail", notify: [], approvals: { required: 1, when: null } });
  });

  it("PUT, GET, list and DELETE for a built-in agent type and a custom agent", async () => {
    const route = {
      notify: [{ email: "ap-team@example.test" }, { chat_webhook_url: CHAT_URL }],
      escalation: [
        { after_minutes: 30, notify: [{ email: "controller@example.test" }] },
        { after_minutes: 120, notify: [{ email: "cfo@example.test" }] },
      ],
      approvals: { required: 2, when: { path: "/invoice/total", gt: 10000 } },
    };
    const saved = await put("ap_specialist", route);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.route).toMatchObject({ agent_type: "ap_specialist", ...route, updated_at: expect.any(String) });
    expect(Date.parse(saved.body.route.updated_at)).toBeGreaterThan(Date.now() - 60_000);

    const custom = await put("supplier_mail", { notify: [{ email: "mailroom@example.test" }] });
    expect(custom.status, JSON.stringify(custom.body)).toBe(200);
    expect(custom.body.route).toMatchObject({ agent_type: "supplier_mail", notify: [{ email: "mailroom@example.test" }], escalation: [], approvals: { required: 1, when: null } });

    expect((await api("GET", "/v1/review-routes/ap_specialist", key)).body.route).toEqual(saved.body.route);
    const listed = await api("GET", "/v1/review-routes", key);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((each: any) => each.agent_type)).toEqual(["ap_specialist", "supplier_mail"]);

    // PUT replaces the whole route.
    const replaced = await put("ap_specialist", { notify: [{ email: "ap-team@example.test" }] });
    expect(replaced.body.route).toMatchObject({ notify: [{ email: "ap-team@example.test" }], escalation: [], approvals: { required: 1, when: null } });

    const deleted = await api("DELETE", "/v1/review-routes/supplier_mail", key);
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect((await api("GET", "/v1/review-routes/supplier_mail", key)).body.route).toMatchObject({ notify: [], approvals: { required: 1 } });
    expect((await api("GET", "/v1/review-routes", key)).body.data.map((each: any) => each.agent_type)).toEqual(["ap_specialist"]);
  });

  it("DELETE of a route that does not exist: 404", async () => {
    expect((await api("GET", "/v1/review-routes/center", key)).status).toBe(200);
    const missing = await api("DELETE", "/v1/review-routes/center", key);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: "not_found", message: expect.stringMatching(/review route/i) });
  });

  it("routes belong to one mode: the test-mode key sees none of the live ones", async () => {
    expect((await api("GET", "/v1/review-routes", testKey)).body.data).toEqual([]);
    expect((await api("GET", "/v1/review-routes/ap_specialist", testKey)).body.route.notify).toEqual([]);
  });
});

describe("agents the organization does not have in this mode: 404", () => {
  it("an unknown name, another organization's custom agent, a test-mode agent from a live key", async () => {
    for (const [agentType, withKey] of [
      ["no_such_agent", key],
      ["supplier_mail", otherKey],
      ["test_only", key],
    ] as const) {
      const got = await api("GET", `/v1/review-routes/${agentType}`, withKey);
      expect(got.status, agentType).toBe(404);
      expect(got.body.type).toBe("not_found");
      expect((await put(agentType, { notify: [] }, withKey)).status, agentType).toBe(404);
      expect((await api("DELETE", `/v1/review-routes/${agentType}`, withKey)).status, agentType).toBe(404);
    }
    // The same test-mode agent is there for the test-mode key.
    expect((await put("test_only", { approvals: { required: 3 } }, testKey)).status).toBe(200);
  });
});

describe("validation: 400 with the field's path", () => {
  const refused = async (body: unknown, path: string, message?: RegExp) => {
    const answer = await put("ap_specialist", body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.type).toBe("validation_error");
    expect(answer.body.issues.map((issue: any) => issue.path)).toContain(path);
    if (message) expect(answer.body.issues.find((issue: any) => issue.path === path).message).toMatch(message);
  };

  it("a bad email, an http:// chat URL, a recipient that is neither", async () => {
    await refused({ notify: [{ email: "ap-team@example.test" }, { email: "not an address" }] }, "notify.1.email", /email/);
    await refused({ notify: [{ chat_webhook_url: "http://hooks.example.com/x" }] }, "notify.0.chat_webhook_url", /https/);
    await refused({ notify: [{ phone: "+1 555 0100" }] }, "notify.0", /\{email\} or \{chat_webhook_url\}/);
    await refused({ escalation: [{ after_minutes: 5, notify: [{ email: "bad" }] }] }, "escalation.0.notify.0.email");
  });

  it("a chat URL to a cloud metadata address, even where private addresses are allowed", async () => {
    await refused({ notify: [{ chat_webhook_url: "https://169.254.169.254/latest/meta-data" }] }, "notify.0.chat_webhook_url", /metadata/);
  });

  it("limits: 11 recipients, 6 steps, after_minutes out of range, required 0 or 6", async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => ({ email: `person${index}@example.test` }));
    await refused({ notify: eleven }, "notify", /at most 10/);
    const six = Array.from({ length: 6 }, (_, index) => ({ after_minutes: index + 1, notify: [{ email: "a@example.test" }] }));
    await refused({ escalation: six }, "escalation", /at most 5/);
    await refused({ escalation: [{ after_minutes: 0, notify: [{ email: "a@example.test" }] }] }, "escalation.0.after_minutes");
    await refused({ escalation: [{ after_minutes: 10081, notify: [{ email: "a@example.test" }] }] }, "escalation.0.after_minutes");
    await refused({ escalation: [{ after_minutes: 10, notify: [] }] }, "escalation.0.notify", /at least one/);
    await refused({ approvals: { required: 6 } }, "approvals.required", /at most 5/);
    await refused({ approvals: { required: 0 } }, "approvals.required");
    expect((await put("ap_specialist", { escalation: [{ after_minutes: 10080, notify: [{ email: "a@example.test" }] }] })).status).toBe(200);
  });

  it("escalation steps whose after_minutes do not increase: the step that breaks the order", async () => {
    const step = (after_minutes: number) => ({ after_minutes, notify: [{ email: "a@example.test" }] });
    await refused({ escalation: [step(10), step(30), step(30)] }, "escalation.2.after_minutes", /increasing/);
    await refused({ escalation: [step(60), step(30)] }, "escalation.1.after_minutes", /increasing/);
  });

  it("a condition whose path is not a JSON Pointer, or whose bound is not a number", async () => {
    await refused({ approvals: { required: 2, when: { path: "invoice/total", gt: 10000 } } }, "approvals.when.path", /JSON Pointer/);
    await refused({ approvals: { required: 2, when: { path: "/invoice/~2", gt: 10000 } } }, "approvals.when.path");
    await refused({ approvals: { required: 2, when: { path: "/invoice/total", gt: "10000" } } }, "approvals.when.gt");
    const escaped = await put("ap_specialist", { approvals: { required: 2, when: { path: "/a~1b/~0c/0", gt: 1 } } });
    expect(escaped.status, JSON.stringify(escaped.body)).toBe(200);
  });

  it("an unknown field is refused, nothing stored", async () => {
    const before = (await api("GET", "/v1/review-routes/ap_specialist", key)).body.route;
    await refused({ notify: [], approvers: 2 }, "(body)");
    expect((await api("GET", "/v1/review-routes/ap_specialist", key)).body.route).toEqual(before);
  });
});

describe("a server without SMTP_URL and without WEBHOOK_ALLOW_PRIVATE_URLS", () => {
  it("an email recipient is refused with 400 naming the setting, nothing stored", async () => {
    const refused = await bare.api("PUT", "/v1/review-routes/ap_specialist", bareKey, { escalation: [{ after_minutes: 5, notify: [{ email: "controller@example.test" }] }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("SMTP_URL") });
    expect(refused.body.issues).toEqual([{ path: "escalation.0.notify.0.email", message: expect.stringContaining("SMTP_URL") }]);
    expect((await bare.api("GET", "/v1/review-routes", bareKey)).body.data).toEqual([]);
  });

  it("a chat URL to a private or metadata address while WEBHOOK_ALLOW_PRIVATE_URLS is off", async () => {
    for (const [body, path] of [
      [{ notify: [{ chat_webhook_url: "https://10.0.0.8/hooks/x" }] }, "notify.0.chat_webhook_url"],
      [{ notify: [{ chat_webhook_url: "https://169.254.169.254/latest/meta-data" }] }, "notify.0.chat_webhook_url"],
      [{ escalation: [{ after_minutes: 5, notify: [{ chat_webhook_url: "https://127.0.0.1/a" }, { chat_webhook_url: "https://[::1]:8443/hook" }] }] }, "escalation.0.notify.0.chat_webhook_url"],
    ] as const) {
      const refused = await bare.api("PUT", "/v1/review-routes/ap_specialist", bareKey, body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.issues.map((issue: any) => issue.path)).toEqual([path]);
    }
    expect((await bare.api("GET", "/v1/review-routes", bareKey)).body.data).toEqual([]);
  });
});

describe("chat URLs are credentials", () => {
  it("sealed at rest, in full for agents:write, masked for a triage:read key", async () => {
    const saved = await put("rfq_generator", { notify: [{ chat_webhook_url: CHAT_URL }], escalation: [{ after_minutes: 5, notify: [{ chat_webhook_url: `${CHAT_URL}2` }] }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = await withDatabase(service.databaseUrl, async (client) => {
      const result = await client.query("SELECT * FROM review_routes WHERE organization_id = $1 AND agent_type = 'rfq_generator'", [orgId]);
      return JSON.stringify(result.rows);
    });
    expect(row).toContain("127.0.0.1:8443");
    expect(row).not.toContain("s3cretTokenXyZ9");
    expect(row).not.toContain("/services/T0000");

    expect((await api("GET", "/v1/review-routes/rfq_generator", key)).body.route.notify).toEqual([{ chat_webhook_url: CHAT_URL }]);
    const masked = await api("GET", "/v1/review-routes/rfq_generator", readKey);
    expect(masked.status).toBe(200);
    expect(masked.body.route.notify).toEqual([{ chat_webhook_url: "https://127.0.0.1:8443/…/••••XyZ9" }]);
    expect(masked.body.route.escalation[0].notify).toEqual([{ chat_webhook_url: "https://127.0.0.1:8443/…/••••yZ92" }]);
    const listed = JSON.stringify((await api("GET", "/v1/review-routes", readKey)).body);
    expect(listed).toContain("rfq_generator");
    expect(listed).not.toContain("s3cretTokenXyZ9");
  });
});

describe("scopes and roles", () => {
  it("a triage:read key reads but may not PUT or DELETE (403 insufficient_scope)", async () => {
    expect((await api("GET", "/v1/review-routes", readKey)).status).toBe(200);
    for (const answer of [await put("ap_specialist", { notify: [] }, readKey), await api("DELETE", "/v1/review-routes/ap_specialist", readKey)]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
    }
    const agentsOnly = await service.cli("create-key", "--org", orgId, "--name", "a", "--scopes", "agents:read", "--mode", "live");
    const unreadable = await api("GET", "/v1/review-routes", agentsOnly.key);
    expect(unreadable.status).toBe(403);
    expect(unreadable.body).toMatchObject({ type: "insufficient_scope", required: "triage:read" });
  });

  it("in the dashboard a viewer reads (masked) but may not change routes; an admin may", async () => {
    const viewer = `${await service.signIn(orgId, "viewer")}; aw_mode=live`;
    const read = await trpc("reviewRoutes.get", { agent_type: "rfq_generator" }, viewer, "GET");
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.result.data.route.notify).toEqual([{ chat_webhook_url: "https://127.0.0.1:8443/…/••••XyZ9" }]);
    for (const [procedure, input] of [
      ["reviewRoutes.put", { agent_type: "rfq_generator", notify: [] }],
      ["reviewRoutes.delete", { agent_type: "rfq_generator" }],
    ] as const) {
      const refused = await trpc(procedure, input, viewer);
      expect(refused.status, procedure).toBe(403);
      expect(refused.body.error.data.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
    }
    expect((await api("GET", "/v1/review-routes/rfq_generator", key)).body.route.notify).toHaveLength(1);
    const admin = `${await service.signIn(orgId, "admin")}; aw_mode=live`;
    const changed = await trpc("reviewRoutes.put", { agent_type: "rfq_generator", notify: [{ email: "rfq@example.test" }] }, admin);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.result.data.route.notify).toEqual([{ email: "rfq@example.test" }]);
  });
});

describe("other organizations", () => {
  it("see none of these routes, and cannot reach this organization's custom agent", async () => {
    expect((await put("supplier_mail", { notify: [{ email: "mailroom@example.test" }] })).status).toBe(200);
    expect((await api("GET", "/v1/review-routes", otherKey)).body).toEqual({ data: [] });
    expect((await api("GET", "/v1/review-routes/supplier_mail", otherKey)).status).toBe(404);
    // A built-in type is the other organization's own: its default, not this organization's route.
    expect((await api("GET", "/v1/review-routes/ap_specialist", otherKey)).body.route).toMatchObject({ notify: [], escalation: [], approvals: { required: 1 } });
    expect((await api("DELETE", "/v1/review-routes/ap_specialist", otherKey)).status).toBe(404);
    expect((await api("GET", "/v1/review-routes/supplier_mail", key)).body.route.notify).toEqual([{ email: "mailroom@example.test" }]);
  });
});
