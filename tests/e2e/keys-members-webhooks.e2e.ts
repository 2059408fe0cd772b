// The admin pages: API keys (shown once, mode-scoped, revocable), members (invited by a
// single-use link, removed with or without their keys), and webhooks
// with a real local HTTPS receiver (send test, a failed attempt, resend, rotate the secret,
// disabled by a 410 and enabled again).
import { createHmac, randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { startReceiver, type TCertificate } from "../helpers/https-receiver.ts";
import { admin, api, baseUrl, createWorkspace, expect, expectNoHorizontalScroll, screenshot, signIn, test, type TWorkspace } from "./support.ts";

let workspace: TWorkspace;
test.beforeAll(async () => {
  workspace = await createWorkspace("Keys Co");
});

/** The certificate tests/e2e/global-setup.ts made, which the server trusts. */
const certificate = (): TCertificate => ({ certPath: process.env.E2E_CERT_PATH!, keyPath: process.env.E2E_KEY_PATH! });

const nav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Dashboard" });

test("an admin creates a key, sees it once, it works on /v1, and revoking it ends it", async ({ page, context, consoleErrors }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await signIn(page, workspace.admin);
  const started = Date.now();
  await nav(page).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("CI key");
  await page.getByRole("checkbox", { name: /^agents:read/ }).check();
  await page.getByRole("checkbox", { name: /^agents:run/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("will not be shown again");
  const key = (await dialog.getByTestId("secret-value").textContent())!.trim();
  expect(key).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
  expect(Date.now() - started).toBeLessThan(60_000);
  await screenshot(page, testInfo, "key-created-once", { fullPage: false });

  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The key works against /v1 with exactly its scopes.
  expect((await api(key, "GET", "/v1/runs")).status).toBe(200);
  expect((await api(key, "GET", "/v1/webhooks")).status).toBe(403);

  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  expect(await page.content()).not.toContain(key);
  const row = page.getByTestId("key-row").filter({ hasText: "CI key" });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("agents:read");
  await expect(row).toContainText("Active");
  await screenshot(page, testInfo, "keys-list");
  // A reload never brings the key back: only its prefix is stored in a readable form.
  await page.reload();
  await expect(page.getByTestId("key-row").filter({ hasText: "CI key" })).toContainText(key.slice(0, 12));
  expect(await page.content()).not.toContain(key);

  await row.getByRole("button", { name: "Revoke CI key" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: "Revoke CI key" })).toHaveCount(0);
  expect((await api(key, "GET", "/v1/runs")).status).toBe(401);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, "keys-list-phone");
  expect(consoleErrors).toEqual([]);
});

test("a reviewer sees no API keys or Members item, and the server refuses them too", async ({ page, consoleErrors }) => {
  await signIn(page, workspace.reviewer);
  await expect(nav(page).getByRole("link", { name: "Webhooks" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(nav(page).getByRole("link", { name: "Members" })).toHaveCount(0);

  const create = await page.request.post(`${baseUrl()}/api/trpc/keys.create`, { data: { name: "sneaky", scopes: ["agents:read"] } });
  expect(create.status()).toBe(403);
  expect((await create.json()).error.data.body.type).toBe("insufficient_role");
  const invite = await page.request.post(`${baseUrl()}/api/trpc/members.invite`, {
    data: { email: `x-${randomUUID().slice(0, 6)}@e2e.test`, role: "admin" },
  });
  expect(invite.status()).toBe(403);
  expect((await invite.json()).error.data.body.type).toBe("insufficient_role");

  await page.goto(`${baseUrl()}/keys`);
  await expect(page.getByText("Only admins manage API keys")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await page.goto(`${baseUrl()}/members`);
  await expect(page.getByText("Only admins manage members")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("keys belong to a mode: test mode lists none of the live keys and creates svc_test_ keys", async ({ page, consoleErrors }) => {
  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/keys`);
  // The workspace's own live key (created by the admin CLI) is listed in live mode.
  await expect(page.getByTestId("key-row").filter({ hasText: "e2e" })).toContainText("svc_live_");

  await page.getByRole("switch", { name: "Test mode" }).click();
  await expect(page.getByRole("switch", { name: "Test mode" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("No API keys in this mode yet")).toBeVisible();
  await expect(page.getByText("svc_live_")).toHaveCount(0);

  await page.getByLabel("Name", { exact: true }).fill("Sandbox");
  await page.getByRole("checkbox", { name: "All scopes" }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByRole("dialog").getByTestId("secret-value").textContent())!.trim();
  expect(key).toMatch(/^svc_test_/);
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("key-row").filter({ hasText: "Sandbox" })).toContainText("test");
  expect((await api(key, "GET", "/v1/runs")).status).toBe(200);

  // Back in live mode the test key is not listed.
  await page.getByRole("switch", { name: "Test mode" }).click();
  await expect(page.getByRole("switch", { name: "Test mode" })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("key-row").filter({ hasText: "e2e" })).toBeVisible();
  await expect(page.getByTestId("key-row").filter({ hasText: "Sandbox" })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

/** Invites an email through the Members page's form and returns the link the dialog shows once. */
async function inviteThroughPage(page: import("@playwright/test").Page, email: string, role: string): Promise<string> {
  const form = page.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Create invitation" }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: "Invitation link" });
  await expect(dialog).toContainText(`Send this link to ${email}`);
  const link = (await dialog.getByTestId("secret-value").textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${baseUrl()}/invite/inv_[A-Za-z0-9_-]{43}$`));
  return link;
}

test("an admin invites a new person, copies the link once; they set a name and password in a fresh browser and land in the organization", async ({ page, browser, context, consoleErrors }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await signIn(page, workspace.admin);
  await nav(page).getByRole("link", { name: "Members" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(3);
  await expect(page.getByText("No pending invitations")).toBeVisible();

  const person = { email: `new-${randomUUID().slice(0, 8)}@e2e.test`, name: "Nora New", password: "nora-password-1" };
  const form = page.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Role").selectOption("viewer");
  await expect(form).toContainText("Read-only");
  const link = await inviteThroughPage(page, person.email, "viewer");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await screenshot(page, testInfo, "invitation-link", { fullPage: false });
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  // Shown once: the list names the email, never the link.
  const pending = page.getByTestId("invitation-row").filter({ hasText: person.email });
  await expect(pending).toContainText("Viewer");
  expect(await page.content()).not.toContain(link);
  // Nobody joined yet.
  await expect(page.getByTestId("member-row")).toHaveCount(3);

  // The invited person, in a browser that has never signed in.
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  const theirErrors: string[] = [];
  theirPage.on("console", (message) => (message.type() === "error" ? theirErrors.push(message.text()) : undefined));
  await theirPage.goto(link);
  await expect(theirPage.getByRole("heading", { name: `Join ${workspace.name}` })).toBeVisible();
  const create = theirPage.getByRole("form", { name: "Create your account" });
  await expect(create.getByLabel("Email")).toHaveValue(person.email);
  await create.getByLabel("Your name").fill(person.name);
  await create.getByLabel("Choose a password").fill(person.password);
  await screenshot(theirPage, testInfo, "invitation-accept");
  await create.getByRole("button", { name: "Create account and join" }).click();
  await theirPage.waitForURL(`${baseUrl()}/triage`);
  await expect(theirPage.getByTestId("signed-in-as")).toContainText(`${person.name} · viewer`);
  await expect(theirPage.getByLabel("Organization")).toHaveValue(workspace.orgId);
  // The link was single-use.
  await theirPage.goto(link);
  await expect(theirPage.getByRole("alert").filter({ hasText: "already" })).toContainText("This invitation was already accepted");
  await theirs.close();
  expect(theirErrors.filter((text) => !text.includes("409"))).toEqual([]);

  // The admin sees them as a member, changes their role; the invitation is gone from the list.
  await page.reload();
  const row = page.getByTestId("member-row").filter({ hasText: person.email });
  await expect(row.getByLabel(`Role of ${person.name}`)).toHaveValue("viewer");
  await expect(page.getByTestId("invitation-row").filter({ hasText: person.email })).toHaveCount(0);
  await row.getByLabel(`Role of ${person.name}`).selectOption("reviewer");
  await expect(row.getByLabel(`Role of ${person.name}`)).toHaveValue("reviewer");
  await page.reload();
  await expect(page.getByTestId("member-row").filter({ hasText: person.email }).getByLabel(`Role of ${person.name}`)).toHaveValue("reviewer");

  // The 409s read as sentences: the only admin cannot step down; a member cannot be invited.
  const me = page.getByTestId("member-row").filter({ hasText: workspace.admin.email });
  await me.getByLabel(`Role of ${workspace.admin.name}`).selectOption("viewer");
  await expect(page.locator("main [role=alert]").first()).toContainText("at least one admin");
  await expect(me.getByLabel(`Role of ${workspace.admin.name}`)).toHaveValue("admin");
  await form.getByLabel("Email").fill(workspace.reviewer.email);
  await form.getByRole("button", { name: "Create invitation" }).click();
  await expect(form.getByRole("alert")).toContainText("already a member");
  await screenshot(page, testInfo, "members");
  expect(consoleErrors.filter((text) => !text.includes("409"))).toEqual([]);
});

test("a person of another organization opens the link, signs in, accepts, and works in both organizations", async ({ page, browser, consoleErrors }) => {
  const other = await createWorkspace("Elsewhere Co");
  const person = other.viewer;
  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/members`);
  const link = await inviteThroughPage(page, person.email, "reviewer");
  // The same answer as for anyone: the dialog never names the person who has the account.
  await expect(page.getByRole("dialog")).not.toContainText(person.name);
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();

  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await theirPage.goto(link);
  await theirPage.getByRole("link", { name: "Sign in to accept" }).click();
  await theirPage.waitForURL((url) => url.pathname === "/sign-in");
  await theirPage.getByLabel("Email").fill(person.email);
  await theirPage.getByLabel("Password").fill(person.password);
  await theirPage.getByRole("button", { name: "Sign in" }).click();
  await theirPage.waitForURL(link);
  await theirPage.getByRole("button", { name: "Accept invitation" }).click();
  await theirPage.waitForURL(`${baseUrl()}/triage`);
  await expect(theirPage.getByTestId("signed-in-as")).toContainText(`${person.name} · reviewer`);
  await expect(theirPage.getByLabel("Organization")).toHaveValue(workspace.orgId);
  // Their own organization is still theirs, with its role.
  await theirPage.getByLabel("Organization").selectOption(other.orgId);
  await expect(theirPage.getByTestId("signed-in-as")).toContainText(`${person.name} · viewer`);
  await theirs.close();

  // Signed in already, an invitation shows above the dashboard: Decline dismisses it.
  const invited = other.reviewer;
  const response = await page.request.post(`${baseUrl()}/api/trpc/members.invite`, { data: { email: invited.email, role: "viewer" } });
  expect(response.ok()).toBe(true);
  const theirs2 = await browser.newContext();
  const banner = await theirs2.newPage();
  await signIn(banner, invited);
  const received = banner.getByRole("region", { name: "Invitations for you" });
  await expect(received).toContainText(`You are invited to join ${workspace.name} as viewer`);
  await received.getByRole("button", { name: "Decline" }).click();
  await expect(received).toHaveCount(0);
  await theirs2.close();
  expect(consoleErrors).toEqual([]);
});

test("removing a member revokes the keys they created unless the admin keeps them", async ({ page, consoleErrors }) => {
  const holders = [];
  for (const name of ["Rita Revoked", "Kurt Kept"]) {
    const email = `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 6)}@e2e.test`;
    await admin("create-member", "--org", workspace.orgId, "--email", email, "--name", name, "--role", "admin", "--password", "pw-holder-1");
    const { key } = await admin<{ key: string }>("create-key", "--org", workspace.orgId, "--member", email, "--name", `${name} key`, "--scopes", "all", "--mode", "live");
    expect((await api(key, "GET", "/v1/runs")).status).toBe(200);
    holders.push({ name, key });
  }
  const [revoked, kept] = holders as [(typeof holders)[number], (typeof holders)[number]];
  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/members`);

  await page.getByRole("button", { name: `Remove ${revoked.name}` }).click();
  let dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("checkbox", { name: /Keep the API keys they created/ })).not.toBeChecked();
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByTestId("member-row").filter({ hasText: revoked.name })).toHaveCount(0);
  expect((await api(revoked.key, "GET", "/v1/runs")).status).toBe(401);

  await page.getByRole("button", { name: `Remove ${kept.name}` }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox", { name: /Keep the API keys they created/ }).check();
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByTestId("member-row").filter({ hasText: kept.name })).toHaveCount(0);
  expect((await api(kept.key, "GET", "/v1/runs")).status).toBe(200);
  expect(consoleErrors).toEqual([]);
});

test("a demoted member's key: the keys table shows which scopes their role leaves effective, and /v1 agrees", async ({ page, consoleErrors }, testInfo) => {
  // An organization of its own: the webhook made below must not show in the other tests' lists.
  const own = await createWorkspace("Demoted Co");
  const name = "Dana Demoted";
  const email = `dana-${randomUUID().slice(0, 6)}@e2e.test`;
  await admin("create-member", "--org", own.orgId, "--email", email, "--name", name, "--role", "admin", "--password", "pw-dana-12");
  const { key } = await admin<{ key: string }>(
    "create-key", "--org", own.orgId, "--member", email, "--name", "Dana key", "--scopes", "agents:read,agents:write,webhooks:write", "--mode", "live",
  );
  const newWebhook = () => api(key, "POST", "/v1/webhooks", { url: `https://example.com/hooks/${randomUUID()}`, events: ["run.completed"] });
  expect((await newWebhook()).status).toBe(201);

  await signIn(page, own.admin);
  await page.goto(`${baseUrl()}/keys`);
  const row = page.getByTestId("key-row").filter({ hasText: "Dana key" });
  await expect(row).toContainText("agents:write");
  await expect(row.getByTestId("key-scopes-limited")).toHaveCount(0);

  await page.goto(`${baseUrl()}/members`);
  await page.getByRole("combobox", { name: `Role of ${name}` }).selectOption("viewer");
  await expect(page.getByRole("combobox", { name: `Role of ${name}` })).toHaveValue("viewer");
  const refused = await newWebhook();
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ type: "insufficient_scope", required: "webhooks:write", provided: ["agents:read"] });

  await page.goto(`${baseUrl()}/keys`);
  await expect(row.getByTestId("key-scopes-limited")).toHaveText(`Limited by ${name}’s role (viewer): 1 of 3 scopes effective`);
  // Struck through and said in words: not by styling alone.
  const scopes = row.getByRole("list", { name: "Scopes" });
  await expect(scopes.getByRole("listitem")).toHaveText(["agents:read", "agents:write (not effective)", "webhooks:write (not effective)"]);
  await expect(scopes.locator("s")).toHaveText(["agents:write", "webhooks:write"]);
  // The struck-through scopes and their note pass the accessibility rules the other pages do.
  const axe = await new AxeBuilder({ page }).include('[data-testid="key-row"]').withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await screenshot(page, testInfo, "keys-limited-by-role");
  expect(consoleErrors).toEqual([]);
});

test("webhooks: add with a local receiver, a failed test attempt, resend succeeds, rotate the secret, a 410 disables and Enable restores", async ({ page, consoleErrors }, testInfo) => {
  let answer = 500;
  const receiver = await startReceiver(certificate(), () => answer);
  try {
    await signIn(page, workspace.admin);
    await nav(page).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByText("No webhooks yet")).toBeVisible();

    await page.getByLabel("URL").fill(receiver.url);
    await page.getByRole("checkbox", { name: /^run\.failed/ }).uncheck();
    await page.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog");
    const secret = (await dialog.getByTestId("secret-value").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole("button", { name: "Done" }).click();
    expect(await page.content()).not.toContain(secret);
    const card = page.getByTestId("webhook-card").filter({ hasText: receiver.url });
    await expect(card).toContainText("run.completed");
    await expect(card).not.toContainText("run.failed");
    await expect(card).toContainText("No delivery attempts yet");

    await page.getByRole("button", { name: "Send test" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test event sent" })).toContainText("0 succeeded, 1 failed");
    const failed = card.locator("[data-testid=delivery-row][data-status=failed]");
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText("500");
    await expect(failed).toContainText("ms");

    answer = 200;
    await failed.getByRole("button", { name: "Resend" }).click();
    // Queued (202): the table polls until the new attempt lands.
    await expect(card.getByRole("status").filter({ hasText: "Resend queued" })).toBeVisible();
    const succeeded = card.locator("[data-testid=delivery-row][data-status=succeeded]");
    await expect(succeeded).toHaveCount(1);
    await expect(succeeded).toContainText("200");
    await expect(succeeded).toContainText("attempt 2");
    // The same event, signed with the webhook's secret: the receiver can de-duplicate it.
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second!.headers["x-service-event-id"]).toBe(first!.headers["x-service-event-id"]);
    expect(second!.headers["x-service-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(second!.body).digest("hex")}`);
    // Any attempt can be resent, a succeeded one too.
    await expect(succeeded.getByRole("button", { name: "Resend" })).toHaveCount(1);

    // Rotating the secret shows the new one once; the next delivery carries signatures under both.
    await card.getByRole("button", { name: `Rotate secret of ${receiver.url}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
    const rotatedDialog = page.getByRole("dialog").filter({ hasText: "Secret rotated" });
    const rotated = (await rotatedDialog.getByTestId("secret-value").textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await rotatedDialog.getByRole("button", { name: "Done" }).click();
    expect(await page.content()).not.toContain(rotated);
    await expect(card).toContainText("also signed with the previous secret");
    await page.getByRole("button", { name: "Send test" }).click();
    await expect.poll(() => receiver.received.length).toBe(3);
    const third = receiver.received[2]!;
    expect(third.headers["x-service-signature"]).toBe(`sha256=${createHmac("sha256", rotated).update(third.body).digest("hex")}`);
    expect(String(third.headers["webhook-signature"]).split(" ")).toHaveLength(2);

    // A receiver answering 410 Gone disables the webhook at once: the card says why; Enable brings it back.
    answer = 410;
    await page.getByRole("button", { name: "Send test" }).click();
    await expect(card.getByTestId("webhook-disabled")).toContainText("410 Gone");
    await expect(card).toContainText("disabled");
    await expect(card.getByRole("button", { name: "Resend" })).toHaveCount(0); // enable first
    await screenshot(page, testInfo, "webhook-disabled");
    answer = 200;
    await card.getByRole("button", { name: `Enable webhook ${receiver.url}` }).click();
    await expect(card.getByTestId("webhook-disabled")).toHaveCount(0);
    await expect(card.getByRole("button", { name: `Enable webhook ${receiver.url}` })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Resend" }).first()).toBeVisible();
    await screenshot(page, testInfo, "webhooks");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole("button", { name: `Delete webhook ${receiver.url}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByText("No webhooks yet")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test("a viewer sees webhooks and attempts but no way to change them; resend, enable and rotate refuse viewers and other tenants", async ({ page, consoleErrors }) => {
  const receiver = await startReceiver(certificate(), () => 200);
  try {
    const created = await api(workspace.apiKey, "POST", "/v1/webhooks", { url: receiver.url, events: ["run.completed"] });
    expect(created.status).toBe(201);
    await api(workspace.apiKey, "POST", `/v1/webhooks/test/${workspace.orgId}`);
    const deliveries = await api(workspace.apiKey, "GET", `/v1/webhooks/${created.body.data.id}/deliveries`);
    const delivery = deliveries.body.data[0];
    expect(delivery.status).toBe("succeeded");

    await signIn(page, workspace.viewer);
    await page.goto(`${baseUrl()}/webhooks`);
    const card = page.getByTestId("webhook-card").filter({ hasText: receiver.url });
    await expect(card.locator("[data-testid=delivery-row][data-status=succeeded]")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Send test" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add webhook" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /Rotate secret|Enable|Resend/ })).toHaveCount(0);
    const resendInput = { id: created.body.data.id, deliveryId: delivery.id };
    for (const procedure of ["webhooks.resend", "webhooks.enable", "webhooks.rotateSecret"]) {
      const asViewer = await page.request.post(`${baseUrl()}/api/trpc/${procedure}`, { data: procedure === "webhooks.resend" ? resendInput : { id: resendInput.id } });
      expect(asViewer.status()).toBe(403);
      expect((await asViewer.json()).error.data.body.type).toBe("insufficient_scope");
    }

    // The admin of this organization may resend any attempt; another organization's admin finds nothing.
    const otherPage = await page.context().browser()!.newPage();
    await signIn(otherPage, workspace.admin);
    const resent = await otherPage.request.post(`${baseUrl()}/api/trpc/webhooks.resend`, { data: resendInput });
    expect(resent.ok()).toBe(true);
    expect((await resent.json()).result.data.data.status).toBe("queued");
    const stranger = await createWorkspace("Stranger Co");
    const strangerPage = await page.context().browser()!.newPage();
    await signIn(strangerPage, stranger.admin);
    for (const procedure of ["webhooks.resend", "webhooks.enable", "webhooks.rotateSecret"]) {
      const foreign = await strangerPage.request.post(`${baseUrl()}/api/trpc/${procedure}`, { data: procedure === "webhooks.resend" ? resendInput : { id: resendInput.id } });
      expect(foreign.status()).toBe(404);
    }
    await otherPage.close();
    await strangerPage.close();
    await api(workspace.apiKey, "DELETE", `/v1/webhooks/${created.body.data.id}`);
    expect(consoleErrors).toEqual([]);
  } finally {
    await receiver.close();
  }
});
