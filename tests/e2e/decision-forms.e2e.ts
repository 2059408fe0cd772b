// The reviewer's forms (issue 27): request changes edits the run's input data in a form built
// from the agent's input schema and sends the merge patch of the difference; edit and approve
// edits the output in a form built from the output schema; the JSON view of each stays
// consistent with the form and still works on its own. axe checks the open forms.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { api, baseUrl, createTriageItem, createWorkspace, expect, expectNoHorizontalScroll, screenshot, signIn, test, waitForRun, type TWorkspace } from "./support.ts";

// Each test its own organization: its queue holds exactly the items it creates (a run sent
// back may wait again, ahead of the next test's item).
let workspace: TWorkspace;
test.beforeEach(async () => {
  workspace = await createWorkspace("Forms Co");
});

const card = (page: Page, id: string) => page.locator(`[data-triage-id="${id}"]`);
const tag = () => randomUUID().slice(0, 6);

const WIDGETS = { sku: "A-1", description: "Widgets", quantity: 10, unit_price: 10 };
const BOLTS = { sku: "B-2", description: "Bolts", quantity: 2, unit_price: 10 };

/** An AP run with two invoice lines whose order total differs (a person is asked), waiting in the queue. */
async function twoLineItem(task: string) {
  const invoice = { number: `INV-${tag()}`, vendor: "Acme Supplies", currency: "USD", total: 120, lines: [WIDGETS, BOLTS] };
  const order = { ...invoice, number: `PO-${tag()}`, total: 150 };
  const started = await api(workspace.apiKey, "POST", "/v1/run", { task, agent_type: "ap_specialist", data: { invoice, purchase_order: order } });
  expect(started.status).toBe(202);
  const settled = await waitForRun(workspace.apiKey, started.body.run_id);
  expect(settled.run.status).toBe("pending_triage");
  return { runId: settled.run.id as string, triageItemId: settled.triage_item.id as string, invoice, order };
}

/** Waits until the run has left the item's round (waiting again with a new item, or ended). */
async function waitForNextRound(runId: string, previousItemId: string) {
  await expect
    .poll(async () => {
      const { body } = await api(workspace.apiKey, "GET", `/v1/runs/${runId}`);
      const ended = ["completed", "failed", "cancelled"].includes(body.run.status);
      return ended || (body.run.status === "pending_triage" && body.triage_item?.id !== previousItemId) ? body.run.status : "waiting";
    }, { timeout: 30_000 })
    .not.toBe("waiting");
  return (await waitForRun(workspace.apiKey, runId)) as { run: Record<string, any>; triage_item: Record<string, any> };
}

async function expectNoSeriousAxeViolations(page: Page, scope: Locator, name: string) {
  const handle = await scope.elementHandle();
  const results = await new AxeBuilder({ page }).include(`[data-triage-id="${await handle.getAttribute("data-triage-id")}"]`).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious, `${name}: axe violations`).toEqual([]);
}

test("request changes through the form: a line's quantity changed, a line removed; the next round runs on the patched data", async ({ page, consoleErrors }, testInfo) => {
  const item = await twoLineItem(`Pay two lines ${tag()}`);
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  const itemCard = card(page, item.triageItemId);
  await expect(itemCard).toHaveAttribute("aria-current", "true");

  await page.keyboard.press("c");
  const feedback = itemCard.getByLabel("Feedback for the agent");
  await expect(feedback).toBeFocused();
  const form = itemCard.getByRole("region", { name: "Input data form" });
  await expect(form).toBeVisible();
  // The form holds the run's current data, labelled by field and path.
  await expect(form.getByLabel("Vendor (invoice.vendor)")).toHaveValue("Acme Supplies");
  await expect(form.getByRole("group", { name: /^Line 2/ })).toHaveCount(2); // invoice and order
  const quantity = form.getByLabel("Quantity (invoice.lines.0.quantity)");
  await expect(quantity).toHaveValue("10");
  await expect(quantity).toHaveAttribute("aria-required", "true");

  await feedback.fill("Line 2 was cancelled and only 8 widgets came.");
  // A required field left empty is refused here, named beside its control.
  await quantity.fill("");
  await feedback.press("Control+Enter");
  await expect(itemCard.getByRole("alert")).toContainText("One field needs a change");
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("is required")).toBeVisible();
  // Shortcuts stay off while focus is in the form: "a" typed in a field does not approve.
  await quantity.focus();
  await page.keyboard.press("a");
  await expect(page.getByTestId("undo-toast")).toHaveCount(0);
  await quantity.fill("8");
  await form.getByLabel("Total (invoice.total)").fill("80");
  await form.getByRole("button", { name: "Remove line 2 (invoice.lines.1)" }).click();
  await expect(form.getByLabel("Quantity (invoice.lines.1.quantity)")).toHaveCount(0);
  // The difference, as it will be sent: the invoice's total and its lines (a list is sent whole).
  const expectedPatch = { invoice: { total: 80, lines: [{ ...WIDGETS, quantity: 8 }] } };
  await expect(form.getByText("Changes to send (JSON Merge Patch)")).toBeVisible();
  await expectNoSeriousAxeViolations(page, itemCard, "request-changes form");
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "triage-request-changes-form");
  await feedback.press("Control+Enter");
  await expect(itemCard).toHaveCount(0);

  const next = await waitForNextRound(item.runId, item.triageItemId);
  expect(next.run.review_round).toBe(1);
  expect(next.run.data).toEqual({ invoice: { ...item.invoice, total: 80, lines: [{ ...WIDGETS, quantity: 8 }] }, purchase_order: item.order });
  const resolved = await api(workspace.apiKey, "GET", "/v1/triage?status=resolved&limit=100");
  const sentBack = resolved.body.data.find((entry: { id: string }) => entry.id === item.triageItemId);
  expect(sentBack).toMatchObject({ status: "changes_requested", feedback: "Line 2 was cancelled and only 8 widgets came.", data_patch: expectedPatch });
  expect(consoleErrors).toEqual([]);
});

test("edit and approve through the output form: the decision and the amount change, the rest stays", async ({ page, consoleErrors }, testInfo) => {
  const item = await createTriageItem(workspace.apiKey, `Pay after an edit ${tag()}`);
  const proposed = (await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`)).body.triage_item.proposed_output;
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  const itemCard = card(page, item.triageItemId);
  await expect(itemCard).toHaveAttribute("aria-current", "true");

  await page.keyboard.press("e");
  const form = itemCard.getByRole("region", { name: "Output form" });
  await expect(form).toBeVisible();
  const decision = form.getByLabel("Decision (decision)");
  await expect(decision).toBeFocused();
  await expect(decision).toHaveValue(JSON.stringify(proposed.decision));
  await decision.selectOption({ label: "hold" });
  const amount = form.getByLabel("Amount due (amount_due)");
  await expect(amount).toHaveValue(String(proposed.amount_due));
  await amount.fill("-5");
  await itemCard.getByRole("button", { name: "Approve edited output" }).click();
  await expect(itemCard.getByRole("alert")).toContainText("One field needs a change");
  await expect(form.getByText("must be >= 0")).toBeVisible();
  await amount.fill("90.5");
  await expectNoSeriousAxeViolations(page, itemCard, "edit-output form");
  await screenshot(page, testInfo, "triage-edit-output-form");
  // At phone width the form is one column and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "triage-edit-output-form-phone", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await amount.press("Control+Enter");
  await expect(itemCard).toHaveCount(0);

  const after = (await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`)).body;
  expect(after.run.status).toBe("completed");
  expect(after.run.output).toEqual({ ...proposed, decision: "hold", amount_due: 90.5 });
  expect(after.triage_item).toMatchObject({ status: "approved", output_edited: true });
  expect(consoleErrors).toEqual([]);
});

test("the JSON views agree with the forms and still work on their own", async ({ page, consoleErrors }, testInfo) => {
  const changes = await twoLineItem(`JSON patch ${tag()}`);
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  const itemCard = card(page, changes.triageItemId);
  await expect(itemCard).toHaveAttribute("aria-current", "true");

  await page.keyboard.press("c");
  await itemCard.getByLabel("Feedback for the agent").fill("The order was amended.");
  const form = itemCard.getByRole("region", { name: "Input data form" });
  await form.getByLabel("Quantity (invoice.lines.1.quantity)").fill("3");
  // Form → JSON: the patch of what the form changed.
  const toggle = itemCard.getByRole("button", { name: "Edit as JSON" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  const patch = itemCard.getByLabel("Changes to the input data (JSON Merge Patch)");
  expect(JSON.parse(await patch.inputValue())).toEqual({ invoice: { lines: [WIDGETS, { ...BOLTS, quantity: 3 }] } });
  // JSON → form: a typed patch is applied to the data (the quantity edit is no longer in it).
  await patch.fill('{ "purchase_order": { "total": 120 } }');
  await toggle.click();
  await expect(form.getByLabel("Total (purchase_order.total)")).toHaveValue("120");
  await expect(form.getByLabel("Quantity (invoice.lines.1.quantity)")).toHaveValue("2");
  // And sent from the JSON view as typed.
  await toggle.click();
  await expect(patch).toHaveValue(/"total": 120/);
  await screenshot(page, testInfo, "triage-request-changes-json");
  await patch.press("Control+Enter");
  await expect(itemCard).toHaveCount(0);
  const next = await waitForNextRound(changes.runId, changes.triageItemId);
  expect(next.run.data.purchase_order).toEqual({ ...changes.order, total: 120 });
  expect(next.run.data.invoice).toEqual(changes.invoice);

  // Edit and approve from the JSON view: the whole output as typed.
  const edit = await createTriageItem(workspace.apiKey, `JSON output ${tag()}`);
  const editCard = card(page, edit.triageItemId);
  await expect(editCard).toBeVisible();
  await editCard.getByText(/^JSON output/).first().click(); // the title: focuses the card
  await expect(editCard).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("e");
  await expect(editCard.getByRole("region", { name: "Output form" })).toBeVisible();
  await editCard.getByLabel("Amount due (amount_due)").fill("77");
  await editCard.getByRole("button", { name: "Edit as JSON" }).click();
  const editor = editCard.getByLabel("Edited output (JSON object)");
  await expect(editor).toBeFocused();
  const shown = JSON.parse(await editor.inputValue());
  expect(shown.amount_due).toBe(77); // the form's edit, carried over
  const typed = { ...shown, decision: "hold", checked_by: "json view" };
  await editor.fill(JSON.stringify(typed, null, 2));
  await editor.press("Control+Enter");
  await expect(editCard).toHaveCount(0);
  const approved = (await api(workspace.apiKey, "GET", `/v1/runs/${edit.runId}`)).body;
  expect(approved.run.output).toEqual(typed);
  expect(consoleErrors).toEqual([]);
});

test("the schemas endpoint answers only for the caller's own items", async ({ page }) => {
  const item = await createTriageItem(workspace.apiKey, `Schemas ${tag()}`);
  const other = await createWorkspace("Other Forms Co");
  await signIn(page, other.reviewer);
  const input = encodeURIComponent(JSON.stringify({ id: item.triageItemId }));
  const foreign = await page.request.get(`${baseUrl()}/api/trpc/triage.schemas?input=${input}`);
  expect(foreign.status()).toBe(404);
  await page.context().clearCookies();
  await signIn(page, workspace.viewer);
  const own = await page.request.get(`${baseUrl()}/api/trpc/triage.schemas?input=${input}`);
  expect(own.status()).toBe(200);
  const body = (await own.json()).result.data;
  expect(body).toMatchObject({ agent_type: "ap_specialist", data_patch: true });
  expect(body.output_schema.properties.decision.enum).toEqual(["approve_payment", "hold"]);
  expect(body.input_schema.required).toEqual(["invoice"]);
});
