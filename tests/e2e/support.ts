// What every dashboard test needs: a fresh organization with one person per role, an API
// key to create work through /v1, signing in through the UI, and screenshots.
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test as base, type Page, type TestInfo } from "@playwright/test";
import { PROJECT_ROOT, runAdminCli } from "../helpers/processes.ts";

export const baseUrl = (): string => process.env.E2E_BASE_URL!;

export async function admin<T = any>(...args: string[]): Promise<T> {
  const result = await runAdminCli([...args, "--json"], { DATABASE_URL: process.env.E2E_DATABASE_URL, DATA_DIR: process.env.E2E_DATA_DIR });
  if (result.code !== 0) throw new Error(`admin ${args[0]} failed: ${result.stderr}`);
  return result.json as T;
}

export type TPerson = { email: string; password: string; name: string; memberId: string };
export type TWorkspace = {
  orgId: string;
  name: string;
  admin: TPerson;
  reviewer: TPerson;
  viewer: TPerson;
  /** A live key with every scope, for creating work and checking results through /v1. */
  apiKey: string;
};

async function addPerson(orgId: string, role: string, tag: string): Promise<TPerson> {
  const email = `${role}-${tag}@e2e.test`;
  const password = `pw-${role}-${tag}`;
  const name = `${role[0]!.toUpperCase()}${role.slice(1)} ${tag.slice(0, 4)}`;
  const member = await admin<{ id: string }>("create-member", "--org", orgId, "--email", email, "--name", name, "--role", role, "--password", password);
  return { email, password, name, memberId: member.id };
}

/** A new organization (growth plan) with an admin, a reviewer and a viewer. */
export async function createWorkspace(name = `Org ${randomUUID().slice(0, 6)}`): Promise<TWorkspace> {
  const tag = randomUUID().slice(0, 8);
  const org = await admin<{ id: string }>("create-org", "--name", name, "--plan", "growth");
  const [adminPerson, reviewer, viewer] = [
    await addPerson(org.id, "admin", tag),
    await addPerson(org.id, "reviewer", tag),
    await addPerson(org.id, "viewer", tag),
  ];
  const key = await admin<{ key: string }>("create-key", "--org", org.id, "--member", adminPerson.email, "--name", "e2e", "--scopes", "all", "--mode", "live");
  return { orgId: org.id, name, admin: adminPerson, reviewer, viewer, apiKey: key.key };
}

/** Calls /v1 with an API key. */
export async function api<T = any>(key: string, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Waits until a run leaves queued/running. */
export async function waitForRun(key: string, runId: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api(key, "GET", `/v1/runs/${runId}`);
    if (!["queued", "running"].includes(body.run?.status)) return body;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${body.run?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const INVOICE = {
  number: "INV-1001",
  vendor: "Acme Supplies",
  currency: "USD",
  total: 100,
  lines: [{ sku: "A-1", description: "Widgets", quantity: 10, unit_price: 10 }],
};

/** Starts an ap_specialist run the agent is unsure of (the PO total differs) and waits for its triage item. */
export async function createTriageItem(key: string, task = `Pay invoice ${randomUUID().slice(0, 6)}`): Promise<{ runId: string; triageItemId: string }> {
  const started = await api(key, "POST", "/v1/run", {
    task,
    agent_type: "ap_specialist",
    // Each its own invoice and order: the same invoice twice is a possible duplicate (held).
    data: { invoice: { ...INVOICE, number: `INV-${randomUUID().slice(0, 8)}` }, purchase_order: { ...INVOICE, number: `PO-${randomUUID().slice(0, 8)}`, total: 120 } },
  });
  expect(started.status).toBe(202);
  const settled = await waitForRun(key, started.body.run_id ?? started.body.id);
  expect(settled.run.status).toBe("pending_triage");
  return { runId: settled.run.id, triageItemId: settled.triage_item.id };
}

/** Signs in through the sign-in page and waits for the dashboard. */
export async function signIn(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl()}/sign-in`);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
}

/**
 * A full-page screenshot into the test's output and .test-results/screenshots/<name>.png
 * (the README tour's pictures come from there: docs/screenshots/).
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  // Full page by default; a dialog (a fixed overlay) is taken as the viewport shows it.
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
  const shared = path.join(PROJECT_ROOT, ".test-results/screenshots");
  mkdirSync(shared, { recursive: true });
  copyFileSync(file, path.join(shared, `${name}.png`));
}

/** Fails the test on any console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
});

export { expect };

/** Asserts the page does not scroll sideways (phone width). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
