// A run's steps in the dashboard: a reviewer opens "Why?" on a triage card and reads what
// the agent checked and found before deciding; the run page shows the same steps as a
// timeline, with the person's decision once it is made.
import { randomUUID } from "node:crypto";
import { api, baseUrl, createTriageItem, createWorkspace, expect, screenshot, signIn, test, type TWorkspace } from "./support.ts";

let workspace: TWorkspace;
test.beforeAll(async () => {
  workspace = await createWorkspace("Steps Co");
});

// createTriageItem's invoice totals 100.00 USD against a purchase order of 120.00 USD.
const DISCREPANCY = "invoice total 100.00 USD does not match purchase order total 120.00 USD";

test("a reviewer opens \"Why?\" on a triage card and reads the agent's discrepancy", async ({ page, consoleErrors }, testInfo) => {
  const item = await createTriageItem(workspace.apiKey, `Pay invoice INV-1001 (${randomUUID().slice(0, 4)})`);
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);

  const card = page.locator(`[data-triage-id="${item.triageItemId}"]`);
  await expect(card.getByTitle("Agent", { exact: true })).toHaveText(/Agent: ap_specialist/);
  const why = card.getByRole("button", { name: "Why?" });
  await expect(why).toHaveAttribute("aria-expanded", "false");
  await expect(card.getByRole("region", { name: "What the agent did" })).toBeHidden();

  await why.click();
  await expect(why).toHaveAttribute("aria-expanded", "true");
  const region = card.getByRole("region", { name: "What the agent did" });
  const steps = region.getByRole("list", { name: "Steps" });
  await expect(steps.getByRole("heading", { name: "Step 1: Agent: ap_specialist" })).toBeVisible();
  const agentStep = steps.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Agent: ap_specialist/ }) });
  await expect(agentStep.getByRole("list", { name: "Found" })).toContainText(DISCREPANCY);
  await expect(agentStep.getByRole("list", { name: "Found" })).toContainText("purchase_order.total");
  await expect(agentStep.getByRole("list", { name: "Checked" })).toContainText("purchase order");
  await expect(steps.getByRole("heading", { name: "Step 2: Sent to a person" })).toBeVisible();
  await screenshot(page, testInfo, "triage-why");

  // Closing it hides the steps again; the decision buttons were there all along.
  await why.click();
  await expect(region).toBeHidden();
  await expect(card.getByRole("button", { name: /^(Approve|Pay \d|Hold$)/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the run page shows the steps as a timeline, with the review once decided", async ({ page, consoleErrors }, testInfo) => {
  const item = await createTriageItem(workspace.apiKey, `Pay invoice INV-2002 (${randomUUID().slice(0, 4)})`);
  const approved = await api(workspace.apiKey, "POST", `/v1/triage/${item.triageItemId}/approve`, { resolution_note: "PO amended to 100" });
  expect(approved.status).toBe(200);

  await signIn(page, workspace.viewer);
  await page.goto(`${baseUrl()}/runs/${item.runId}`);
  await expect(page.getByRole("heading", { name: "Steps", exact: true })).toBeVisible();
  const steps = page.getByRole("list", { name: "Steps" });
  await expect(steps.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) })).toHaveCount(3);
  await expect(steps.getByRole("heading", { level: 3 })).toHaveText([
    "Step 1: Agent: ap_specialist",
    "Step 2: Sent to a person",
    // A decision made with a key names the key and the member who made it ("Actors").
    /^Step 3: Review: approved by API key 'e2e' \(.+\)$/,
  ]);
  await expect(steps).toContainText(DISCREPANCY);
  await expect(steps).toContainText("Note: PO amended to 100");
  await screenshot(page, testInfo, "run-steps");
  expect(consoleErrors).toEqual([]);
});
