// Decisions say what they do (issue 27): on AP cards approve reads "Pay 75.00 USD" or "Hold"
// and reject "Don't pay"; the bulk summary counts only money that goes out; "Recently
// resolved" shows the effect, rounds sent back included. Shortcuts never fire while focus is
// in a form (its buttons included). The queue filters by batch from the batch's page, and an
// unknown address gets a 404 inside the dashboard's frame.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { api, baseUrl, createTriageItem, createWorkspace, expect, screenshot, signIn, test, waitForRun } from "./support.ts";

const card = (page: Page, id: string) => page.locator(`[data-triage-id="${id}"]`);
const resolvedRow = (page: Page, id: string) => page.locator(`[data-resolved-id="${id}"]`);
const tag = () => randomUUID().slice(0, 6);

/**
 * AP data the agent sends to a person: a payment despite a PO total that differs (an everyday
 * variance), or a hold (the PO is another vendor's). Numbers are unique per call.
 */
function apData(kind: "pay" | "hold", total: number) {
  const id = tag();
  const invoice = {
    number: `INV-${id}`,
    vendor: `Vendor ${id}`,
    currency: "USD",
    total,
    lines: [{ sku: "A-1", description: "Widgets", quantity: 1, unit_price: total }],
  };
  const order = { ...invoice, number: `PO-${id}`, vendor: kind === "hold" ? `Another vendor ${id}` : invoice.vendor, total: kind === "hold" ? total : total + 20 };
  return { invoice, purchase_order: order };
}

async function waitingRun(key: string, kind: "pay" | "hold", total: number, task: string) {
  const started = await api(key, "POST", "/v1/run", { task, agent_type: "ap_specialist", data: apData(kind, total) });
  expect(started.status).toBe(202);
  const settled = await waitForRun(key, started.body.run_id);
  expect(settled.run.status).toBe("pending_triage");
  expect(settled.triage_item.proposed_output.decision).toBe(kind === "pay" ? "approve_payment" : "hold");
  return { runId: settled.run.id as string, triageItemId: settled.triage_item.id as string };
}

test("AP cards name each decision by its effect; the bulk summary counts only payments; Recently resolved shows what happened", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Labels Co");
  const t = tag();
  const payment = await waitingRun(workspace.apiKey, "pay", 75, `Pay invoice ${t}-pay`);
  const held = await waitingRun(workspace.apiKey, "hold", 520, `Pay invoice ${t}-hold`);
  const sentBack = await waitingRun(workspace.apiKey, "pay", 300, `Pay invoice ${t}-changes`);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  const payCard = card(page, payment.triageItemId);
  const holdCard = card(page, held.triageItemId);
  // The button's accessible name is its effect; a hold has no "Pay" button and no "Approve".
  await expect(payCard.getByRole("button", { name: "Pay 75.00 USD", exact: true })).toBeVisible();
  await expect(payCard.getByRole("button", { name: "Don't pay", exact: true })).toBeVisible();
  await expect(payCard.getByRole("button", { name: "Don't pay", exact: true })).toHaveAttribute("title", /nothing is paid/);
  await expect(holdCard.getByRole("button", { name: "Hold", exact: true })).toBeVisible();
  await expect(holdCard.getByRole("button", { name: "Reject", exact: true })).toBeVisible();
  await expect(holdCard.getByRole("button", { name: /^(Pay|Approve)\b/ })).toHaveCount(0);
  await expect(card(page, sentBack.triageItemId).getByRole("button", { name: "Pay 300.00 USD", exact: true })).toBeVisible();
  await screenshot(page, testInfo, "triage-decision-labels");

  // The reject form of a payment says what it stops.
  await payCard.getByRole("button", { name: "Don't pay", exact: true }).click();
  await expect(payCard.getByRole("form", { name: "Reject" }).getByRole("button", { name: "Don't pay: reject run" })).toBeVisible();
  await payCard.getByRole("button", { name: "Cancel" }).click();

  // Bulk: the 520 USD hold is a hold, not money going out.
  await payCard.getByRole("checkbox").check();
  await holdCard.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Approve selected (2)" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve 2 items?" });
  await expect(dialog.getByTestId("bulk-summary")).toContainText("USD 75.00 over 1 payment, 1 hold");
  await expect(dialog.getByTestId("bulk-summary")).not.toContainText("595");
  await screenshot(page, testInfo, "triage-bulk-summary-holds", { fullPage: false });
  await dialog.getByRole("button", { name: "Approve 2" }).click();
  await expect(dialog).toBeHidden();

  // The API's approve kept its meaning: the proposal stands (a payment pays, a hold holds).
  const paidRun = (await api(workspace.apiKey, "GET", `/v1/runs/${payment.runId}`)).body.run;
  expect(paidRun).toMatchObject({ status: "completed", resolution: "approved", output: { decision: "approve_payment", amount_due: 75 } });
  const heldRun = (await api(workspace.apiKey, "GET", `/v1/runs/${held.runId}`)).body.run;
  expect(heldRun).toMatchObject({ status: "completed", resolution: "approved", output: { decision: "hold", amount_due: 520 } });

  // A round sent back (here through the API) is listed among the decisions too.
  const changes = await api(workspace.apiKey, "POST", `/v1/triage/${sentBack.triageItemId}/request-changes`, { feedback: "Check the PO again" });
  expect(changes.status).toBe(200);

  await expect(resolvedRow(page, payment.triageItemId).getByTestId("resolved-outcome")).toHaveText("Paid 75.00 USD");
  await expect(resolvedRow(page, held.triageItemId).getByTestId("resolved-outcome")).toHaveText("Held");
  await expect(resolvedRow(page, sentBack.triageItemId).getByTestId("resolved-outcome")).toHaveText("Sent back for changes");
  await expect(resolvedRow(page, sentBack.triageItemId)).toContainText("Check the PO again");
  await page.getByRole("heading", { name: "Recently resolved" }).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "triage-recently-resolved");
  expect(consoleErrors).toEqual([]);
});

test("shortcuts never fire while focus is in a form, its buttons included; after Esc, Enter opens and closes details", async ({ page, consoleErrors }) => {
  const workspace = await createWorkspace("Guard Co");
  const item = await createTriageItem(workspace.apiKey, `Pay invoice ${tag()}`);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  const itemCard = card(page, item.triageItemId);
  await expect(itemCard).toHaveAttribute("aria-current", "true");

  await page.keyboard.press("r");
  const rejectForm = itemCard.getByRole("form", { name: "Reject" });
  await expect(rejectForm).toBeVisible();
  // Focus on the form's own button: "c" must not switch to Request changes, "a" must not approve.
  await rejectForm.getByRole("button", { name: /reject run/ }).focus();
  await page.keyboard.press("c");
  await page.keyboard.type("a check of the PO");
  await expect(itemCard.getByLabel("Feedback for the agent")).toHaveCount(0);
  await expect(rejectForm).toBeVisible();
  await expect(page.getByTestId("undo-toast")).toHaveCount(0);
  await rejectForm.getByRole("button", { name: "Cancel" }).focus();
  await page.keyboard.press("e");
  await expect(itemCard.getByRole("form", { name: "Edit output" })).toHaveCount(0);
  await expect(rejectForm).toBeVisible();

  // Esc closes the form; Enter then closes and opens the details as before.
  await page.keyboard.press("Escape");
  await expect(rejectForm).toHaveCount(0);
  const details = itemCard.getByRole("button", { name: "Details" });
  await expect(details).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Enter");
  await expect(details).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(details).toHaveAttribute("aria-expanded", "true");

  // Nothing was decided along the way.
  expect((await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`)).body.triage_item.status).toBe("pending");
  expect(consoleErrors).toEqual([]);
});

test("the batch page links to the queue filtered by that batch; the filter can be cleared", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Batch Filter Co");
  const t = tag();
  const loose = await waitingRun(workspace.apiKey, "pay", 40, `Pay invoice ${t}-loose`);
  const batch = await api(workspace.apiKey, "POST", "/v1/batches", {
    agent_type: "ap_specialist",
    rows: [
      { task: `Pay invoice ${t}-row-1`, data: apData("pay", 60) },
      { task: `Pay invoice ${t}-row-2`, data: apData("hold", 80) },
    ],
  });
  expect(batch.status).toBe(201);
  const batchId = batch.body.job.id as string;
  const rows = (await api(workspace.apiKey, "GET", `/v1/batches/${batchId}`)).body.rows as { run_id: string }[];
  const settled = await Promise.all(rows.map((row) => waitForRun(workspace.apiKey, row.run_id)));
  const batchItems = settled.map((body) => body.triage_item.id as string);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/batches/${batchId}`);
  await expect(page.getByTestId("batch-waiting")).toContainText("2 waiting for review");
  await page.getByRole("link", { name: "Review this batch in the triage queue" }).click();
  await page.waitForURL((url) => url.pathname === "/triage" && url.searchParams.get("batch") === batchId);
  for (const id of batchItems) await expect(card(page, id)).toBeVisible();
  await expect(card(page, loose.triageItemId)).toHaveCount(0);
  await expect(page.getByTestId("triage-count")).toHaveText("2 waiting");
  await expect(page.getByTestId("triage-batch-filter")).toContainText(batchId.slice(0, 8));
  await screenshot(page, testInfo, "triage-batch-filter");

  await page.getByRole("button", { name: "Show every batch" }).click();
  await expect(card(page, loose.triageItemId)).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("batch")).toBeNull();
  expect(consoleErrors).toEqual([]);
});

test("an unknown address gets a 404 page inside the dashboard's frame", async ({ page }, testInfo) => {
  // Signed out: a 404 that offers the sign-in.
  const signedOut = await page.goto(`${baseUrl()}/no-such-page`);
  expect(signedOut?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  const workspace = await createWorkspace("Lost Co");
  await signIn(page, workspace.reviewer);
  const response = await page.goto(`${baseUrl()}/no-such-page/${tag()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  // The frame stays: the navigation and who is signed in.
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  await expect(page.getByRole("navigation").first().getByRole("link", { name: "Triage" })).toBeVisible();
  await page.getByRole("link", { name: "the triage queue" }).click();
  await page.waitForURL((url) => url.pathname === "/triage");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical" || violation.id === "page-has-heading-one")).toEqual([]);
  await screenshot(page, testInfo, "dashboard-not-found");
});
