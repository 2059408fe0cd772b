// The admin pages: API keys (shown once, mode-scoped, revocable), members, and webhooks
// with a real local HTTPS receiver (send test, a failed attempt, resend, rotate the secret,
// disabled by a 410 and enabled again).
import { createHmac, randomUUID } from "node:crypto";
import { startReceiver, type TCertificate } from "../helpers/https-receiver.ts";
import { api, baseUrl, createWorkspace, expect, expectNoHorizontalScroll, screenshot, signIn, test, type TWorkspace } from "./support.ts";

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
  const addMember = await page.request.post(`${baseUrl()}/api/trpc/members.add`, {
    data: { email: `x-${randomUUID().slice(0, 6)}@e2e.test`, name: "X", role: "admin", password: "password-123" },
  });
  expect(addMember.status()).toBe(403);
  expect((await addMember.json()).error.data.body.type).toBe("insufficient_role");

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

test("an admin adds a new person as viewer, makes them reviewer, and they can sign in", async ({ page, browser, consoleErrors }, testInfo) => {
  await signIn(page, workspace.admin);
  await nav(page).getByRole("link", { name: "Members" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(3);

  const person = { email: `new-${randomUUID().slice(0, 8)}@e2e.test`, name: "Nora New", password: "nora-password-1" };
  const form = page.getByRole("form", { name: "Add a member" });
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Name").fill(person.name);
  await form.getByLabel("Role").selectOption("viewer");
  await expect(form).toContainText("Read-only");
  await form.getByLabel("Password").fill(person.password);
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByRole("status")).toContainText(`${person.name} (${person.email}) is now a viewer`);
  const row = page.getByTestId("member-row").filter({ hasText: person.email });
  await expect(row.getByLabel(`Role of ${person.name}`)).toHaveValue("viewer");

  await row.getByLabel(`Role of ${person.name}`).selectOption("reviewer");
  await expect(row.getByLabel(`Role of ${person.name}`)).toHaveValue("reviewer");
  await page.reload();
  await expect(page.getByTestId("member-row").filter({ hasText: person.email }).getByLabel(`Role of ${person.name}`)).toHaveValue("reviewer");

  // The 409s read as sentences: the only admin cannot step down; a member cannot be added twice.
  const me = page.getByTestId("member-row").filter({ hasText: workspace.admin.email });
  await me.getByLabel(`Role of ${workspace.admin.name}`).selectOption("viewer");
  await expect(page.locator("main [role=alert]").first()).toContainText("at least one admin");
  await expect(me.getByLabel(`Role of ${workspace.admin.name}`)).toHaveValue("admin");
  await form.getByLabel("Email").fill(workspace.reviewer.email);
  await form.getByLabel("Name").fill("Again");
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByRole("alert")).toContainText("already a member");
  await screenshot(page, testInfo, "members");

  const other = await browser.newContext();
  const theirPage = await other.newPage();
  await signIn(theirPage, person);
  await expect(theirPage.getByTestId("signed-in-as")).toContainText(`${person.name} · reviewer`);
  await other.close();
  // Only the two refused changes logged their 409s.
  expect(consoleErrors.filter((text) => !text.includes("409"))).toEqual([]);
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
