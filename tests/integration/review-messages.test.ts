// Review messages (docs/api-conventions.md, "Review messages and escalation") against a server
// of this file's own, a real local SMTP server (smtp-server, read with mailparser) and a local
// HTTPS chat webhook: the messages when an item opens (email text and HTML parts with AP's key
// fields and four decision links, a Block Kit chat message with link buttons), escalation
// after a short after_minutes sent once and not for an item decided first, SMTP down then back
// and a chat webhook failing then answering (retried, the log shows the attempts), a message
// not sent because its item was decided while it was retrying, the log's fields, the run's
// notification steps and the log's 404 for another organization, a spot check told too, the
// test message (sent, and 502 message_not_delivered), the link's token stored only hashed,
// never in a job's steps, and decisions through the links the messages carried (a quorum of
// two emailed approvers, a chat link's rejection with a reason code).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { receiverSet } from "../helpers/https-receiver.ts";
import { startMailCatcher, type TCaughtMail, type TMailCatcher } from "../helpers/mail-catcher.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until, waitForRunSettled } from "../helpers/waiting.ts";

// One after_minutes minute lasts 300 ms here.
const MINUTE_MS = 300;

let service: TOwnService;
let mail: TMailCatcher;
let receivers: ReturnType<typeof receiverSet>;

const sql = <T = any>(text: string, values: unknown[] = []) =>
  withDatabase(service.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

/** An organization of its own per test: each sets its own ap_specialist route. */
async function organization(name: string) {
  const { orgId, key } = await service.createOrgKey(name);
  const api = (method: string, route: string, body?: unknown) => service.api(method, route, key, body);
  return { orgId, key, api };
}
type TOrg = Awaited<ReturnType<typeof organization>>;

async function putRoute(org: TOrg, route: Record<string, unknown>) {
  const put = await org.api("PUT", "/v1/review-routes/ap_specialist", route);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

let invoiceCounter = 0;
/** An invoice without a purchase order: confidence 0.65, the run waits for a person (no model needed). */
async function openApItem(org: TOrg, invoice: Record<string, unknown> = {}) {
  invoiceCounter += 1;
  const created = await org.api("POST", "/v1/run", {
    agent_type: "ap_specialist",
    task: `Check invoice number ${invoiceCounter}`,
    data: {
      invoice: {
        number: `INV-${invoiceCounter}-<b>`,
        vendor: "Acme & Sons",
        currency: "EUR",
        total: 1234.5,
        lines: [{ sku: "B-1", description: "bolts", quantity: 1, unit_price: 1234.5 }],
        ...invoice,
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const settled = await waitForRunSettled((path) => org.api("GET", path), created.body.run_id, { timeoutMs: 30_000 });
  expect(settled.run.status).toBe("pending_triage");
  return { runId: created.body.run_id as string, itemId: settled.triage_item.id as string };
}

const log = async (org: TOrg, itemId: string) => {
  const answer = await org.api("GET", `/v1/triage/${itemId}/notifications`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as any[];
};

/** The log once every entry is done (sent or gave up). */
const settledLog = (org: TOrg, itemId: string, entries: number) =>
  until(`${entries} messages of ${itemId} done`, async () => {
    const data = await log(org, itemId);
    return data.length === entries && data.every((entry) => entry.status === "sent" || entry.status === "gave_up") ? data : undefined;
  }, 30_000);

/** Waits until the item's reach-reviewers job finished (every escalation step done or ended by a decision). */
const reachDone = (itemId: string) =>
  until(`reach-reviewers of ${itemId} finished`, async () => {
    const [job] = await sql(`SELECT status FROM job_runs WHERE function_id = 'reach-reviewers' AND idempotency_key = $1`, [itemId]);
    return job?.status === "completed" ? job : undefined;
  }, 30_000);

const TOKEN_LINK = /https?:\/\/[^\s"<>]+\/review\/(rvl_[A-Za-z0-9_-]{43})\?action=(approve|edit|reject|request_changes)/g;
const linksIn = (text: string) => [...text.matchAll(TOKEN_LINK)].map((match) => ({ token: match[1]!, action: match[2]! }));
const mailTo = (address: string, what = `mail to ${address}`) => mail.waitFor((caught: TCaughtMail) => caught.to.includes(address), what);

beforeAll(async () => {
  const certificate = inject("certificate");
  mail = await startMailCatcher();
  receivers = receiverSet(certificate);
  service = await createOwnService("reach");
  await service.start({
    SMTP_URL: mail.url,
    SMTP_FROM: "Reviews <reviews@reach.test>",
    ESCALATION_MINUTE_MS: String(MINUTE_MS),
    REVIEW_MESSAGE_RETRY_SCHEDULE: "200ms,400ms,800ms,1s,1s",
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    RATE_LIMIT_STRICT_PER_MIN: "10000",
    RATE_LIMIT_STANDARD_PER_MIN: "100000",
  });
}, 120_000);

afterAll(async () => {
  await service?.dispose();
  await mail?.stop();
  await receivers?.closeAll();
});

describe("messages when an item opens", () => {
  it("each recipient gets one message: email with text and accessible HTML parts, AP's key fields and four decision links; chat Block Kit with link buttons; the log; tokens only hashed", async () => {
    const org = await organization("Reach Open Co");
    const chat = await receivers.start();
    await putRoute(org, { notify: [{ email: "ap@open.test" }, { chat_webhook_url: chat.url }] });
    const { itemId, runId } = await openApItem(org);

    const email = await mailTo("ap@open.test");
    const { parsed } = email;
    expect(email.from).toBe("reviews@reach.test");
    expect(parsed.subject).toBe("Review needed: ap_specialist v1");
    const text = parsed.text!;
    const html = parsed.html as string;
    for (const part of [text, html]) {
      expect(part).toContain(`Check invoice number ${invoiceCounter}`);
      expect(part).toContain("ap_specialist v1");
      expect(part).toContain("Invoice number");
      expect(part).toMatch(/Due/);
      expect(part).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      expect(part).toContain("amount_due");
    }
    // Key fields, escaped in HTML.
    expect(text).toContain(`INV-${invoiceCounter}-<b>`);
    expect(text).toContain("Acme & Sons");
    expect(text).toContain("1234.5 EUR");
    expect(html).toContain(`INV-${invoiceCounter}-&lt;b&gt;`);
    expect(html).toContain("Acme &amp; Sons");
    expect(html).not.toContain("<b>");
    // Accessible HTML: language, title, headings, a table with row headers, real links with text, nothing loaded or run.
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>Review needed: ap_specialist v1<\/title>/);
    expect(html).toMatch(/<h1[^>]*>/);
    expect(html).toMatch(/<h2[^>]*>Decide<\/h2>/);
    expect(html).toMatch(/<th scope="row"/);
    expect(html).not.toMatch(/<img|<script|javascript:|<link|@import/i);
    for (const label of ["Approve", "Edit and approve", "Reject", "Request changes"]) expect(html).toMatch(new RegExp(`<a href="[^"]+"[^>]*>${label}</a>`));

    // Four decision links, one token, in both parts; the token is stored only as its hash, bound to the item and recipient.
    const textLinks = linksIn(text);
    const htmlLinks = linksIn(html.replaceAll("&amp;", "&"));
    expect(textLinks.map((link) => link.action)).toEqual(["approve", "edit", "reject", "request_changes"]);
    expect(htmlLinks.map((link) => link.action)).toEqual(["approve", "edit", "reject", "request_changes"]);
    const token = textLinks[0]!.token;
    expect(new Set([...textLinks, ...htmlLinks].map((link) => link.token))).toEqual(new Set([token]));
    const [stored] = await sql(`SELECT * FROM review_links WHERE token_hash = $1`, [createHash("sha256").update(token).digest("hex")]);
    expect(stored).toMatchObject({ triage_item_id: itemId, channel: "email", recipient: "ap@open.test" });
    expect(stored.token_hash).not.toBe(token);
    expect(stored.notification_id).toBeTruthy();
    expect(Number(stored.expires_at) - Number((await sql(`SELECT created_at FROM triage_items WHERE id = $1`, [itemId]))[0].created_at)).toBe(168 * 3_600_000);
    expect(await sql(`SELECT id FROM review_links WHERE token_hash = $1`, [token])).toEqual([]);

    // Chat: Block Kit with a header, fields, the output as a code block and link buttons.
    await until("the chat message", () => chat.received.length > 0);
    const body = JSON.parse(chat.received[0]!.body);
    expect(chat.received[0]!.headers["content-type"]).toContain("application/json");
    expect(body.text).toContain("Review needed: ap_specialist v1");
    expect(body.blocks[0]).toEqual({ type: "header", text: { type: "plain_text", text: "Review needed: ap_specialist v1", emoji: false } });
    const fields = body.blocks.find((block: any) => block.fields)?.fields.map((field: any) => field.text).join("\n");
    expect(fields).toContain("ap_specialist v1");
    expect(fields).toContain("Acme &amp; Sons");
    expect(fields).toContain(`INV-${invoiceCounter}-&lt;b&gt;`);
    expect(JSON.stringify(body.blocks)).toContain("```");
    const actions = body.blocks.find((block: any) => block.type === "actions");
    expect(actions.elements.map((button: any) => [button.type, button.text.text])).toEqual([
      ["button", "Approve"],
      ["button", "Edit and approve"],
      ["button", "Reject"],
      ["button", "Request changes"],
    ]);
    const chatLinks = actions.elements.flatMap((button: any) => linksIn(button.url));
    expect(chatLinks.map((link: any) => link.action)).toEqual(["approve", "edit", "reject", "request_changes"]);
    expect(chatLinks[0].token).not.toBe(token);

    // The log: oldest first, chat URL masked; another organization's key sees 404.
    const entries = await settledLog(org, itemId, 2);
    expect(entries).toEqual([
      { id: expect.any(String), channel: "email", recipient: "ap@open.test", kind: "opened", step: 0, status: "sent", attempts: 1, last_error: null, sent_at: expect.any(String), created_at: expect.any(String) },
      { id: expect.any(String), channel: "chat", recipient: expect.stringMatching(/^https:\/\/localhost:\d+\/…\/••••ooks$/), kind: "opened", step: 0, status: "sent", attempts: 1, last_error: null, sent_at: expect.any(String), created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(entries)).not.toContain(chat.url);
    // The run's steps show them after the item's triage step.
    const steps = (await org.api("GET", `/v1/runs/${runId}/steps`)).body.data as any[];
    const triageAt = steps.findIndex((step) => step.type === "triage");
    expect(steps.slice(triageAt + 1, triageAt + 3).map((step) => [step.type, step.status, step.detail.channel, step.detail.delivery, step.detail.kind])).toEqual([
      ["notification", "completed", "email", "sent", "opened"],
      ["notification", "completed", "chat", "sent", "opened"],
    ]);
    expect(steps[triageAt + 2].detail.recipient).toBe(entries[1].recipient);
    const stranger = await organization("Reach Stranger Co");
    expect((await stranger.api("GET", `/v1/triage/${itemId}/notifications`)).status).toBe(404);

    // Exactly one message per recipient; the raw tokens are in no job's saved steps, payload or result.
    await reachDone(itemId);
    expect(mail.to("ap@open.test")).toHaveLength(1);
    expect(chat.received).toHaveLength(1);
    for (const raw of [token, chatLinks[0].token]) {
      const [found] = await sql(`SELECT count(*)::int AS n FROM job_runs WHERE steps::text LIKE $1 OR payload::text LIKE $1 OR coalesce(result::text, '') LIKE $1`, [`%${raw}%`]);
      expect(found.n).toBe(0);
    }
  });

  it("a spot check gets a message too, worded as a spot check", async () => {
    const org = await organization("Reach Spot Co");
    await service.cli("set-spot-check-rate", "--org", org.orgId, "--agent", "ap_specialist", "--rate", "1");
    await putRoute(org, { notify: [{ email: "spot@spot.test" }] });
    const order = { number: "PO-S", vendor: "Acme", currency: "EUR", total: 100, lines: [{ sku: "B-1", description: "bolts", quantity: 10, unit_price: 10 }] };
    const created = await org.api("POST", "/v1/run", {
      agent_type: "ap_specialist",
      task: "A clean match",
      data: { invoice: { ...order, number: "INV-S" }, purchase_order: order },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const settled = await waitForRunSettled((path) => org.api("GET", path), created.body.run_id, { timeoutMs: 30_000 });
    expect(settled.run.status).toBe("completed");
    const checks = (await org.api("GET", "/v1/triage?kind=spot_check")).body.data;
    expect(checks).toHaveLength(1);

    const email = await mailTo("spot@spot.test");
    expect(email.parsed.subject).toBe("Spot check: ap_specialist v1");
    expect(linksIn(email.parsed.text!)).toHaveLength(4);
    expect(await settledLog(org, checks[0].id, 1)).toMatchObject([{ kind: "opened", status: "sent", recipient: "spot@spot.test" }]);
  });
});

describe("escalation", () => {
  it("each step is sent once, after_minutes after the item opened, while the item is still open", async () => {
    const org = await organization("Reach Escalation Co");
    await putRoute(org, {
      notify: [{ email: "first@esc.test" }],
      escalation: [
        { after_minutes: 2, notify: [{ email: "boss@esc.test" }] },
        { after_minutes: 4, notify: [{ email: "chief@esc.test" }, { email: "boss@esc.test" }] },
      ],
    });
    const { itemId } = await openApItem(org);
    const [opened] = await sql(`SELECT created_at FROM triage_items WHERE id = $1`, [itemId]);

    await mailTo("first@esc.test");
    const chief = await mailTo("chief@esc.test");
    expect(chief.parsed.subject).toBe("Still waiting: Review needed: ap_specialist v1");
    await reachDone(itemId);
    const entries = await settledLog(org, itemId, 4);
    expect(entries.map((entry) => [entry.kind, entry.step, entry.recipient, entry.status])).toEqual([
      ["opened", 0, "first@esc.test", "sent"],
      ["escalated", 1, "boss@esc.test", "sent"],
      ["escalated", 2, "chief@esc.test", "sent"],
      ["escalated", 2, "boss@esc.test", "sent"],
    ]);
    // Not before their time: each step's rows were planned after_minutes × 300 ms after the item opened.
    expect(Date.parse(entries[1].created_at) - Number(opened.created_at)).toBeGreaterThanOrEqual(2 * MINUTE_MS);
    expect(Date.parse(entries[2].created_at) - Number(opened.created_at)).toBeGreaterThanOrEqual(4 * MINUTE_MS);
    expect(mail.to("first@esc.test")).toHaveLength(1);
    expect(mail.to("boss@esc.test")).toHaveLength(2);
    expect(mail.to("chief@esc.test")).toHaveLength(1);
  });

  it("nothing is escalated for an item decided before its time", async () => {
    const org = await organization("Reach Decided Co");
    // 60 minutes of 300 ms: 18 s, well after the decision below.
    await putRoute(org, { notify: [{ email: "first@decided.test" }], escalation: [{ after_minutes: 60, notify: [{ email: "late@decided.test" }] }] });
    const { itemId, runId } = await openApItem(org);
    await mailTo("first@decided.test");
    const approved = await org.api("POST", `/v1/triage/${itemId}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [item] = await sql(`SELECT created_at, resolved_at FROM triage_items WHERE id = $1`, [itemId]);
    // The premise: decided before the step fell due.
    expect(Number(item.resolved_at) - Number(item.created_at)).toBeLessThan(60 * MINUTE_MS);
    // The decision ends the job (its wait, or the read before the wait) long before the step
    // falls due: once it is finished, nothing more can be planned for the item.
    await reachDone(itemId);
    expect(Date.now()).toBeLessThan(Number(item.created_at) + 60 * MINUTE_MS);
    expect((await org.api("GET", `/v1/runs/${runId}`)).body.run.status).toBe("completed");
    const entries = await log(org, itemId);
    expect(entries.map((entry) => entry.kind)).toEqual(["opened"]);
    expect(mail.to("late@decided.test")).toHaveLength(0);
  });
});

describe("retries", () => {
  it("SMTP down, then back: the message is retried and sent; the log shows the attempts", async () => {
    const org = await organization("Reach Retry Co");
    await putRoute(org, { notify: [{ email: "retry@retry.test" }] });
    await mail.stop();
    let itemId: string;
    try {
      ({ itemId } = await openApItem(org));
      const failing = await until("a failed attempt", async () => {
        const [entry] = await log(org, itemId);
        return entry?.status === "retrying" && entry.attempts >= 2 ? entry : undefined;
      });
      expect(failing.last_error).toMatch(/Could not reach the mail server|Mail server/);
      expect(failing.last_error).not.toContain(mail.url);
    } finally {
      await mail.start();
    }
    const [entry] = await settledLog(org, itemId, 1);
    expect(entry).toMatchObject({ status: "sent", last_error: null });
    expect(entry.attempts).toBeGreaterThan(1);
    await mailTo("retry@retry.test");
    expect(mail.to("retry@retry.test")).toHaveLength(1);
  });

  it("a mail server's temporary refusal (451) is retried; a final one (550) gives up at once", async () => {
    const org = await organization("Reach Refusal Co");
    await putRoute(org, { notify: [{ email: "later@refusal.test" }] });
    mail.refuse(451);
    let itemId: string;
    try {
      ({ itemId } = await openApItem(org));
      const refused = await until("a refused attempt", async () => {
        const [entry] = await log(org, itemId);
        return entry?.status === "retrying" ? entry : undefined;
      });
      expect(refused.last_error).toContain("451");
    } finally {
      mail.refuse(null);
    }
    expect((await settledLog(org, itemId, 1))[0]).toMatchObject({ status: "sent" });

    mail.refuse(550);
    try {
      const second = await openApItem(org);
      const [entry] = await settledLog(org, second.itemId, 1);
      expect(entry).toMatchObject({ status: "gave_up", attempts: 1 });
      expect(entry.last_error).toContain("550");
    } finally {
      mail.refuse(null);
    }
  });

  it("a chat webhook failing, then answering: retried with a fresh link each attempt, then sent", async () => {
    const org = await organization("Reach Chat Retry Co");
    const chat = await receivers.start((_request, index) => (index < 2 ? 503 : 200));
    await putRoute(org, { notify: [{ chat_webhook_url: chat.url }] });
    const { itemId } = await openApItem(org);
    const [entry] = await settledLog(org, itemId, 1);
    expect(entry).toMatchObject({ channel: "chat", status: "sent", attempts: 3, last_error: null });
    expect(chat.received).toHaveLength(3);
    const tokens = chat.received.map((request) => linksIn(request.body)[0]!.token);
    expect(new Set(tokens).size).toBe(3);
    const [links] = await sql(`SELECT count(*)::int AS n FROM review_links WHERE notification_id = $1`, [entry.id]);
    expect(links.n).toBe(3);
  });

  it("a message still retrying when its item is decided is not sent: its row says why", async () => {
    const org = await organization("Reach Decided Meanwhile Co");
    const chat = await receivers.start(() => 503);
    await putRoute(org, { notify: [{ chat_webhook_url: chat.url }] });
    const { itemId } = await openApItem(org);
    await until("a failed attempt", async () => ((await log(org, itemId))[0]?.status === "retrying" ? true : undefined));
    expect((await org.api("POST", `/v1/triage/${itemId}/reject`, { reason_code: "other" })).status).toBe(200);
    const [entry] = await settledLog(org, itemId, 1);
    expect(entry).toMatchObject({ status: "gave_up", last_error: "Not sent: the item was decided before this message went out" });
    const attempts = chat.received.length;
    expect(entry.attempts).toBe(attempts);
    expect(attempts).toBeLessThan(6);
  });
});

describe("the test message", () => {
  it("sends a sample by email and chat whose links open the sample page; a refusal is 502 message_not_delivered", async () => {
    const org = await organization("Reach Test Message Co");
    const sent = await org.api("POST", "/v1/review-routes/ap_specialist/test-message", { recipient: { email: "try@test-message.test" } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ sent: true, channel: "email", recipient: "try@test-message.test" });
    const email = await mailTo("try@test-message.test");
    expect(email.parsed.subject).toBe("Test message: Review needed: ap_specialist v1");
    expect(email.parsed.text).toContain("INV-1001");
    expect(email.parsed.text).toMatch(/\/review\/sample\?action=approve/);
    expect(linksIn(email.parsed.text!)).toEqual([]);

    const chat = await receivers.start();
    const chatSent = await org.api("POST", "/v1/review-routes/ap_specialist/test-message", { recipient: { chat_webhook_url: chat.url } });
    expect(chatSent.status, JSON.stringify(chatSent.body)).toBe(200);
    expect(chatSent.body.recipient).not.toBe(chat.url);
    expect(chat.received).toHaveLength(1);
    expect(chat.received[0]!.body).toContain("/review/sample?action=request_changes");

    const broken = await receivers.start(() => 500);
    const failed = await org.api("POST", "/v1/review-routes/ap_specialist/test-message", { recipient: { chat_webhook_url: broken.url } });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ type: "message_not_delivered", reason: "The chat webhook answered HTTP 500: ok" });
    mail.refuse(550);
    try {
      const refused = await org.api("POST", "/v1/review-routes/ap_specialist/test-message", { recipient: { email: "nobody@test-message.test" } });
      expect(refused.status).toBe(502);
      expect(refused.body.type).toBe("message_not_delivered");
      expect(refused.body.reason).toContain("550");
    } finally {
      mail.refuse(null);
    }
    expect((await org.api("POST", "/v1/review-routes/no_such_agent/test-message", { recipient: { email: "x@test-message.test" } })).status).toBe(404);
  });
});

describe("deciding through the messages' links", () => {
  /** Posts the review page's form for `token`, as the page does; answers where it sends the browser. */
  async function postForm(token: string, fields: Record<string, string>) {
    const response = await fetch(`${service.server().baseUrl}/review/${token}/decide`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    return new URL(response.headers.get("location")!, service.server().baseUrl).searchParams;
  }
  const approveTokenIn = (text: string) => linksIn(text).find((link) => link.action === "approve")!.token;

  it("two emailed approvers: the first link's approval leaves the item pending, the second completes the run; a used link changes nothing", async () => {
    const org = await organization("Reach Quorum Co");
    await putRoute(org, {
      notify: [{ email: "first@quorum.test" }, { email: "second@quorum.test" }],
      approvals: { required: 2, when: { path: "/invoice/total", gt: 1000 } },
    });
    const { runId, itemId } = await openApItem(org);
    const first = approveTokenIn((await mailTo("first@quorum.test")).parsed.text!);
    const second = approveTokenIn((await mailTo("second@quorum.test")).parsed.text!);

    expect((await postForm(first, { action: "approve" })).get("done")).toBe("pending");
    const waiting = await org.api("GET", `/v1/runs/${runId}`);
    expect(waiting.body.run.status).toBe("pending_triage");
    expect(waiting.body.triage_item.approvals.required).toBe(2);
    expect(waiting.body.triage_item.approvals.given).toHaveLength(1);
    expect(waiting.body.triage_item.approvals.given[0].by_actor).toMatchObject({ type: "link", channel: "email", recipient: "first@quorum.test" });

    // The same link again: a link decides once; nothing more is counted.
    const again = await postForm(first, { action: "approve" });
    expect(again.get("done")).toBeNull();
    expect(again.get("error")).toMatch(/already made through this link/);

    expect((await postForm(second, { action: "approve" })).get("done")).toBe("approved");
    const decided = await org.api("GET", `/v1/runs/${runId}`);
    expect(decided.body.run.status).toBe("completed");
    expect(decided.body.run.resolution).toBe("approved");
    expect(decided.body.triage_item.resolved_by_actor).toMatchObject({ type: "link", channel: "email", recipient: "second@quorum.test", name: "second@quorum.test" });
    expect(decided.body.triage_item.approvals.given.map((given: any) => given.by_actor.recipient)).toEqual(["first@quorum.test", "second@quorum.test"]);

    // A used link: the page says what happened and a post changes nothing.
    const page = await fetch(`${service.server().baseUrl}/review/${second}`);
    expect(await page.text()).toMatch(/[Aa]pproved by second@quorum\.test/);
    const late = await postForm(first, { action: "approve" });
    expect(late.get("done")).toBeNull();
    const [item] = await sql(`SELECT status, resolved_by FROM triage_items WHERE id = $1`, [itemId]);
    expect(item.status).toBe("approved");
    expect(item.resolved_by).toMatch(/^link:/);
  });

  it("a chat link's rejection with a reason code cancels the run and names the person who typed their name", async () => {
    const org = await organization("Reach Chat Reject Co");
    const chat = await receivers.start();
    await putRoute(org, { notify: [{ chat_webhook_url: chat.url }] });
    const { runId } = await openApItem(org);
    await until("the chat message", () => chat.received.length > 0);
    const token = linksIn(chat.received[0]!.body).find((link) => link.action === "reject")!.token;

    // A chat link has no address to name the decider: the page asks for a name.
    const nameless = await postForm(token, { action: "reject", reason_code: "duplicate" });
    expect(nameless.get("field")).toBe("name");
    expect((await org.api("GET", `/v1/runs/${runId}`)).body.run.status).toBe("pending_triage");

    expect((await postForm(token, { action: "reject", reason_code: "duplicate", name: "Ada Controller" })).get("done")).toBe("rejected");
    const decided = await org.api("GET", `/v1/runs/${runId}`);
    expect(decided.body.run.status).toBe("cancelled");
    expect(decided.body.run.resolution).toBe("rejected");
    expect(decided.body.triage_item.reason_code).toBe("duplicate");
    expect(decided.body.triage_item.resolved_by_actor).toMatchObject({ type: "link", channel: "chat", name: "Ada Controller" });
    expect(decided.body.triage_item.resolved_by_actor.recipient).toContain("••••");
  });
});
