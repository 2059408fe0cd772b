// The SDK (imported from its build, as tests/integration/sdk.test.ts does) against the real
// built server for review routes (issue 30): set, get, list and delete through
// `aw.reviewRoutes`, a chat URL masked for a read-only key, and the refusals as typed errors
// (an email recipient without SMTP_URL on the shared test server, an agent the organization
// does not have, a key without agents:write). The request shapes of every method are checked
// at the fetch edge in tests/unit/sdk-review-routes.test.ts. A test message to a chat webhook
// nobody answers is a MessageNotDeliveredError; an item's message log reads through
// `aw.triage.notifications`.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { AgentWorkforce, MessageNotDeliveredError, NotFoundError, PermissionError, ValidationError, type ReviewRoute, type ReviewRouteParams } from "../../sdk/dist/index.js";
import { AP_DATA, createKey, createTenant, ISO_PATTERN, type TTenant } from "../helpers/api.ts";
import { until } from "../helpers/waiting.ts";

const baseUrl = inject("baseUrl");
// The shared test server allows private addresses (WEBHOOK_ALLOW_PRIVATE_URLS): nothing is sent here.
const CHAT_URL = "https://127.0.0.1:9443/services/T1/B1/sdkSecretAbCd";
let tenant: TTenant;
let aw: AgentWorkforce;

beforeAll(async () => {
  tenant = await createTenant();
  aw = new AgentWorkforce({ apiKey: tenant.key, baseUrl, maxRetries: 0 });
});

describe("aw.reviewRoutes", () => {
  it("set, get, list and delete a route; an agent type without one answers the default", async () => {
    expect((await aw.reviewRoutes.get("ap_specialist")).route).toMatchObject({ notify: [], escalation: [], approvals: { required: 1, when: null } });
    const params: ReviewRouteParams = {
      notify: [{ chat_webhook_url: CHAT_URL }],
      escalation: [{ after_minutes: 30, notify: [{ chat_webhook_url: `${CHAT_URL}2` }] }],
      approvals: { required: 2, when: { path: "/invoice/total", gt: 10000 } },
    };
    const { route } = await aw.reviewRoutes.set("ap_specialist", params);
    const expected: Omit<ReviewRoute, "updated_at"> = { agent_type: "ap_specialist", notify: params.notify!, escalation: params.escalation!, approvals: { required: 2, when: { path: "/invoice/total", gt: 10000 } } };
    expect(route).toEqual({ ...expected, updated_at: expect.stringMatching(ISO_PATTERN) });
    expect((await aw.reviewRoutes.get("ap_specialist")).route).toEqual(route);
    expect((await aw.reviewRoutes.list()).data).toEqual([route]);

    expect(await aw.reviewRoutes.delete("ap_specialist")).toEqual({ deleted: true });
    expect((await aw.reviewRoutes.list()).data).toEqual([]);
    expect(await aw.reviewRoutes.delete("ap_specialist").catch((caught: unknown) => caught)).toBeInstanceOf(NotFoundError);
  });

  it("a key with triage:read reads the chat URL masked and may not change the route", async () => {
    await aw.reviewRoutes.set("rfq_generator", { notify: [{ chat_webhook_url: CHAT_URL }] });
    const reader = new AgentWorkforce({ apiKey: (await createKey(tenant, "triage:read")).key, baseUrl, maxRetries: 0 });
    expect((await reader.reviewRoutes.get("rfq_generator")).route.notify).toEqual([{ chat_webhook_url: "https://127.0.0.1:9443/…/••••AbCd" }]);
    const refused = await reader.reviewRoutes.set("rfq_generator", {}).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(PermissionError);
    expect(refused).toMatchObject({ status: 403, type: "insufficient_scope" });
    expect((await aw.reviewRoutes.get("rfq_generator")).route.notify).toEqual([{ chat_webhook_url: CHAT_URL }]);
  });

  it("refusals are typed: an email recipient without SMTP_URL names the setting; an unknown agent is not found", async () => {
    const invalid = await aw.reviewRoutes.set("center", { notify: [{ email: "support@example.test" }] }).catch((caught: unknown) => caught);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).message).toContain("SMTP_URL");
    expect((invalid as ValidationError).issues.map((issue) => issue.path)).toEqual(["notify.0.email"]);
    const tooMany = await aw.reviewRoutes.set("center", { approvals: { required: 6 } }).catch((caught: unknown) => caught);
    expect((tooMany as ValidationError).issues.map((issue) => issue.path)).toEqual(["approvals.required"]);
    expect(await aw.reviewRoutes.get("no_such_agent").catch((caught: unknown) => caught)).toBeInstanceOf(NotFoundError);
  });
});

describe("messages through the SDK", () => {
  // Nothing listens on this port: every attempt is refused at the connection.
  const DEAD_CHAT_URL = "https://127.0.0.1:9/services/T1/B1/deadAbCd";

  it("a test message nobody takes is a MessageNotDeliveredError with the reason", async () => {
    const refused = await aw.reviewRoutes.testMessage("ap_specialist", { chat_webhook_url: DEAD_CHAT_URL }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(MessageNotDeliveredError);
    expect(refused).toMatchObject({ status: 502, type: "message_not_delivered" });
    expect((refused as MessageNotDeliveredError).reason).toBeTruthy();
  });

  it("an item's message log: the chat message being retried, its URL masked; another organization's item is not found", async () => {
    const own = await createTenant();
    const client = new AgentWorkforce({ apiKey: own.key, baseUrl, maxRetries: 0 });
    await client.reviewRoutes.set("ap_specialist", { notify: [{ chat_webhook_url: DEAD_CHAT_URL }] });
    const run = await client.runs.create({ agent_type: "ap_specialist", task: "Check invoice INV-1", data: AP_DATA });
    const settled = await client.runs.wait(run.run_id, { timeoutMs: 30_000 });
    const itemId = settled.triage_item!.id;
    const log = await until("the first attempt", async () => {
      const { data } = await client.triage.notifications(itemId);
      return data.length === 1 && data[0]!.attempts >= 1 && data[0]!.status === "retrying" ? data : undefined;
    }, 30_000);
    expect(log[0]).toMatchObject({ channel: "chat", kind: "opened", step: 0, recipient: "https://127.0.0.1:9/…/••••AbCd", sent_at: null });
    expect(log[0]!.last_error).toBeTruthy();
    expect(await aw.triage.notifications(itemId).catch((caught: unknown) => caught)).toBeInstanceOf(NotFoundError);
    // Decided: the message's next attempt ends it instead of retrying for hours on the shared server.
    await client.runs.cancel(run.run_id);
  });
});
