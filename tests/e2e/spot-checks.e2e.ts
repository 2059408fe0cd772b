// Spot checks in the review queue (issue 21): runs that completed on their own, sampled at
// the organization's rate (1 here: every clean ap_specialist run), wait beside the reviews
// with a "Spot check" badge; `y` marks one correct, `n` opens the small form for the
// corrected output and a note; the Kind filter lives in the URL. The admin sets the rates on
// the Members page.
import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { admin, api, baseUrl, createTriageItem, createWorkspace, expect, screenshot, signIn, test, waitForRun } from "./support.ts";

const card = (page: Page, id: string) => page.locator(`[data-triage-id="${id}"]`);

const INVOICE = { number: "INV-77", vendor: "Acme", currency: "USD", total: 100, lines: [{ sku: "A-1", description: "Widgets", quantity: 10, unit_price: 10 }] };

/** A clean 2-way match: the run completes on its own (and, at rate 1, is spot-checked). */
async function completedRun(key: string, task: string): Promise<string> {
  // Each its own invoice and order: the same invoice twice is a possible duplicate (held).
  const own = { ...INVOICE, number: `INV-77-${randomUUID().slice(0, 8)}` };
  const started = await api(key, "POST", "/v1/run", { task, agent_type: "ap_specialist", data: { invoice: own, purchase_order: own } });
  expect(started.status).toBe(202);
  const settled = await waitForRun(key, started.body.run_id);
  expect(settled.run.status).toBe("completed");
  return settled.run.id;
}

test("spot checks by keyboard: y marks one correct, n sends another incorrect with a corrected output; the Kind filter", async ({ page, consoleErrors }, testInfo) => {
  const workspace = await createWorkspace("Spot Co");
  const tag = randomUUID().slice(0, 4);
  await admin("set-spot-check-rate", "--org", workspace.orgId, "--agent", "ap_specialist", "--rate", "1");
  const review = await createTriageItem(workspace.apiKey, `Pay invoice ${tag}-review`);
  const runs = [await completedRun(workspace.apiKey, `Pay invoice ${tag}-first`), await completedRun(workspace.apiKey, `Pay invoice ${tag}-second`)];
  const checks = (await api(workspace.apiKey, "GET", "/v1/triage?kind=spot_check")).body.data as { id: string; run_id: string }[];
  expect(checks.map((item) => item.run_id).sort()).toEqual([...runs].sort());

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/triage`);
  for (const item of checks) await expect(card(page, item.id).getByTestId("triage-kind")).toHaveText("Spot check");
  await expect(card(page, review.triageItemId)).toBeVisible();
  await expect(card(page, review.triageItemId).getByTestId("triage-kind")).toHaveCount(0);

  // Only the spot checks; the choice is in the URL.
  await page.getByLabel("Kind").selectOption("spot_check");
  await expect(page).toHaveURL(/[?&]kind=spot_check/);
  await expect(card(page, review.triageItemId)).toHaveCount(0);
  const first = page.locator("[data-triage-id][aria-current=true]");
  await expect(first).toHaveCount(1);
  const firstId = (await first.getAttribute("data-triage-id"))!;
  const secondId = checks.find((item) => item.id !== firstId)!.id;
  await expect(card(page, firstId).getByRole("button", { name: "Correct", exact: true })).toBeVisible();
  await expect(card(page, firstId).getByRole("button", { name: /^(Approve|Pay \d|Hold$)/ })).toHaveCount(0);
  await screenshot(page, testInfo, "triage-spot-checks");

  // a does nothing on a spot check; y marks it correct and focuses the next.
  await page.keyboard.press("a");
  await expect(card(page, firstId)).toBeVisible();
  await page.keyboard.press("y");
  await expect(card(page, firstId)).toHaveCount(0);
  await expect(card(page, secondId)).toHaveAttribute("aria-current", "true");

  // n: the small form; the corrected output must be a JSON object when given.
  await page.keyboard.press("n");
  const corrected = page.getByLabel("Corrected output (optional JSON object)");
  await expect(corrected).toBeFocused();
  await corrected.fill("[1]");
  await corrected.press("Control+Enter");
  await expect(card(page, secondId).getByRole("alert")).toContainText("must be a JSON object");
  await corrected.fill('{ "decision": "hold" }');
  await page.getByLabel("Note (optional)").fill("The PO was superseded");
  await screenshot(page, testInfo, "triage-spot-check-incorrect");
  await page.getByRole("button", { name: "Send: incorrect" }).click();
  await expect(card(page, secondId)).toHaveCount(0);
  await expect(page.getByText("Nothing matches these filters")).toBeVisible();

  const decided = (await api(workspace.apiKey, "GET", "/v1/triage?status=checked")).body.data as any[];
  expect(decided.find((item) => item.id === firstId)).toMatchObject({ status: "checked", verdict: "correct", corrected_output: null });
  expect(decided.find((item) => item.id === secondId)).toMatchObject({
    status: "checked",
    verdict: "incorrect",
    corrected_output: { decision: "hold" },
    resolution_note: "The PO was superseded",
    resolved_by_name: workspace.reviewer.name,
  });
  // The runs did not change.
  for (const runId of runs) expect((await api(workspace.apiKey, "GET", `/v1/runs/${runId}`)).body.run.status).toBe("completed");

  // Reviews only: the waiting run is there, with its usual keys.
  await page.getByLabel("Kind").selectOption("review");
  await expect(page).toHaveURL(/[?&]kind=review/);
  await expect(card(page, review.triageItemId)).toHaveAttribute("aria-current", "true");
  await expect(card(page, review.triageItemId).getByRole("button", { name: /^(Approve|Pay \d|Hold$)/ })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Kind")).toHaveValue("review");
  expect(consoleErrors).toEqual([]);
});

test("an admin sets the built-in agents' spot-check rates on the Members page", async ({ page, consoleErrors }) => {
  const workspace = await createWorkspace("Rates Co");
  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/members`);
  const form = page.getByRole("form", { name: "Spot checks" });
  await expect(form.getByLabel("ap_specialist (% of completed runs)")).toHaveValue("0");
  await form.getByLabel("ap_specialist (% of completed runs)").fill("5");
  await form.getByRole("button", { name: "Save spot-check rates" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByRole("form", { name: "Spot checks" }).getByLabel("ap_specialist (% of completed runs)")).toHaveValue("5");
  expect(consoleErrors).toEqual([]);
});
