// The Review routing form's translation (src/dashboard/review-routing/route-draft.ts) and the
// triage card's approval helpers (src/dashboard/triage/item-approvals.tsx): a typed line is an
// email or a chat URL, the draft becomes the PUT body the server's schema accepts, a server
// issue lands on the field its path names, and an approve answer that left the item pending
// says how many more are needed.
import { describe, expect, it } from "vitest";
import { draftOf, inputOf, issueAt, recipientOf, summarizeRoute, type TReviewRoute } from "../../../src/dashboard/review-routing/route-draft.ts";
import { approvedByMe, pendingApprovalNotice, quorumOf } from "../../../src/dashboard/triage/item-approvals.tsx";
import { ZPutReviewRouteInput } from "../../../src/domains/review-routes/review-routes.schemas.ts";

const ROUTE: TReviewRoute = {
  agent_type: "ap_specialist",
  notify: [{ email: "ap@example.com" }, { chat_webhook_url: "https://hooks.slack.com/services/T/B/abcd" }],
  escalation: [{ after_minutes: 30, notify: [{ email: "controller@example.com" }] }],
  approvals: { required: 2, when: { path: "/invoice/total", gt: 10000 } },
  updated_at: "2026-11-27T10:00:00.000Z",
};

describe("route drafts", () => {
  it("a line starting with http(s):// is a chat URL, anything else an email", () => {
    expect(recipientOf(" https://hooks.example.com/x ")).toEqual({ chat_webhook_url: "https://hooks.example.com/x" });
    expect(recipientOf("HTTP://insecure.example.com")).toEqual({ chat_webhook_url: "HTTP://insecure.example.com" });
    expect(recipientOf("ada@example.com")).toEqual({ email: "ada@example.com" });
  });

  it("a route round-trips through the draft into a body the API's schema accepts", () => {
    const input = inputOf("ap_specialist", draftOf(ROUTE));
    expect(input).toEqual({ agent_type: "ap_specialist", notify: ROUTE.notify, escalation: ROUTE.escalation, approvals: { required: 2, when: ROUTE.approvals.when } });
    expect(ZPutReviewRouteInput.safeParse(input).success).toBe(true);
    const unconditional = inputOf("ap_specialist", { ...draftOf(ROUTE), conditional: false });
    expect(unconditional.approvals).toEqual({ required: 2 });
  });

  it("issues land on their field: exactly, or inside a recipient's line", () => {
    const issues = [
      { path: "notify.1.chat_webhook_url", message: "must be an https:// URL" },
      { path: "escalation", message: "escalation steps must have increasing after_minutes" },
    ];
    expect(issueAt(issues, "notify.1", true)).toBe("must be an https:// URL");
    expect(issueAt(issues, "notify.1")).toBeUndefined();
    expect(issueAt(issues, "notify.0", true)).toBeUndefined();
    expect(issueAt(issues, "escalation")).toBe("escalation steps must have increasing after_minutes");
  });

  it("the agent list's summary", () => {
    expect(summarizeRoute(ROUTE)).toBe("2 recipients · 1 escalation step · 2 approvals when /invoice/total > 10000");
    expect(summarizeRoute(undefined)).toBe("Nobody notified · 1 approval");
  });
});

describe("approvals on the card", () => {
  const given = [{ by: "member:a", at: "2026-11-27T14:02:00.000Z", output_edited: false }];
  it("a quorum is shown only above one approval; my own approval is recognised", () => {
    expect(quorumOf({ approvals: { required: 1, given: [] } })).toBeNull();
    expect(quorumOf({ approvals: { required: 2, given } })).toEqual({ required: 2, given });
    expect(approvedByMe({ approvals: { required: 2, given } }, "member:a")).toBe(true);
    expect(approvedByMe({ approvals: { required: 2, given } }, "member:b")).toBe(false);
  });

  it("a pending answer says how many more; a deciding one says nothing", () => {
    expect(pendingApprovalNotice({ data: { status: "pending", approvals: { required: 2, given } } })).toBe("Approval recorded — needs 1 more");
    expect(pendingApprovalNotice({ data: { status: "pending" } })).toBe("Approval recorded — needs more approvals");
    expect(pendingApprovalNotice({ data: { status: "approved" } })).toBeNull();
  });
});
