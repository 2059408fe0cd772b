// The review queue for a team (issue 20): requesting changes by keyboard, claims seen by a
// second reviewer and skipped by the keyboard flow, bulk approval after a summary, undo of
// `a`, and filters that live in the URL. Each test gets its own organization, so its queue
// holds exactly the items it creates.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { withDatabase } from "../helpers/database.ts";
import {
  admin,
  api,
  baseUrl,
  createTriageItem,
  createWorkspace,
  expect,
  expectNoHorizontalScroll,
  screenshot,
  signIn,
  test,
  waitForRun,
  type TPerson,
} from "./support.ts";

const card = (page: Page, id: string) => page.locator(`[data-triage-id="${id}"]`);
const tag = () => randomUUID().slice(0, 4);

async function addReviewer(orgId: string, name: string): Promise<TPerson> {
  const suffix = randomUUID().slice(0, 8);
  const email = `reviewer-${suffix}@e2e.test`;
  const password = `pw-${suffix}`;
  const member = await admin<{ id: string }>("create-member", "--org", orgId, "--email", email, "--name", name, "--role", "reviewer", "--password", password);
  return { email, password, name, memberId: member.id };
}

/** Waits until the run waits again with a new triage item, or has ended. */
async function waitForNextRound(apiKey: string, runId: string, previousItemId: string) {
  await expect
    .poll(async () => {
      const { body } = await api(apiKey, "GET", `/v1/runs/${runId}`);
      const ended = ["completed", "failed", "cancelled"].includes(body.run.status);
      return ended || (body.run.status === "pending_triage" && body.triage_item?.id !== previousItemId) ? body.run.status : "waiting";
    }, { timeout: 30_000 })
    .not.toBe("waiting");
  return (await waitForRun(apiKey, runId)) as { run: Record<string, any>; triage_item: Record<string, any> };
}

test("a reviewer requests changes by keyboard; the AP mismatch comes back in round 1, then a patch of the PO settles it", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Rounds Co");
  const item = await createTriageItem(workspace.apiKey, `Pay invoice INV-1001 (${tag()})`);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  await expect(card(page, item.triageItemId)).toHaveAttribute("aria-current", "true");
  await expect(card(page, item.triageItemId).getByTestId("triage-due")).toHaveText(/^(4 h|3 h \d+ min) left$/);

  // c: the request-changes form; feedback only (the patch stays {}): the agent runs again on the same data.
  await page.keyboard.press("c");
  const feedback = page.getByLabel("Feedback for the agent");
  await expect(feedback).toBeFocused();
  // Its JSON view: the patch the (untouched) form makes is {}, beside the current data.
  await card(page, item.triageItemId).getByRole("button", { name: "Edit as JSON" }).click();
  await expect(page.getByLabel("Changes to the input data (JSON Merge Patch)")).toHaveValue("{}");
  await expect(card(page, item.triageItemId).getByText("Current input data")).toBeVisible();
  await feedback.focus();
  await feedback.press("Control+Enter");
  await expect(card(page, item.triageItemId).getByRole("alert")).toContainText("Tell the agent what to change");
  await feedback.fill("Check the PO again: it was amended.");
  await screenshot(page, testInfo, "triage-request-changes");
  await feedback.press("Control+Enter");
  await expect(card(page, item.triageItemId)).toHaveCount(0);

  const round1 = await waitForNextRound(workspace.apiKey, item.runId, item.triageItemId);
  expect(round1.run).toMatchObject({ status: "pending_triage", review_round: 1 });
  expect(round1.triage_item).toMatchObject({ status: "pending", round: 1 });
  const comeBack = card(page, round1.triage_item.id);
  await expect(comeBack).toBeVisible();
  await expect(comeBack.getByTitle("Review round")).toHaveText("Round 1");

  // Round 1: this time a patch over the input data; an invalid patch is refused here first.
  await expect(comeBack).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("c");
  await page.getByLabel("Feedback for the agent").fill("The PO was amended to 100.");
  await comeBack.getByRole("button", { name: "Edit as JSON" }).click();
  const patch = page.getByLabel("Changes to the input data (JSON Merge Patch)");
  await patch.fill("[1]");
  await patch.press("Control+Enter");
  await expect(comeBack.getByRole("alert")).toContainText("The patch must be a JSON object");
  await patch.fill('{ "purchase_order": { "total": 100 } }');
  await patch.press("Control+Enter");
  await expect(comeBack).toHaveCount(0);

  const settled = await waitForNextRound(workspace.apiKey, item.runId, round1.triage_item.id);
  expect(settled.run).toMatchObject({ status: "completed", review_round: 2 });
  expect(settled.run.data.purchase_order.total).toBe(100);

  // The run page tells the rounds apart.
  await page.goto(`${baseUrl()}/runs/${item.runId}`);
  const rounds = page.getByTestId("run-review-rounds");
  await expect(rounds.locator("li[data-decision=changes_requested]")).toHaveCount(2);
  await expect(page.getByText("Review round", { exact: true })).toBeVisible();
  await screenshot(page, testInfo, "run-review-rounds");
  expect(consoleErrors).toEqual([]);
});

test("two reviewers see each other's claims, and the keyboard flow skips a claimed item", async ({ browser }, testInfo) => {
  const workspace = await createWorkspace("Claims Co");
  const ada = await addReviewer(workspace.orgId, `Ada ${tag()}`);
  const grace = await addReviewer(workspace.orgId, `Grace ${tag()}`);
  const t = tag();
  const first = await createTriageItem(workspace.apiKey, `Pay invoice ${t}-1`);
  const second = await createTriageItem(workspace.apiKey, `Pay invoice ${t}-2`);
  const third = await createTriageItem(workspace.apiKey, `Pay invoice ${t}-3`);

  const adaContext = await browser.newContext();
  const graceContext = await browser.newContext();
  const adaPage = await adaContext.newPage();
  const gracePage = await graceContext.newPage();
  try {
    await signIn(adaPage, ada);
    await adaPage.goto(`${baseUrl()}/triage`);
    await expect(card(adaPage, first.triageItemId)).toHaveAttribute("aria-current", "true");
    // Enter opens the item for a decision: Ada claims it.
    await adaPage.keyboard.press("Enter");
    await expect(card(adaPage, first.triageItemId).getByRole("region", { name: "Details" })).toBeVisible();
    await expect(card(adaPage, first.triageItemId).getByTestId("triage-claim")).toHaveText("You are reviewing");

    // Grace's queue starts on the first item nobody else holds, and says who holds the first.
    await signIn(gracePage, grace);
    await gracePage.goto(`${baseUrl()}/triage`);
    await expect(card(gracePage, first.triageItemId).getByTestId("triage-claim")).toHaveText(`${ada.name} is reviewing`);
    await expect(card(gracePage, second.triageItemId)).toHaveAttribute("aria-current", "true");
    await gracePage.keyboard.press("k"); // up: only Ada's item is there, so the focus stays
    await expect(card(gracePage, second.triageItemId)).toHaveAttribute("aria-current", "true");
    await gracePage.keyboard.press("Enter");
    await screenshot(gracePage, testInfo, "triage-claims");

    // Ada's open queue shows Grace's claim live; j skips Grace's item.
    await expect(card(adaPage, second.triageItemId).getByTestId("triage-claim")).toHaveText(`${grace.name} is reviewing`);
    await adaPage.keyboard.press("j");
    await expect(card(adaPage, third.triageItemId)).toHaveAttribute("aria-current", "true");

    // The server holds the same picture: Ada moved on, so her claim was given back; Grace holds
    // hers, and a decision on it by Ada is refused, naming her.
    await expect
      .poll(async () => (await api(workspace.apiKey, "GET", "/v1/triage?claimed=others&limit=100")).body.data.map((item: { id: string }) => item.id))
      .toEqual([second.triageItemId]);
    const refused = await adaPage.request.post(`${baseUrl()}/api/trpc/triage.approve`, { data: { id: second.triageItemId } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.data.body.message).toContain(grace.name);

    // In the queue the refusal says who holds the item, and Ada may decide anyway.
    const gracesItem = card(adaPage, second.triageItemId);
    await gracesItem.click();
    await gracesItem.getByRole("button", { name: /^(Approve|Pay \d|Hold$)/ }).click();
    await expect(gracesItem.getByRole("alert")).toContainText(`${grace.name} is reviewing`, { timeout: 20_000 });
    await gracesItem.getByRole("button", { name: "Decide anyway" }).click();
    await expect(gracesItem).toHaveCount(0);
    expect((await api(workspace.apiKey, "GET", `/v1/runs/${second.runId}`)).body.triage_item).toMatchObject({ status: "approved", resolved_by_name: ada.name });
  } finally {
    await adaContext.close();
    await graceContext.close();
  }
});

test("x selects two cards; Shift+A approves both after a summary of agents and amounts", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Bulk Co");
  const t = tag();
  const first = await createTriageItem(workspace.apiKey, `Pay invoice ${t}-1`);
  const second = await createTriageItem(workspace.apiKey, `Pay invoice ${t}-2`);
  const third = await createTriageItem(workspace.apiKey, `Pay invoice ${t}-3`);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  await expect(card(page, first.triageItemId)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("x");
  await page.keyboard.press("j");
  await page.keyboard.press("x");
  await expect(card(page, first.triageItemId).getByRole("checkbox")).toBeChecked();
  await expect(card(page, second.triageItemId).getByRole("checkbox")).toBeChecked();
  await expect(card(page, third.triageItemId).getByRole("checkbox")).not.toBeChecked();
  await expect(page.getByRole("button", { name: "Approve selected (2)" })).toBeEnabled();

  await page.keyboard.press("Shift+A");
  const dialog = page.getByRole("dialog", { name: "Approve 2 items?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("bulk-summary")).toContainText("ap_specialist: 2");
  await expect(dialog.getByTestId("bulk-summary")).toContainText("USD 200.00 over 2 payments");
  await screenshot(page, testInfo, "triage-bulk-summary", { fullPage: false });
  await dialog.getByRole("button", { name: "Approve 2" }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, first.triageItemId)).toHaveCount(0);
  await expect(card(page, second.triageItemId)).toHaveCount(0);
  await expect(card(page, third.triageItemId)).toHaveAttribute("aria-current", "true");

  for (const item of [first, second]) {
    const { body } = await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`);
    expect(body.run.status).toBe("completed");
    expect(body.triage_item).toMatchObject({ status: "approved", resolved_by_name: workspace.reviewer.name });
  }
  expect((await api(workspace.apiKey, "GET", `/v1/runs/${third.runId}`)).body.triage_item.status).toBe("pending");
  expect(consoleErrors).toEqual([]);
});

test("a can be undone for a few seconds: the item leaves, comes back on Undo, and only a kept approval is sent", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Undo Co");
  const item = await createTriageItem(workspace.apiKey, `Pay invoice INV-7 (${tag()})`);
  const later = await createTriageItem(workspace.apiKey, `Pay invoice INV-8 (${tag()})`);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  await expect(card(page, item.triageItemId)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("a");
  await expect(card(page, item.triageItemId)).toHaveCount(0);
  const toast = page.getByTestId("undo-toast");
  await expect(toast).toContainText("Approved");
  await screenshot(page, testInfo, "triage-undo", { fullPage: false });
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(card(page, item.triageItemId)).toHaveAttribute("aria-current", "true");
  await expect(toast).toHaveCount(0);
  // Past the grace period nothing was sent.
  await page.waitForTimeout(6_000);
  expect((await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`)).body.triage_item.status).toBe("pending");

  // u undoes by keyboard as well; a kept approval is sent once the period ends.
  await page.keyboard.press("a");
  await expect(card(page, item.triageItemId)).toHaveCount(0);
  await page.keyboard.press("u");
  await expect(card(page, item.triageItemId)).toBeVisible();
  await page.keyboard.press("a");
  await expect(card(page, item.triageItemId)).toHaveCount(0);
  await expect.poll(async () => (await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`)).body.triage_item.status, { timeout: 15_000 }).toBe("approved");
  await expect(toast).toHaveCount(0);

  // Leaving the page while an approval waits sends it rather than dropping it.
  await expect(card(page, later.triageItemId)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("a");
  await expect(card(page, later.triageItemId)).toHaveCount(0);
  await page.reload();
  await expect.poll(async () => (await api(workspace.apiKey, "GET", `/v1/runs/${later.runId}`)).body.triage_item.status, { timeout: 10_000 }).toBe("approved");
  await expect(page.getByText("The queue is clear")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("filters live in the URL and survive a reload; an overdue item says by how much", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Filters Co");
  const t = tag();
  const late = await createTriageItem(workspace.apiKey, `Pay invoice ${t}-late`);
  const onTime = await createTriageItem(workspace.apiKey, `Pay invoice ${t}-on-time`);
  await withDatabase(process.env.E2E_DATABASE_URL!, (db) =>
    db.query("UPDATE triage_items SET due_at = now() - interval '95 minutes' WHERE id = $1", [late.triageItemId]),
  );

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  await expect(card(page, late.triageItemId).getByTestId("triage-due")).toHaveText(/^overdue by 1 h 3[56] min$/);
  // Soonest due first: the overdue item leads.
  await expect(page.locator("[data-triage-id]").first()).toHaveAttribute("data-triage-id", late.triageItemId);

  await page.getByLabel("Only overdue").check();
  await expect(page).toHaveURL(/[?&]overdue=true/);
  await expect(card(page, onTime.triageItemId)).toHaveCount(0);
  await expect(card(page, late.triageItemId)).toBeVisible();
  await page.getByLabel("Claimed").selectOption("mine");
  await expect(page).toHaveURL(/claimed=mine/);
  await expect(page.getByText("Nothing matches these filters")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Only overdue")).toBeChecked();
  await expect(page.getByLabel("Claimed")).toHaveValue("mine");
  await expect(page.getByText("Nothing matches these filters")).toBeVisible();

  // A shared link opens the same view; "Show the whole queue" clears it.
  await page.goto(`${baseUrl()}/triage?overdue=true`);
  await expect(card(page, late.triageItemId)).toBeVisible();
  await expect(card(page, onTime.triageItemId)).toHaveCount(0);
  await screenshot(page, testInfo, "triage-filters");
  await page.getByLabel("Only overdue").uncheck();
  await expect(page).toHaveURL(/\/triage$/);
  await expect(card(page, onTime.triageItemId)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the queue keeps its place while it loads, and its long JSON wraps at phone width", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Layout Co");
  const item = await createTriageItem(workspace.apiKey, `Pay invoice ${tag()} ${"with-a-very-long-unbroken-reference-".repeat(4)}`);
  await signIn(page, workspace.reviewer);

  // Layout shifts, as Lighthouse counts them, from the first paint until the list is shown.
  await page.addInitScript(() => {
    const state = window as unknown as { __layoutShift: number };
    state.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.__layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`${baseUrl()}/triage`);
  await expect(card(page, item.triageItemId)).toBeVisible();
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
  expect(shift).toBeLessThan(0.1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press("Enter");
  await expect(card(page, item.triageItemId).getByRole("region", { name: "Details" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, "triage-phone-details");
  expect(consoleErrors).toEqual([]);
});

test("a run waiting for review offers the same decisions on its page: reject with a reason code", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Run Page Co");
  const item = await createTriageItem(workspace.apiKey, `Pay invoice INV-9 (${tag()})`);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/runs/${item.runId}`);
  const decisions = page.getByTestId("run-decisions");
  await expect(decisions.getByRole("button", { name: "Pay 100.00 USD", exact: true })).toBeVisible();
  await expect(decisions.getByRole("button", { name: "Request changes" })).toBeVisible();
  await decisions.getByRole("button", { name: "Don't pay", exact: true }).click();
  await page.getByLabel("Reason code").selectOption("suspected_fraud");
  await page.getByLabel("Reason for rejecting").fill("The vendor's bank details changed last week");
  await screenshot(page, testInfo, "run-decisions");
  await decisions.getByRole("button", { name: "Reject run" }).click();
  await expect(page.getByTestId("run-status")).toContainText("cancelled");
  await expect(page.getByTestId("run-resolution")).toHaveText("rejected");
  await expect(decisions).toHaveCount(0);

  const { body } = await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`);
  expect(body.run).toMatchObject({ status: "cancelled", resolution: "rejected", reason_code: "suspected_fraud" });
  expect(body.triage_item).toMatchObject({ status: "rejected", reason_code: "suspected_fraud", resolved_by_name: workspace.reviewer.name });

  // A viewer sees the run without the decisions.
  const other = await createTriageItem(workspace.apiKey, `Pay invoice INV-10 (${tag()})`);
  await page.context().clearCookies();
  await signIn(page, workspace.viewer);
  await page.goto(`${baseUrl()}/runs/${other.runId}`);
  await expect(page.getByTestId("run-triage")).toBeVisible();
  await expect(page.getByTestId("run-decisions")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
