// One person, two organizations: the switcher changes organization and role; the mode
// switch changes which data every page shows.
import { admin, baseUrl, createTriageItem, createWorkspace, expect, screenshot, signIn, test, type TWorkspace } from "./support.ts";

let first: TWorkspace;
let second: TWorkspace;
let itemInSecond: { runId: string; triageItemId: string };

test.beforeAll(async () => {
  first = await createWorkspace("First Org");
  second = await createWorkspace("Second Org");
  // The first organization's reviewer is also a viewer in the second (same person, same password).
  await admin("create-member", "--org", second.orgId, "--email", first.reviewer.email, "--name", "ignored", "--role", "viewer", "--password", "ignored-password");
  itemInSecond = await createTriageItem(second.apiKey, "Pay the second organization's invoice");
});

test("the organization switcher changes organization and role; the mode switch shows test data only", async ({ page, consoleErrors }, testInfo) => {
  await signIn(page, first.reviewer);
  const switcher = page.getByLabel("Organization");
  await expect(switcher).toHaveValue(first.orgId);
  await expect(page.getByTestId("signed-in-as")).toContainText("reviewer");
  await expect(page.getByText("The queue is clear")).toBeVisible();
  await expect(page.locator(`[data-triage-id="${itemInSecond.triageItemId}"]`)).toHaveCount(0);

  await switcher.selectOption(second.orgId);
  await expect(switcher).toHaveValue(second.orgId);
  await expect(page.getByTestId("signed-in-as")).toContainText("viewer");
  const item = page.locator(`[data-triage-id="${itemInSecond.triageItemId}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByRole("button", { name: /^(Approve|Pay \d|Hold$)/ })).toHaveCount(0);
  await screenshot(page, testInfo, "organization-switcher");

  // Test mode: the live item is not shown, and the page says which mode it is in.
  await page.getByRole("switch", { name: "Test mode" }).click();
  await expect(page.getByRole("switch", { name: "Test mode" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Test mode: you are viewing test data")).toBeVisible();
  await expect(page.getByText("The queue is clear")).toBeVisible();
  await expect(item).toHaveCount(0);

  // The server holds the same view of this session: the second organization, test mode, viewer.
  const me = await page.request.get(`${baseUrl()}/api/trpc/session.me`);
  expect((await me.json()).result.data.current).toMatchObject({ organization_id: second.orgId, mode: "test", role: "viewer" });
  expect(consoleErrors).toEqual([]);
});

test("/ sends a signed-in person to the triage queue", async ({ page }) => {
  await signIn(page, first.viewer);
  await page.goto(`${baseUrl()}/`);
  await expect(page).toHaveURL(/\/triage$/);
});
