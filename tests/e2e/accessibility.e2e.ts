// Every dashboard page passes axe-core with no serious or critical violation, with real data
// on it (triage items, runs with output, a batch, a custom agent, a webhook with deliveries,
// invitations), and the triage queue does not shift while it loads (CLS below 0.1).
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { startReceiver, type TCertificate } from "../helpers/https-receiver.ts";
import { api, baseUrl, createTriageItem, createWorkspace, expect, signIn, test, waitForRun, type TWorkspace } from "./support.ts";

type TAxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

const certificate = (): TCertificate => ({ certPath: process.env.E2E_CERT_PATH!, keyPath: process.env.E2E_KEY_PATH! });

let workspace: TWorkspace;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let runId: string;
let batchId: string;
const agentName = `invoice_reader_${randomUUID().slice(0, 6)}`;

test.beforeAll(async () => {
  workspace = await createWorkspace("Accessible Co");
  receiver = await startReceiver(certificate(), () => 200);
  const key = workspace.apiKey;
  expect((await api(key, "POST", "/v1/webhooks", { url: receiver.url, events: ["run.completed", "run.triage_required"] })).status).toBe(201);
  for (let index = 0; index < 3; index += 1) await createTriageItem(key, `Pay invoice INV-${index} ${"with a long note ".repeat(index * 4)}`);
  const started = await api(key, "POST", "/v1/run", {
    task: "Request quotes for 20 laptops, due 2026-12-15",
    data: { items: [{ description: "14-inch laptop, 16 GB RAM, a description long enough to make a line of JSON wider than its box", quantity: 20 }] },
  });
  expect(started.status).toBe(202);
  runId = started.body.run_id;
  expect((await waitForRun(key, runId)).run.status).toBe("completed");
  const batch = await api(key, "POST", "/v1/batches", {
    agent_type: "rfq_generator",
    rows: [{ task: "Quote 5 chairs", data: { items: [{ description: "chair", quantity: 5 }] } }, { task: "Quote tape" }],
  });
  expect(batch.status).toBe(201);
  batchId = batch.body.job.id;
  const agent = await api(key, "POST", "/v1/agents", {
    name: agentName,
    description: "Reads supplier invoices",
    instructions: "Read the invoice and say what it asks for.",
    output_schema: { type: "object", properties: { vendor: { type: "string" }, total: { type: "number" } } },
  });
  expect(agent.status, JSON.stringify(agent.body)).toBe(201);
});

test.afterAll(async () => {
  await receiver?.close();
});

// Moderate in axe's rating, but named in issue 20: every page has one h1 and no skipped level.
const ALWAYS_CHECKED = new Set(["heading-order", "page-has-heading-one"]);

/** The violations axe rates serious or critical (and ALWAYS_CHECKED), one readable paragraph each. */
function describeViolations(results: TAxeResults): string[] {
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical" || ALWAYS_CHECKED.has(violation.id))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} element(s))\n${nodes}\n    ${violation.helpUrl}`;
    });
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  // Wait for the page's own content, not its loading skeletons.
  await expect(page.locator('[role="status"][aria-live="polite"]').filter({ hasText: /^Loading/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const found = describeViolations(results);
  // Soft: every page is checked and reported, not only up to the first that fails.
  expect.soft(found, `${name}: ${found.length} axe violation(s) to fix\n${found.join("\n\n")}`).toEqual([]);
}

async function visit(page: Page, pathname: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(`${baseUrl()}${pathname}`);
  await ready(page);
}

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

// /docs is Scalar's API reference (a third-party page, not the dashboard's components): not checked here.
test("the home, sign-in and invitation pages (signed out) pass axe", async ({ page, browser }) => {
  await page.goto(`${baseUrl()}/`);
  await heading(page, "Agent Workforce");
  await expectAccessible(page, "/");

  await page.goto(`${baseUrl()}/sign-in`);
  await heading(page, /Sign in/);
  await expectAccessible(page, "/sign-in");

  // A wrong password shows the error state.
  await page.getByLabel("Email").fill(workspace.admin.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Scoped by its text: Next's route announcer is an empty role="alert" too.
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();
  await expectAccessible(page, "/sign-in (error)");

  const url = await inviteLink(browser, workspace, `new-${randomUUID().slice(0, 6)}@e2e.test`);
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "/invite/[token]");
});

test("every signed-in page passes axe, with data on it", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  // Another organization invites this admin: the invitation banner shows above every page.
  const other = await createWorkspace("Inviting Co");
  await inviteLink(browser, other, workspace.admin.email);

  await signIn(page, workspace.admin);
  await expect(page.getByRole("region", { name: "Invitations for you" })).toBeVisible();

  await visit(page, "/triage", async () => {
    await heading(page, /Triage/);
    // The three items and the batch row whose items the agent inferred from its task.
    await expect(page.locator("[data-triage-id]")).toHaveCount(4);
  });
  await expectAccessible(page, "/triage");

  await visit(page, "/runs", async () => {
    await heading(page, "Runs");
    await expect(page.getByRole("link", { name: /laptops/ })).toBeVisible();
  });
  await expectAccessible(page, "/runs");

  await visit(page, `/runs/${runId}`, async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("RFQ-").first()).toBeVisible();
  });
  await expectAccessible(page, "/runs/[id]");

  await visit(page, "/batches", async () => {
    await heading(page, "Batches");
    await expect(page.getByRole("link").filter({ hasText: /rfq_generator|batch/i }).first()).toBeVisible();
  });
  await expectAccessible(page, "/batches");

  await visit(page, `/batches/${batchId}`, async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Quote 5 chairs")).toBeVisible();
  });
  await expectAccessible(page, "/batches/[id]");

  await visit(page, "/agents", async () => {
    await heading(page, "Agents");
    await page.getByRole("row").filter({ hasText: agentName }).getByRole("button").first().click();
    await expect(page.getByRole("region", { name: `${agentName} · v1` })).toBeVisible();
  });
  await expectAccessible(page, "/agents (an agent open)");

  // The ap_specialist's three runs waiting for a person fill its reliability chart.
  await visit(page, "/quality?agent=ap_specialist", async () => {
    await heading(page, "Quality");
    await expect(page.getByRole("img", { name: /Agreement with the agent per confidence band/ })).toBeVisible();
    await page.getByRole("button", { name: "Show the bands as a table" }).click();
    await expect(page.getByRole("table", { name: "Agreement per confidence band" })).toBeVisible();
  });
  await expectAccessible(page, "/quality");

  await visit(page, "/usage", async () => {
    await heading(page, "Usage");
  });
  await expectAccessible(page, "/usage");

  await visit(page, "/webhooks", async () => {
    await heading(page, "Webhooks");
    await expect(page.getByTestId("webhook-card")).toHaveCount(1);
    await expect(page.getByTestId("delivery-row").first()).toBeVisible();
  });
  await expectAccessible(page, "/webhooks");

  await visit(page, "/keys", async () => {
    await heading(page, "API keys");
    await expect(page.getByRole("row").filter({ hasText: "e2e" })).toBeVisible();
  });
  await expectAccessible(page, "/keys");

  await inviteLink(browser, workspace, `pending-${randomUUID().slice(0, 6)}@e2e.test`);
  await visit(page, "/members", async () => {
    await heading(page, "Members");
    await expect(page.getByTestId("invitation-row").first()).toBeVisible();
  });
  await expectAccessible(page, "/members");
  expect(consoleErrors).toEqual([]);
});

type TShift = { value: number; sources: { element: string; frame: boolean }[] };

/**
 * Loads /triage (four items, an invitation banner above the page) and returns every layout
 * shift without recent input, as CLS counts them. A source is part of the frame when it is
 * outside <main>, <main> itself, or holds it: the shell, the banner, the whole page moving.
 */
async function triageLayoutShifts(page: Page, browser: Browser): Promise<TShift[]> {
  await inviteLink(browser, await createWorkspace("Banner Co"), workspace.viewer.email);
  await signIn(page, workspace.viewer);
  await expect(page.getByRole("region", { name: "Invitations for you" })).toBeVisible();
  await page.addInitScript(() => {
    const shifts: TShift[] = [];
    (window as unknown as { layoutShifts: TShift[] }).layoutShifts = shifts;
    const describe = (node: Element) => {
      const id = node.getAttribute("aria-labelledby") ?? node.getAttribute("aria-label") ?? node.getAttribute("data-testid") ?? node.id;
      return `${node.tagName.toLowerCase()}${id ? `[${id}]` : ""}.${String(node.className).split(" ").join(".")}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).flatMap((source) => {
          const node = source.node;
          if (!(node instanceof Element)) return [{ element: String(node?.nodeName ?? "?"), frame: true }];
          const main = document.querySelector("main");
          return [{ element: describe(node), frame: !main || !node.closest("main") || node === main || node.contains(main) }];
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // Each request a round trip of a slow network, as Lighthouse throttles: what loads in turn shows in turn.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 });
  await page.goto(`${baseUrl()}/triage`);
  await expect(page.locator("[data-triage-id]")).toHaveCount(4);
  await expect(page.getByRole("region", { name: "Invitations for you" })).toBeVisible();
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { layoutShifts: TShift[] }).layoutShifts);
}

const cumulative = (shifts: TShift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

// Before the frame waited for the invitations, the banner arriving after the page pushed <main>
// down: 0.77 here, the 0.7 Lighthouse counted.
test("the dashboard frame does not shift /triage while it loads (the invitation banner waits with the session)", async ({ page, browser }) => {
  const shifts = await triageLayoutShifts(page, browser);
  const byFrame = shifts.filter((shift) => shift.sources.some((source) => source.frame));
  expect(cumulative(byFrame), `shifts of the frame on /triage: ${JSON.stringify(byFrame, null, 2)}`).toBeLessThan(0.01);
});

test("the triage queue does not shift while it loads (CLS below 0.1)", async ({ page, browser }) => {
  const shifts = await triageLayoutShifts(page, browser);
  expect(cumulative(shifts), `layout shifts on /triage: ${JSON.stringify(shifts, null, 2)}`).toBeLessThan(0.1);
});

/** An invitation made by `by`'s admin through the dashboard's procedure; its link. */
async function inviteLink(browser: Browser, by: TWorkspace, email: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, by.admin);
    const response = await page.request.post(`${baseUrl()}/api/trpc/members.invite`, { data: { email, role: "viewer" } });
    expect(response.status(), await response.text()).toBe(200);
    // The link names the server's public origin; the browser here reaches it as baseUrl().
    return `${baseUrl()}${new URL((await response.json()).result.data.invitation.url).pathname}`;
  } finally {
    await context.close();
  }
}
