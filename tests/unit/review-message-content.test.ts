// What a review message says (src/domains/review-reach/message-content.ts) and its two
// renderings: the email's escaping and parts, and the chat message's Block Kit limits and
// mrkdwn escaping. Pure: no server.
import { describe, expect, it } from "vitest";
import { composeChatMessage } from "../../src/domains/review-reach/chat-message.ts";
import { composeEmail } from "../../src/domains/review-reach/email-message.ts";
import { boundedOutput, keyFieldsOf, messageContent, OUTPUT_LIMIT_CHARS } from "../../src/domains/review-reach/message-content.ts";

const item = {
  kind: "review",
  round: 0,
  task: "Pay <script>alert(1)</script> & more",
  agentType: "ap_specialist",
  agentVersion: 3,
  triageReason: "Total differs from the PO by > 5%",
  proposedOutput: { decision: "hold", note: "```break out``` <b>" },
  data: { invoice: { number: "INV-9", vendor: "A&B <Ltd>", total: 40000, currency: "USD" } },
  dueAt: new Date("2026-11-27T14:02:30Z"),
};
const content = (overrides: Partial<typeof item> = {}, escalated = false) =>
  messageContent({ ...item, ...overrides }, { pageUrl: "https://aw.example/review/rvl_x", escalated });

describe("message content", () => {
  it("AP's key fields are the invoice's number, vendor and total; other agents' the first six scalar fields", () => {
    expect(keyFieldsOf("ap_specialist", item.data)).toEqual([
      { label: "Invoice number", value: "INV-9" },
      { label: "Vendor", value: "A&B <Ltd>" },
      { label: "Total", value: "40000 USD" },
    ]);
    const data = { a: 1, b: "two", nested: { c: 3 }, list: [1], d: true, e: null, f: 5, g: 6, h: 7, i: 8 };
    expect(keyFieldsOf("rfq_generator", data).map((field) => field.label)).toEqual(["a", "b", "d", "f", "g", "h"]);
    expect(keyFieldsOf("rfq_generator", null)).toEqual([]);
  });

  it("cuts a long proposal at the limit and says so; links name each decision on the one page", () => {
    const long = { text: "x".repeat(OUTPUT_LIMIT_CHARS * 2) };
    expect(boundedOutput(long)).toMatchObject({ truncated: true });
    expect(boundedOutput(long).text).toHaveLength(OUTPUT_LIMIT_CHARS);
    expect(content().links.map((link) => link.url)).toEqual(
      ["approve", "edit", "reject", "request_changes"].map((action) => `https://aw.example/review/rvl_x?action=${action}`),
    );
    expect(content().due).toBe("2026-11-27 14:02 UTC");
    expect(content({ kind: "spot_check" }).title).toBe("Spot check: ap_specialist v3");
    expect(content({}, true).title).toBe("Still waiting: Review needed: ap_specialist v3");
  });
});

describe("email", () => {
  it("escapes everything from the run in the HTML part and keeps it as written in the text part", () => {
    const email = composeEmail(content());
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("Pay &lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
    expect(email.html).toContain("A&amp;B &lt;Ltd&gt;");
    expect(email.text).toContain("Pay <script>alert(1)</script> & more");
    expect(email.text).toContain("- Request changes: https://aw.example/review/rvl_x?action=request_changes");
    expect(email.html).toContain('<a href="https://aw.example/review/rvl_x?action=edit"');
    expect(email.subject).toBe("Review needed: ap_specialist v3");
  });
});

describe("chat", () => {
  it("escapes &, < and > for mrkdwn, keeps the code block closed and Block Kit's limits", () => {
    const message = composeChatMessage(content({ task: "t".repeat(5000) }));
    const serialized = JSON.stringify(message.blocks);
    expect(serialized).toContain("A&amp;B &lt;Ltd&gt;");
    expect(serialized).not.toContain("<b>");
    const output = message.blocks[3] as { text: { text: string } };
    // The output's own triple backticks are broken up: exactly one code block.
    expect(output.text.text.match(/```/g)).toHaveLength(2);
    for (const block of message.blocks as { text?: { text: string } }[]) expect((block.text?.text ?? "").length).toBeLessThanOrEqual(3000);
    const actions = message.blocks.find((block) => block.type === "actions") as { elements: { url: string; style?: string }[] };
    expect(actions.elements.map((button) => button.style)).toEqual(["primary", undefined, "danger", undefined]);
  });
});
