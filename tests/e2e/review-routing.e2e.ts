// The Review routing page (docs/dashboard.md, "Review routing"): an admin sets who hears of an
// agent's review items by email and chat, an escalation step and a quorum above an amount,
// and it is what the API then answers; the server's validation issue lands on its field; a
// test message reaches the mail server; a reviewer reads the route (chat URL masked) and
// cannot change it. axe-clean at desktop and phone width. The e2e server has SMTP_URL set to
// a local mail server that accepts everything (tests/e2e/global-setup.ts).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { startReceiver, type TCertificate } from "../helpers/https-receiver.ts";
import { api, baseUrl, createTriageItem, createWorkspace, expect, expectNoHorizontalScroll, screenshot, signIn, test, type TWorkspace } from "./support.ts";

const certificate = (): TCertificate => ({ certPath: process.env.E2E_CERT_PATH!, keyPath: process.env.E2E_KEY_PATH! });

let workspace: TWorkspace;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let chatUrl: string;

test.beforeAll(async () => {
  workspace = await createWorkspace("Routing Co");
  receiver = await startReceiver(certificate(), () => 200);
  chatUrl = `${receiver.url}/services/T000/B000/abcd3xQz`;
});

test.afterAll(async () => {
  await receiver?.close();
});

async function expectAccessible(page: Page, name: string): Promise<void> {
  await expect(page.locator('[role="status"][aria-live="polite"]').filter({ hasText: /^Loading/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const found = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical" || ["heading-order", "page-has-heading-one"].includes(violation.id))
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(found, `${name}: axe violations`).toEqual([]);
}

const routeForm = (page: Page) => page.getByRole("form", { name: "Review route for ap_specialist" });

async function openRoute(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/review-routing`);
  await expect(page.getByRole("heading", { level: 1, name: "Review routing" })).toBeVisible();
  await page.getByRole("navigation", { name: "Agent types" }).getByRole("button", { name: /ap_specialist/ }).click();
  await expect(routeForm(page)).toBeVisible();
}

test("an admin routes ap_specialist's items: recipients, an escalation step and a quorum above an amount, kept after a reload", async ({ page, consoleErrors }, testInfo) => {
  await signIn(page, workspace.admin);
  await openRoute(page);
  const form = routeForm(page);
  await expect(form.getByText("Nobody yet.").first()).toBeVisible();

  await form.getByRole("button", { name: "Add recipient to Notify" }).click();
  await form.getByLabel("Notify, recipient 1").fill("ap-lead@example.com");
  await form.getByRole("button", { name: "Add recipient to Notify" }).click();
  await form.getByLabel("Notify, recipient 2").fill(chatUrl);
  await form.getByRole("button", { name: "Add escalation step" }).click();
  await form.getByLabel("Step 1: after minutes").fill("30");
  await form.getByLabel("Step 1, recipient 1").fill("controller@example.com");
  await form.getByLabel("Approvals required").fill("2");
  await form.getByLabel(/Only when a number/).check();
  await expect(form.getByText("e.g. /invoice/total")).toBeVisible();
  // The server's issue on its field: a pointer without its leading slash.
  await form.getByLabel("Input field (JSON Pointer)").fill("invoice/total");
  await form.getByLabel("Greater than").fill("10000");
  await form.getByRole("button", { name: "Save route" }).click();
  const pointer = form.getByLabel("Input field (JSON Pointer)");
  await expect(pointer).toHaveAttribute("aria-invalid", "true");
  await expect(pointer).toHaveAccessibleDescription("must be a JSON Pointer such as /invoice/total");
  await screenshot(page, testInfo, "review-routing-error");

  await pointer.fill("/invoice/total");
  await form.getByRole("button", { name: "Save route" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(pointer).not.toHaveAttribute("aria-invalid");

  const stored = await api(workspace.apiKey, "GET", "/v1/review-routes/ap_specialist");
  expect(stored.body.route).toMatchObject({
    notify: [{ email: "ap-lead@example.com" }, { chat_webhook_url: chatUrl }],
    escalation: [{ after_minutes: 30, notify: [{ email: "controller@example.com" }] }],
    approvals: { required: 2, when: { path: "/invoice/total", gt: 10000 } },
  });

  await page.reload();
  await openRoute(page);
  const again = routeForm(page);
  await expect(again.getByLabel("Notify, recipient 1")).toHaveValue("ap-lead@example.com");
  await expect(again.getByLabel("Notify, recipient 2")).toHaveValue(chatUrl);
  await expect(again.getByLabel("Step 1: after minutes")).toHaveValue("30");
  await expect(again.getByLabel("Step 1, recipient 1")).toHaveValue("controller@example.com");
  await expect(again.getByLabel("Approvals required")).toHaveValue("2");
  await expect(again.getByLabel("Input field (JSON Pointer)")).toHaveValue("/invoice/total");
  await expect(again.getByLabel("Greater than")).toHaveValue("10000");
  await expect(page.getByRole("button", { name: /ap_specialist/ })).toContainText("2 recipients · 1 escalation step · 2 approvals when /invoice/total > 10000");
  await screenshot(page, testInfo, "review-routing-desktop");
  await expectAccessible(page, "review routing (admin, desktop)");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(again.getByLabel("Notify, recipient 1")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, "review-routing-phone");
  await expectAccessible(page, "review routing (admin, phone)");
  expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
});

test("send a test message: the mail server took it", async ({ page }) => {
  await signIn(page, workspace.admin);
  await openRoute(page);
  const form = routeForm(page);
  if ((await form.getByLabel("Notify, recipient 1").count()) === 0) await form.getByRole("button", { name: "Add recipient to Notify" }).click();
  await form.getByLabel("Notify, recipient 1").fill("ap-lead@example.com");
  await form.getByRole("button", { name: "Send test message to Notify, recipient 1" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Test message sent to ap-lead@example.com." })).toBeVisible();
});

test("a reviewer reads the route, chat URL masked, and cannot change it", async ({ page }, testInfo) => {
  const put = await api(workspace.apiKey, "PUT", "/v1/review-routes/ap_specialist", {
    notify: [{ email: "ap-lead@example.com" }, { chat_webhook_url: chatUrl }],
    approvals: { required: 2 },
  });
  expect(put.status).toBe(200);
  await signIn(page, workspace.reviewer);
  await openRoute(page);
  await expect(page.getByRole("note").filter({ hasText: "only admins change them" })).toBeVisible();
  const form = routeForm(page);
  await expect(form.getByLabel("Notify, recipient 1")).toHaveValue("ap-lead@example.com");
  await expect(form.getByLabel("Notify, recipient 2")).toHaveValue(/••••3xQz$/);
  await expect(form.getByLabel("Notify, recipient 2")).toBeDisabled();
  await expect(form.getByRole("button", { name: "Save route" })).toHaveCount(0);
  await expect(form.getByRole("button", { name: /Send test|Add recipient|Delete route/ })).toHaveCount(0);
  await screenshot(page, testInfo, "review-routing-reviewer");
  await expectAccessible(page, "review routing (reviewer)");
});

test("two approvers on the triage card: the first approval leaves the item waiting, the second person's completes the run", async ({ browser }, testInfo) => {
  const quorum = await createWorkspace("Quorum Card Co");
  const put = await api(quorum.apiKey, "PUT", "/v1/review-routes/ap_specialist", { approvals: { required: 2 } });
  expect(put.status).toBe(200);
  const { runId, triageItemId } = await createTriageItem(quorum.apiKey, "Pay invoice INV-2 (two approvers)");
  const card = (page: Page) => page.locator(`[data-triage-id="${triageItemId}"]`);

  const adminPage = await browser.newPage();
  await signIn(adminPage, quorum.admin);
  await adminPage.goto(`${baseUrl()}/triage`);
  await card(adminPage).getByRole("button", { name: /^Pay / }).click();
  // After the undo period the approval is sent; the item stays, showing who approved.
  await expect(card(adminPage)).toContainText("1 of 2 approvals", { timeout: 20_000 });
  await expect(card(adminPage)).toContainText(quorum.admin.name);
  await expect(card(adminPage)).toContainText("You approved; waiting for someone else");
  await expect(card(adminPage).getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await screenshot(adminPage, testInfo, "triage-two-approvers");
  expect((await api(quorum.apiKey, "GET", `/v1/runs/${runId}`)).body.run.status).toBe("pending_triage");

  const reviewerPage = await browser.newPage();
  await signIn(reviewerPage, quorum.reviewer);
  await reviewerPage.goto(`${baseUrl()}/triage`);
  await expect(card(reviewerPage)).toContainText("1 of 2 approvals");
  await card(reviewerPage).getByRole("button", { name: /^Pay / }).click();
  await expect(card(reviewerPage)).toHaveCount(0);
  await expect.poll(async () => (await api(quorum.apiKey, "GET", `/v1/runs/${runId}`)).body.run.status, { timeout: 20_000 }).toBe("completed");
  await adminPage.close();
  await reviewerPage.close();
});
