// The SDK's review-route methods (issue 30) at the fetch edge, with no server: the requests
// `reviewRoutes.*` and `triage.notifications` send (method, path, body), a 502
// `message_not_delivered` becoming a MessageNotDeliveredError with its reason, and an approval
// that is not yet enough answered as `pending` with who approved. The served behaviour is
// tested against the real server in tests/integration/review-routes.test.ts and
// sdk-review-routes.test.ts.
import { describe, expect, it } from "vitest";
import {
  AgentWorkforce,
  AgentWorkforceError,
  MessageNotDeliveredError,
  NotFoundError,
  PermissionError,
  ValidationError,
  type ReviewRouteParams,
} from "../../sdk/src/index.ts";

type TSent = { method: string; url: string; body: unknown };

/** A client whose fetch records each request and answers with `answer(request)` (200 JSON by default). */
function recorder(answer: (sent: TSent) => { status?: number; body: unknown } = () => ({ body: {} })) {
  const sent: TSent[] = [];
  const aw = new AgentWorkforce({
    apiKey: "sk_test_recorded",
    baseUrl: "https://api.example.test",
    maxRetries: 0,
    fetch: async (url, init) => {
      const request = { method: String(init.method), url, body: typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined) };
      sent.push(request);
      const { status = 200, body } = answer(request);
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "x-request-id": "req-1" } });
    },
  });
  return { aw, sent };
}

const BASE = "https://api.example.test/v1";
const error = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: type, type, message, request_id: "req-1", ...extra });

describe("reviewRoutes and triage.notifications send the documented requests", () => {
  it("list, get, set, delete, testMessage; notifications of an item", async () => {
    const { aw, sent } = recorder(() => ({ body: { data: [], route: { agent_type: "ap_specialist" }, deleted: true, sent: true, channel: "email", recipient: "ap@example.test" } }));
    const route: ReviewRouteParams = {
      notify: [{ email: "ap@example.test" }, { chat_webhook_url: "https://hooks.example.test/T/B/x" }],
      escalation: [{ after_minutes: 60, notify: [{ email: "controller@example.test" }] }],
      approvals: { required: 2, when: { path: "/invoice/total", gt: 10000 } },
    };
    await aw.reviewRoutes.list();
    await aw.reviewRoutes.get("ap_specialist");
    await aw.reviewRoutes.set("ap_specialist", route);
    await aw.reviewRoutes.set("supplier/mail", {});
    await aw.reviewRoutes.delete("ap_specialist");
    const tested = await aw.reviewRoutes.testMessage("ap_specialist", { email: "ap@example.test" });
    expect(tested).toMatchObject({ sent: true, channel: "email" });
    await aw.triage.notifications("item/1");

    expect(sent).toEqual([
      { method: "GET", url: `${BASE}/review-routes`, body: undefined },
      { method: "GET", url: `${BASE}/review-routes/ap_specialist`, body: undefined },
      { method: "PUT", url: `${BASE}/review-routes/ap_specialist`, body: route },
      // An agent type is one path segment, encoded.
      { method: "PUT", url: `${BASE}/review-routes/supplier%2Fmail`, body: {} },
      { method: "DELETE", url: `${BASE}/review-routes/ap_specialist`, body: undefined },
      { method: "POST", url: `${BASE}/review-routes/ap_specialist/test-message`, body: { recipient: { email: "ap@example.test" } } },
      { method: "GET", url: `${BASE}/triage/item%2F1/notifications`, body: undefined },
    ]);
  });
});

describe("errors of review routes", () => {
  it("a test message the mail server refused: MessageNotDeliveredError with the reason, not retried", async () => {
    const { aw, sent } = recorder(() => ({ status: 502, body: error("message_not_delivered", "The mail server refused the message", { reason: "550 mailbox unavailable" }) }));
    const failure = await aw.reviewRoutes.testMessage("ap_specialist", { email: "nobody@example.test" }).catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(MessageNotDeliveredError);
    expect(failure).toBeInstanceOf(AgentWorkforceError);
    expect(failure).toMatchObject({ status: 502, type: "message_not_delivered", reason: "550 mailbox unavailable", requestId: "req-1" });
    expect(sent).toHaveLength(1);
  });

  it("an email recipient without SMTP_URL, an unknown agent, a read-only key: their typed errors", async () => {
    const answers = [
      { status: 400, body: error("validation_error", "Email recipients need an SMTP server", { issues: [{ path: "notify.0.email", message: "SMTP_URL" }] }) },
      { status: 404, body: error("not_found", "Agent not found") },
      { status: 403, body: { ...error("insufficient_scope", "needs agents:write"), required: "agents:write" } },
    ];
    const { aw } = recorder(() => answers.shift()!);
    const invalid = await aw.reviewRoutes.set("ap_specialist", { notify: [{ email: "ap@example.test" }] }).catch((caught: unknown) => caught);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).issues).toEqual([{ path: "notify.0.email", message: "SMTP_URL" }]);
    expect(await aw.reviewRoutes.get("no_such_agent").catch((caught: unknown) => caught)).toBeInstanceOf(NotFoundError);
    expect(await aw.reviewRoutes.delete("ap_specialist").catch((caught: unknown) => caught)).toBeInstanceOf(PermissionError);
  });
});

describe("two approvers", () => {
  it("an approval that is not yet enough answers status pending with who approved", async () => {
    const pending = {
      data: { id: "t1", status: "pending", resolved_at: null, resolved_by: null, approvals: { required: 2, given: [{ by: "member:m1", at: "2026-11-27T10:00:00.000Z" }] } },
    };
    const { aw } = recorder(() => ({ body: pending }));
    const answer = await aw.triage.approve("t1");
    expect(answer.data.status).toBe("pending");
    expect(answer.data.approvals).toEqual(pending.data.approvals);
  });
});
