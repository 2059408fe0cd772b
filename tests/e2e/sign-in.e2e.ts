// Signing in and out of the dashboard.
import { baseUrl, createWorkspace, expect, screenshot, signIn, test, type TWorkspace } from "./support.ts";

let workspace: TWorkspace;
test.beforeAll(async () => {
  workspace = await createWorkspace("Sign-in Co");
});

test("a wrong password is refused with a message; the right one opens the triage queue", async ({ page, consoleErrors }, testInfo) => {
  await page.goto(`${baseUrl()}/triage`);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(workspace.reviewer.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form [role=alert]")).toContainText("do not match");
  await screenshot(page, testInfo, "sign-in-error");
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel("Password").fill(workspace.reviewer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/triage$/);
  await expect(page.getByTestId("signed-in-as")).toContainText(workspace.reviewer.name);
  // The refused attempt logs a 401 for the sign-in call; nothing else may.
  expect(consoleErrors.filter((text) => !text.includes("401"))).toEqual([]);
});

test("a signed-out visitor of a page signs in and lands on that page", async ({ page, consoleErrors }) => {
  await page.goto(`${baseUrl()}/usage?from=link`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fusage%3Ffrom%3Dlink$/);
  await page.getByLabel("Email").fill(workspace.admin.email);
  await page.getByLabel("Password").fill(workspace.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/usage\?from=link$/);
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("sign-out ends the session on the server, not only in the browser", async ({ page, context }) => {
  await signIn(page, workspace.viewer);
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "aw.session_token");
  expect(session?.httpOnly).toBe(true);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  // Replaying the old cookie gets nothing: the session is gone on the server.
  const replay = await fetch(`${baseUrl()}/api/trpc/session.me`, { headers: { cookie: `aw.session_token=${session!.value}` } });
  expect(replay.status).toBe(401);
  await page.goto(`${baseUrl()}/runs`);
  await expect(page).toHaveURL(/\/sign-in/);
});
