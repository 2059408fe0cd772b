// The triage queue: a reviewer clears it by keyboard (approve, edit-and-approve, reject),
// new items arrive live, viewers only look, and it fits a phone.
import { randomUUID } from "node:crypto";
import {
  api,
  baseUrl,
  createTriageItem,
  createWorkspace,
  expect,
  expectNoHorizontalScroll,
  screenshot,
  signIn,
  test,
  type TWorkspace,
} from "./support.ts";

let workspace: TWorkspace;
test.beforeAll(async () => {
  workspace = await createWorkspace("Triage Co");
});

const card = (page: import("@playwright/test").Page, id: string) => page.locator(`[data-triage-id="${id}"]`);
const proposedOutputOf = async (runId: string) => (await api(workspace.apiKey, "GET", `/v1/runs/${runId}`)).body.triage_item.proposed_output;

test("a reviewer approves, edits-and-approves and rejects with the keyboard alone", async ({ page, consoleErrors }, testInfo) => {
  const tag = randomUUID().slice(0, 4);
  const first = await createTriageItem(workspace.apiKey, `Pay invoice INV-1001 (${tag}-1)`);
  const second = await createTriageItem(workspace.apiKey, `Pay invoice INV-1002 (${tag}-2)`);
  const third = await createTriageItem(workspace.apiKey, `Pay invoice INV-1003 (${tag}-3)`);
  const firstProposed = await proposedOutputOf(first.runId);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  await expect(card(page, first.triageItemId)).toHaveAttribute("aria-current", "true");
  await expect(card(page, first.triageItemId)).toContainText(`${tag}-1`);
  await expect(card(page, first.triageItemId)).toContainText("Acme Supplies"); // the input data
  await expect(card(page, first.triageItemId)).toContainText("%");
  await expect(page.getByTestId("triage-key-hint")).toContainText("approve");
  await screenshot(page, testInfo, "triage-queue");

  // a: approve the selected (soonest due) item; it leaves at once (sent after the undo period); the next one is selected.
  await page.keyboard.press("a");
  await expect(card(page, first.triageItemId)).toHaveCount(0);
  await expect(card(page, second.triageItemId)).toHaveAttribute("aria-current", "true");

  // e: edit the output (a form built from its schema; here its JSON view): invalid JSON is
  // refused here with a message, then a valid edit approves.
  await page.keyboard.press("e");
  await expect(card(page, second.triageItemId).getByRole("region", { name: "Output form" })).toBeVisible();
  await card(page, second.triageItemId).getByRole("button", { name: "Edit as JSON" }).click();
  const editor = page.getByLabel("Edited output (JSON object)");
  await expect(editor).toBeFocused();
  await editor.fill("{ not json");
  await page.getByRole("button", { name: "Approve edited output" }).click();
  await expect(card(page, second.triageItemId).getByRole("alert")).toContainText("Not valid JSON");
  await editor.fill("[1, 2]");
  await editor.press("Control+Enter");
  await expect(card(page, second.triageItemId).getByRole("alert")).toContainText("must be a JSON object");
  const edited = { decision: "pay", amount_due: 100, checked_by: "e2e reviewer" };
  await editor.fill(JSON.stringify(edited, null, 2));
  await screenshot(page, testInfo, "triage-edit");
  await editor.press("Control+Enter");
  await expect(card(page, second.triageItemId)).toHaveCount(0);
  await expect(card(page, third.triageItemId)).toHaveAttribute("aria-current", "true");

  // r: reject needs a reason and a reason code; Enter submits.
  await page.keyboard.press("r");
  const reason = page.getByLabel("Reason for rejecting");
  await expect(reason).toBeFocused();
  await reason.press("Enter");
  await expect(card(page, third.triageItemId).getByRole("alert")).toContainText("Give a reason");
  await reason.fill("Duplicate of INV-1001");
  await reason.press("Enter");
  await expect(card(page, third.triageItemId).getByRole("alert")).toContainText("Choose a reason code");
  await page.getByLabel("Reason code").selectOption("duplicate");
  await reason.press("Enter");
  await expect(card(page, third.triageItemId)).toHaveCount(0);
  await expect(page.getByText("The queue is clear")).toBeVisible();

  // Recently resolved: who decided, how, and the edited badge.
  const resolved = page.locator("section[aria-labelledby=resolved-heading]");
  for (const item of [first, second, third]) {
    await expect(resolved.locator(`[data-resolved-id="${item.triageItemId}"]`)).toContainText(workspace.reviewer.name);
  }
  await expect(resolved.locator(`[data-resolved-id="${second.triageItemId}"]`)).toContainText("edited");
  await expect(resolved.locator(`[data-resolved-id="${third.triageItemId}"]`)).toContainText("rejected");
  await screenshot(page, testInfo, "triage-resolved");

  // The same decisions, read back through /v1 with an API key.
  const [a, b, c] = await Promise.all([first, second, third].map(async (item) => (await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`)).body));
  expect(a.run).toMatchObject({ status: "completed", output: firstProposed });
  expect(a.triage_item).toMatchObject({ status: "approved", output_edited: false, resolved_by_name: workspace.reviewer.name });
  expect(b.run).toMatchObject({ status: "completed", output: edited });
  expect(b.triage_item).toMatchObject({ status: "approved", output_edited: true, resolved_by_name: workspace.reviewer.name });
  expect(c.run.status).toBe("cancelled");
  expect(c.triage_item).toMatchObject({
    status: "rejected",
    resolution_note: "Duplicate of INV-1001",
    reason_code: "duplicate",
    resolved_by_name: workspace.reviewer.name,
  });
  const list = await api(workspace.apiKey, "GET", "/v1/triage?status=resolved&limit=100");
  const names = list.body.data.filter((item: { id: string }) => [first, second, third].some((x) => x.triageItemId === item.id));
  expect(names.map((item: { resolved_by_name: string }) => item.resolved_by_name)).toEqual(Array(3).fill(workspace.reviewer.name));
  expect(consoleErrors).toEqual([]);
});

test("a new item appears on an open queue without a reload", async ({ page, consoleErrors }) => {
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  await expect(page.getByTestId("triage-live")).toHaveAttribute("data-live-status", "pending");
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const created = await createTriageItem(workspace.apiKey, `Arrives live ${randomUUID().slice(0, 4)}`);
  await expect(card(page, created.triageItemId)).toBeVisible({ timeout: 5_000 });
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // A decision made elsewhere (the API) leaves the open queue too.
  await api(workspace.apiKey, "POST", `/v1/triage/${created.triageItemId}/approve`, {});
  await expect(card(page, created.triageItemId)).toHaveCount(0, { timeout: 5_000 });
  expect(consoleErrors).toEqual([]);
});

test("a viewer sees the queue without actions, and the server refuses their decision", async ({ page, consoleErrors }) => {
  const item = await createTriageItem(workspace.apiKey, `Viewer looks ${randomUUID().slice(0, 4)}`);
  await signIn(page, workspace.viewer);
  await page.goto(`${baseUrl()}/triage`);
  await expect(card(page, item.triageItemId)).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Approve|Pay \d|Hold$)/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Reject|Don't pay)$/ })).toHaveCount(0);
  await expect(page.getByTestId("triage-key-hint")).not.toContainText("approve");
  await page.keyboard.press("a");

  const refused = await page.request.post(`${baseUrl()}/api/trpc/triage.approve`, { data: { id: item.triageItemId } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.data.body.type).toBe("insufficient_scope");
  const run = await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`);
  expect(run.body.triage_item.status).toBe("pending");
  expect(consoleErrors).toEqual([]);
});

test("at phone width the queue has no horizontal scroll", async ({ page, consoleErrors }, testInfo) => {
  await createTriageItem(workspace.apiKey, `A long task that a phone must wrap: ${"reconcile-the-vendor-statement ".repeat(3)}`);
  await signIn(page, workspace.reviewer); // at desktop width: its check reads the header
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseUrl()}/triage`);
  await expect(page.locator("[data-triage-id]").first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, "triage-phone");
  await page.keyboard.press("e");
  await expect(page.getByRole("region", { name: "Output form" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});
