// The organization's review due time on the Members page: an admin changes it and the next
// triage item falls due by it; a value out of bounds is refused with the API's message.
import { api, baseUrl, createTriageItem, createWorkspace, expect, signIn, test, type TWorkspace } from "./support.ts";

let workspace: TWorkspace;

test.beforeAll(async () => {
  workspace = await createWorkspace("Due Time Org");
});

test("an admin sets the review due time; new triage items fall due by it", async ({ page, consoleErrors }) => {
  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/members`);
  const form = page.getByRole("form", { name: "Review due time" });
  const minutes = form.getByLabel("Minutes until overdue");
  await expect(minutes).toHaveValue("240");

  await minutes.fill("90");
  await form.getByRole("button", { name: "Save due time" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByRole("form", { name: "Review due time" }).getByLabel("Minutes until overdue")).toHaveValue("90");

  const item = await createTriageItem(workspace.apiKey);
  const run = await api(workspace.apiKey, "GET", `/v1/runs/${item.runId}`);
  expect(Date.parse(run.body.triage_item.due_at) - Date.parse(run.body.triage_item.created_at)).toBe(90 * 60_000);

  // The browser's own bounds are bypassed to show the server's message.
  const again = page.getByRole("form", { name: "Review due time" });
  await again.evaluate((element) => element.setAttribute("novalidate", ""));
  await again.getByLabel("Minutes until overdue").fill("20000");
  await again.getByRole("button", { name: "Save due time" }).click();
  await expect(again.getByRole("alert")).toContainText("between 1 and 10080");
  expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
});
