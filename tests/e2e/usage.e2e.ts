// The usage page: live runs made through /v1 show up as credits per day, per agent, per
// member and in the ledger, with the same totals as GET /v1/usage; admins change the plan,
// viewers only read it (and the server refuses them too).
import { admin, api, baseUrl, createWorkspace, expect, expectNoHorizontalScroll, screenshot, signIn, test, waitForRun, type TWorkspace } from "./support.ts";

let workspace: TWorkspace;
const CENTER_RUNS = 3;

test.beforeAll(async () => {
  workspace = await createWorkspace("Usage Co");
  const runs = [
    ...Array.from({ length: CENTER_RUNS }, (_, index) => ({ task: `Summarise report ${index}`, agent_type: "center" })),
    { task: "Quote 40 pallets", agent_type: "rfq_generator" },
  ];
  for (const body of runs) {
    const started = await api(workspace.apiKey, "POST", "/v1/run", body);
    expect(started.status).toBe(202);
    await waitForRun(workspace.apiKey, started.body.run_id);
  }
});

const today = (): string => new Date().toISOString().slice(0, 10);

test("an admin sees the period's credits by day, agent, member and ledger entry; the plan is shown with whom to ask, never changed here", async ({ page, consoleErrors }, testInfo) => {
  const usage = await api(workspace.apiKey, "GET", "/v1/usage");
  expect(usage.status).toBe(200);
  const used: number = usage.body.credits_used;
  expect(used).toBeGreaterThan(0);

  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/usage`);
  await expect(page.getByTestId("credits-used")).toHaveText(used.toLocaleString("en"));
  await expect(page.getByTestId("plan-name")).toHaveText("Growth plan");

  // The chart: an image with a summary, and today's bar drawn with a height.
  const chart = page.getByTestId("credits-chart");
  await expect(chart).toHaveAttribute("role", "img");
  await expect(chart).toHaveAttribute("aria-label", new RegExp(`${used} credits`));
  const todayBar = chart.locator(`svg rect.usage-day-bar[data-date="${today()}"]`);
  await expect(todayBar).toHaveCount(1);
  const box = await todayBar.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(0);
  // The same numbers as a table, behind a toggle.
  await page.getByRole("button", { name: "Show the numbers as a table" }).click();
  const todayRow = page.locator(`tr[data-date="${today()}"]`);
  await expect(todayRow).toContainText(String(used));
  await expect(todayRow.locator("td").nth(2)).toHaveText(String(CENTER_RUNS + 1));

  // Runs per agent type.
  await expect(page.locator('[data-testid=agent-usage] tr[data-agent="center"] td').nth(1)).toHaveText(String(CENTER_RUNS));
  await expect(page.locator('[data-testid=agent-usage] tr[data-agent="rfq_generator"] td').nth(2)).toHaveText("5");

  // The key was created by the admin: their row carries every run and credit.
  const adminRow = page.locator(`[data-testid=member-usage] tr[data-email="${workspace.admin.email}"]`);
  await expect(adminRow.locator('[data-column="runs"]')).toHaveText(String(CENTER_RUNS + 1));
  await expect(adminRow.locator('[data-column="credits"]')).toHaveText(String(used));

  // One debit per run, each linking to its run.
  const debits = page.locator("[data-testid=ledger] tr[data-reason=run]");
  await expect(debits).toHaveCount(CENTER_RUNS + 1);
  await expect(debits.first().locator('[data-column="amount"]')).toHaveText(/^−\d+$/);
  await expect(debits.first().getByRole("link")).toHaveAttribute("href", /^\/runs\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Hide the numbers as a table" }).click();
  await screenshot(page, testInfo, "usage");

  // The plan is the operator's: the card says whom to ask, and offers no way to change it.
  await expect(page.getByTestId("plan-change-note")).toContainText("admin set-plan");
  await expect(page.getByLabel("Plan")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change plan" })).toHaveCount(0);
  const refused = await page.request.post(`${baseUrl()}/api/trpc/organization.setPlan`, { data: { plan: "enterprise" } });
  expect(refused.status()).toBe(404);
  expect((await refused.json()).error.data.body.type).toBe("not_found");
  await page.reload();
  await expect(page.getByTestId("plan-name")).toHaveText("Growth plan");
  const after = await api(workspace.apiKey, "GET", "/v1/usage");
  expect(after.body).toMatchObject({ plan: "growth", unlimited: false, credits_used: used });

  // Phone width: the tables and the chart fit; nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chart.locator("svg")).toBeVisible();
  await expectNoHorizontalScroll(page);
  const chartWidth = (await chart.boundingBox())?.width ?? 0;
  expect(chartWidth).toBeLessThanOrEqual(390);
  await screenshot(page, testInfo, "usage-phone");
  expect(consoleErrors).toEqual([]);
});

test("a viewer reads the plan and whom to ask for another; the server changes nothing", async ({ page, consoleErrors }) => {
  await signIn(page, workspace.viewer);
  await page.goto(`${baseUrl()}/usage`);
  await expect(page.getByTestId("plan-name")).toBeVisible();
  await expect(page.getByTestId("credits-chart")).toBeVisible();
  await expect(page.getByTestId("plan-change-note")).toContainText("ask them");
  await expect(page.getByLabel("Plan")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change plan" })).toHaveCount(0);

  const refused = await page.request.post(`${baseUrl()}/api/trpc/organization.setPlan`, { data: { plan: "starter" } });
  expect(refused.status()).toBe(404);
  const usage = await api(workspace.apiKey, "GET", "/v1/usage");
  expect(usage.body.plan).not.toBe("starter");
  expect(consoleErrors).toEqual([]);
});

test("test mode shows the test runs but no credits: the empty state instead of a chart", async ({ page, consoleErrors }) => {
  const testKey = await admin<{ key: string }>("create-key", "--org", workspace.orgId, "--member", workspace.reviewer.email, "--name", "e2e test", "--scopes", "all", "--mode", "test");
  const started = await api(testKey.key, "POST", "/v1/run", { task: "Free in test mode", agent_type: "center" });
  expect(started.status).toBe(202);
  await waitForRun(testKey.key, started.body.run_id);

  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/usage`);
  await page.getByRole("switch", { name: "Test mode" }).click();
  await expect(page.getByRole("switch", { name: "Test mode" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("No credits used yet this period")).toBeVisible();
  await expect(page.getByTestId("credits-chart")).toHaveCount(0);
  await expect(page.getByTestId("credits-used")).toHaveText("0");
  // Only this mode's data: the one test run, free; none of the live runs or debits.
  await expect(page.locator('[data-testid=agent-usage] tr[data-agent="center"] td').nth(1)).toHaveText("1");
  await expect(page.locator('[data-testid=agent-usage] tr[data-agent="center"] td').nth(2)).toHaveText("0");
  await expect(page.locator("[data-testid=agent-usage] tr[data-agent]")).toHaveCount(1);
  await expect(page.getByText("No ledger entries yet")).toBeVisible();
  await expect(page.locator(`[data-testid=member-usage] tr[data-email="${workspace.reviewer.email}"] [data-column="runs"]`)).toHaveText("1");
  expect(consoleErrors).toEqual([]);
});

