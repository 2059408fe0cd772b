// The AP tolerances on the Members page (issue 27, docs/api-conventions.md "AP controls"): an
// admin sees the defaults of the dashboard's mode, changes one, and GET /v1/settings with a key
// of that mode answers the new value (the other mode keeps its own).
import { admin, api, baseUrl, createWorkspace, expect, signIn, test } from "./support.ts";

test("an admin sets the AP tolerances on the Members page, stored per mode", async ({ page, consoleErrors }) => {
  const workspace = await createWorkspace("Tolerance Co");
  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/members`);
  const form = page.getByRole("form", { name: "AP tolerances" });
  await expect(form.getByLabel("Price tolerance (%)")).toHaveValue("0.5");
  await expect(form.getByLabel("Duplicate window (days)")).toHaveValue("30");
  await form.getByLabel("Quantity tolerance (units)").fill("2");
  await form.getByLabel("Duplicate window (days)").fill("45");
  await form.getByRole("button", { name: "Save AP tolerances" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByRole("form", { name: "AP tolerances" }).getByLabel("Duplicate window (days)")).toHaveValue("45");

  const mode = (await page.getByText(/in (live|test) mode\./).first().textContent())?.includes("live mode") ? "live" : "test";
  const other = mode === "live" ? "test" : "live";
  const [sameKey, otherKey] = await Promise.all([mode, other].map((each) =>
    admin<{ key: string }>("create-key", "--org", workspace.orgId, "--member", workspace.admin.email, "--name", `read-${each}`, "--scopes", "agents:read", "--mode", each)));
  expect((await api(sameKey!.key, "GET", "/v1/settings")).body.ap).toMatchObject({ quantity_tolerance: 2, duplicate_window_days: 45 });
  expect((await api(otherKey!.key, "GET", "/v1/settings")).body.ap).toMatchObject({ quantity_tolerance: 0, duplicate_window_days: 30 });
  expect(consoleErrors).toEqual([]);
});
