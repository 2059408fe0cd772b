// Signing in and out of the dashboard; `next` stays on this origin; the form works without
// script and never puts the password in a URL.
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

// Each payload once sent people to another origin after signing in. The browser's own
// reading of `next` decides, so this runs in Chromium; any request to evil.example is
// answered locally, so a test that goes there fails on the URL, not on DNS.
for (const next of ["/\\evil.example/x", "/%09/evil.example/x", "//evil.example", "https://evil.example", "/.//evil.example/x"]) {
  test(`sign-in?next=${next} lands on the service's own origin`, async ({ page }) => {
    await page.route((url) => url.hostname === "evil.example", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>evil</h1>" }));
    await page.goto(`${baseUrl()}/sign-in?next=${next}`);
    await page.getByLabel("Email").fill(workspace.viewer.email);
    await page.getByLabel("Password").fill(workspace.viewer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    await expect(page).toHaveURL(/\/triage$/);
    await expect(page.getByTestId("signed-in-as")).toBeVisible();
    // Signed in already: the sign-in page's own redirect keeps to this origin too.
    await page.goto(`${baseUrl()}/sign-in?next=${next}`);
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    await expect(page).toHaveURL(/\/triage$/);
  });
}

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts: a wrong password is refused with a message and the right one signs in, the password never in a URL", async ({ page }) => {
    const visited: string[] = [];
    page.on("request", (request) => visited.push(request.url()));
    await page.goto(`${baseUrl()}/sign-in?next=${encodeURIComponent("/usage?from=link")}`);
    expect(await page.locator("form").getAttribute("method")).toMatch(/^post$/i);

    await page.getByLabel("Email").fill(workspace.admin.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form [role=alert]")).toContainText("do not match");
    expect(page.url()).not.toContain("not%20the%20password");
    expect(page.url()).not.toContain("not+the+password");

    await page.getByLabel("Password").fill(workspace.admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Signed in: the page asked for, not sent back to sign in (its content needs script), with a session.
    await expect(page).toHaveURL(/\/usage\?from=link$/);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("aw.session_token");
    for (const url of visited) {
      expect(url).not.toContain("password");
      expect(url).not.toContain(encodeURIComponent(workspace.admin.password));
    }
  });
});
