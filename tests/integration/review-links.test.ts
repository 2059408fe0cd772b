// Signed decision links (docs/api-conventions.md, "Signed decision links"): the review page at
// /review/<token> shows the item, and its form post makes the same decision as the API. The
// links are seeded as the messages mint them (tests/helpers/review-link.ts).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, createTenant, type TTenant } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { seedReviewLink } from "../helpers/review-link.ts";

let tenant: TTenant;
let baseUrl: string;

beforeAll(async () => {
  tenant = await createTenant();
  baseUrl = inject("baseUrl");
});

const page = (token: string, query = "") => fetch(`${baseUrl}/review/${token}${query}`, { redirect: "manual" });

function post(token: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/review/${token}/decide`, {
    method: "POST",
    redirect: "manual",
    // A header given as "" is left out.
    headers: Object.fromEntries(
      Object.entries({ "content-type": "application/x-www-form-urlencoded", origin: baseUrl, "sec-fetch-site": "same-origin", ...headers }).filter(([, value]) => value !== ""),
    ),
    body: new URLSearchParams(form).toString(),
  });
}

/** Where a post sent the browser back to: the page's query (done, or error and field). */
function result(response: Response): URLSearchParams {
  expect(response.status).toBe(303);
  const location = response.headers.get("location")!;
  expect(location).toMatch(/^\/review\/rvl_/);
  return new URL(location, baseUrl).searchParams;
}

const item = async (runId: string) => (await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).body;

describe("the review page", () => {
  it("shows the item: task, reason and proposal, and decides nothing on a GET, ?action included", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { reason: "Total is above the PO by 12%", proposedOutput: { decision: "hold", amount_due: 4711 } });
    const { token } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId);
    for (const query of ["", "?action=approve", "?action=reject", "?action=edit", "?action=request_changes"]) {
      const response = await page(token, query);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("fixture task");
      expect(html).toContain("Total is above the PO by 12%");
      expect(html).toContain("4711");
      expect(html).toContain(`action="/review/${token}/decide"`);
    }
    expect((await item(fixture.runId)).triage_item.status).toBe("pending");
    expect((await item(fixture.runId)).run.status).toBe("pending_triage");
  });

  it("answers 404 for an unknown or malformed token, and a post to one changes nothing", async () => {
    expect((await page(`rvl_${"A".repeat(43)}`)).status).toBe(404);
    expect((await page("not-a-token")).status).toBe(404);
    expect((await post(`rvl_${"A".repeat(43)}`, { action: "approve", name: "Eve" })).status).toBe(404);
  });

  it("sets no cookie, is not cached, not framed and sends no referrer (page and post)", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const { token } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId);
    for (const response of [await page(token), await post(token, { action: "reject", name: "Ada" })]) {
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get("cache-control")).toContain("no-store");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("decisions through a link", () => {
  it("approves: the run completes, the item records the link as its decider, the steps show it", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { proposedOutput: { decision: "approve_payment", amount_due: 120 } });
    const { token, linkId } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId, { recipient: "controller@example.test" });
    expect(result(await post(token, { action: "approve", name: "Carla Controller", note: "fine" })).get("done")).toBe("approved");

    const { run, triage_item: decided } = await item(fixture.runId);
    expect(run).toMatchObject({ status: "completed", resolution: "approved", output: { decision: "approve_payment", amount_due: 120 } });
    expect(decided).toMatchObject({
      status: "approved",
      resolved_by: `link:${linkId}`,
      resolved_by_name: "Carla Controller",
      resolution_note: "fine",
      resolved_by_actor: { type: "link", id: linkId, name: "Carla Controller", channel: "email", recipient: "controller@example.test" },
    });
    const steps = (await call("GET", `/v1/runs/${fixture.runId}/steps`, { key: tenant.key })).body.data;
    const review = steps.find((step: { type: string }) => step.type === "review");
    expect(review.detail).toMatchObject({ decision: "approved", resolved_by: `link:${linkId}`, resolved_by_actor: { type: "link", channel: "email" } });

    // Used: a second post changes nothing, and the page says who decided and when.
    const again = result(await post(token, { action: "reject", name: "Mallory", reason_code: "other" }));
    expect(again.get("error")).toMatch(/already approved/);
    expect((await item(fixture.runId)).run.status).toBe("completed");
    const html = await (await page(token)).text();
    expect(html).toMatch(/Approved by Carla Controller at \d\d:\d\d UTC/);
    expect(html).not.toContain(`name="action"`);
  });

  it("rejects with a reason code (required): the run is cancelled with it", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const { token } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId);
    const missing = result(await post(token, { action: "reject", name: "Carla" }));
    expect(missing.get("field")).toBe("reason_code");
    expect((await item(fixture.runId)).run.status).toBe("pending_triage");
    const bogus = result(await post(token, { action: "reject", name: "Carla", reason_code: "because" }));
    expect(bogus.get("field")).toBe("reason_code");

    expect(result(await post(token, { action: "reject", name: "Carla", reason_code: "duplicate" })).get("done")).toBe("rejected");
    const { run, triage_item: decided } = await item(fixture.runId);
    expect(run).toMatchObject({ status: "cancelled", resolution: "rejected", reason_code: "duplicate" });
    expect(decided).toMatchObject({ status: "rejected", reason_code: "duplicate", resolved_by_actor: { type: "link" } });
  });

  it("requests changes: the round closes and the run is queued for the next", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const { token } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId);
    expect(result(await post(token, { action: "request_changes", name: "Carla" })).get("field")).toBe("feedback");
    expect(result(await post(token, { action: "request_changes", name: "Carla", feedback: "Use the PO price" })).get("done")).toBe("changes_requested");
    const { run } = await item(fixture.runId);
    expect(run.review_round).toBe(1);
    const items = (await call("GET", `/v1/triage?status=resolved&limit=100`, { key: tenant.key })).body.data;
    expect(items.find((entry: { id: string }) => entry.id === fixture.triageItemId)).toMatchObject({ status: "changes_requested", feedback: "Use the PO price" });
  });

  it("edits and approves: the run completes with the edited output", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { proposedOutput: { decision: "hold", amount_due: 120 } });
    const { token } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId);
    expect(result(await post(token, { action: "edit", name: "Carla", output: "[1]" })).get("field")).toBe("output");
    const edited = { decision: "approve_payment", amount_due: 110 };
    expect(result(await post(token, { action: "edit", name: "Carla", output: JSON.stringify(edited) })).get("done")).toBe("approved");
    const { run, triage_item: decided } = await item(fixture.runId);
    expect(run).toMatchObject({ status: "completed", resolution: "approved_edited", output: edited });
    expect(decided.output_edited).toBe(true);
  });

  it("refuses an expired link: nothing changes and the page says it expired", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const { token } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId, { expiresAt: new Date(Date.now() - 60_000) });
    expect(result(await post(token, { action: "approve", name: "Carla" })).get("error")).toMatch(/expired/);
    expect((await item(fixture.runId)).triage_item.status).toBe("pending");
    expect(await (await page(token)).text()).toMatch(/This link expired at/);
  });

  it("refuses a post from another site (Origin or Sec-Fetch-Site)", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const { token } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId);
    expect((await post(token, { action: "approve", name: "Eve" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(token, { action: "approve", name: "Eve" }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    // Origin null (what the page's no-referrer policy makes a browser send) needs Sec-Fetch-Site same-origin.
    expect((await post(token, { action: "approve", name: "Eve" }, { origin: "null", "sec-fetch-site": "" })).status).toBe(403);
    expect((await item(fixture.runId)).triage_item.status).toBe("pending");
    expect(result(await post(token, { action: "approve", name: "Ada" }, { origin: "null" })).get("done")).toBe("approved");
  });

  it("asks a chat link's decider for their name", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const { token, linkId } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId, { channel: "chat" });
    expect(result(await post(token, { action: "approve" })).get("field")).toBe("name");
    expect(result(await post(token, { action: "approve", name: "Bo from AP" })).get("done")).toBe("approved");
    expect((await item(fixture.runId)).triage_item.resolved_by_actor).toEqual({
      type: "link",
      id: linkId,
      name: "Bo from AP",
      channel: "chat",
      recipient: "https://hooks.example.test/services/••••3xQz",
    });
  });

  it("names who holds the claim, refuses without “decide anyway”, and decides with it", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const { token } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId);
    expect((await call("POST", `/v1/triage/${fixture.triageItemId}/claim`, { key: tenant.key })).status).toBe(200);
    const html = await (await page(token)).text();
    expect(html).toContain("API key &#x27;live&#x27; (Ada Admin)");
    expect(html).toContain(`name="force"`);
    const refused = result(await post(token, { action: "approve", name: "Carla" }));
    expect(refused.get("field")).toBe("force");
    expect(refused.get("error")).toMatch(/Ada Admin.*is reviewing this until/);
    expect((await item(fixture.runId)).triage_item.status).toBe("pending");
    expect(result(await post(token, { action: "approve", name: "Carla", force: "1" })).get("done")).toBe("approved");
    expect((await item(fixture.runId)).triage_item).toMatchObject({ status: "approved", claimed_by: null });
  });

  it("shows a sample page for the token 'sample' that decides nothing", async () => {
    const response = await page("sample");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("sample review page");
    expect(new URL((await post("sample", { action: "approve", name: "Tess" })).headers.get("location")!, baseUrl).searchParams.get("done")).toBe("sample");
  });
});
