// Releases on the Agents page (issue 29): a version stored inactive, evaluated against what
// people decided (the estimate first, then live progress, the result per band, the gate and
// the disagreements side by side), rolled out to a share of the runs, shown on the Quality
// page, and promoted; a reviewer reads all of it and can change none of it.
// A server of this file's own with a fake OpenAI-compatible model (the shared one has no
// model): version 1 is unsure of every email (each waits for a person, who judges it through
// /v1), version 2 is sure of every one, so its evaluation's counts are known in advance.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { completion, startFakeModelServer, type TFakeModelServer, type TRecordedRequest } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { waitForRunSettled } from "../helpers/waiting.ts";
import { expect, expectNoHorizontalScroll, screenshot, test } from "./support.ts";

const CATEGORY_SCHEMA = { type: "object", properties: { category: { type: "string" } }, required: ["category"] };
const PASSWORD = "a long password";

let fake: TFakeModelServer;
let service: TOwnService;
let orgId: string;
let key: string;
const people = { admin: "", reviewer: "" };

/** Version 1's instructions start "V1:", version 2's "V2:": the fake answers by the system prompt. */
function answerFor(request: TRecordedRequest) {
  const prompt = JSON.stringify(request.body?.messages ?? []);
  const sure = prompt.includes("V2:");
  return completion({
    summary: "Sorted the email",
    output: { category: "invoice" },
    confidence: sure ? 0.95 : 0.5,
    needs_review: false,
    review_reason: null,
  });
}

test.beforeAll(async () => {
  fake = await startFakeModelServer();
  fake.setFallback(answerFor);
  service = await createOwnService("e2e_releases");
  await service.start({ OPENAI_BASE_URL: fake.baseUrl, AGENT_MODEL: "fake-model", AGENT_LATENCY_MS: "50" });
  const org = await service.cli("create-org", "--name", "Releases Co", "--plan", "growth");
  orgId = org.id;
  for (const role of ["admin", "reviewer"] as const) {
    const email = `${role}-${randomUUID().slice(0, 6)}@releases.test`;
    await service.cli("create-member", "--org", orgId, "--email", email, "--name", `${role === "admin" ? "Ada" : "Rex"} ${role}`, "--role", role, "--password", PASSWORD);
    people[role] = email;
  }
  ({ key } = await service.cli("create-key", "--org", orgId, "--member", people.admin, "--name", "e2e", "--scopes", "all", "--mode", "live"));
});

test.afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto(`${service.server().baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
}

async function openAgent(page: Page, name: string) {
  await page.goto(`${service.server().baseUrl}/agents`);
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  await page.getByRole("button", { name: `Open ${name}` }).click();
}

/** Version 1 (active, unsure: every run waits for a person) and version 2 stored inactive with its release gate. */
async function defineAgent(name: string) {
  const created = await service.api("POST", "/v1/agents", key, {
    name,
    instructions: "V1: sort the supplier email.",
    output_schema: CATEGORY_SCHEMA,
    review: { confidence_threshold: 0.8 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const added = await service.api("POST", `/v1/agents/${name}/versions`, key, {
    instructions: "V2: sort the supplier email, carefully.",
    output_schema: CATEGORY_SCHEMA,
    review: { confidence_threshold: 0.8 },
    // A gate six cases can pass: at least 4 judged, at most 50 points below the baseline.
    release: { require_evaluation: true, min_cases: 4, max_regression: 0.5 },
    activate: false,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
}

const settledRun = (runId: string) => waitForRunSettled((route) => service.api("GET", route, key), runId);

/**
 * Six runs of version 1, each judged by a person: four approved as they were, one approved
 * with the category edited, one rejected. Version 2 answers "invoice" to all six on its own:
 * 4 agreed, 2 disagreed (the edit, at /category, and the rejected one), none sent to review.
 */
async function judgedRuns(name: string) {
  const bodies = [];
  for (let index = 0; index < 6; index++) {
    const started = await service.api("POST", "/v1/run", key, { agent_type: name, task: `Sort supplier email ${index}` });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const body = await settledRun(started.body.run_id);
    expect(body.run.status).toBe("pending_triage");
    bodies.push(body);
  }
  const decide = async (body: any, route: string, payload: unknown) => {
    const response = await service.api("POST", `/v1/triage/${body.triage_item.id}/${route}`, key, payload);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  for (const body of bodies.slice(0, 4)) await decide(body, "approve", {});
  await decide(bodies[4], "approve", { output: { category: "receipt" } });
  await decide(bodies[5], "reject", { reason: "not a supplier email", reason_code: "incorrect_output" });
  return { edited: bodies[4].run.id as string, rejected: bodies[5].run.id as string };
}

/** No sideways scrolling at phone width, once the charts have followed the new width (they resize on their own clock). */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: "no sideways scrolling at 390 px" })
    .toBeLessThanOrEqual(0);
  await expectNoHorizontalScroll(page);
}

async function expectAccessible(page: Page, what: string) {
  await expect(page.locator('[role="status"][aria-live="polite"]').filter({ hasText: /^Loading/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical" || ["heading-order", "page-has-heading-one"].includes(violation.id))
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
  expect.soft(serious, `${what}: axe violations`).toEqual([]);
}

test("a version stored inactive; a reviewer sees no release actions; the rollout form checks its fields", async ({ page, browser, consoleErrors }, testInfo) => {
  const name = `sorter_${randomUUID().slice(0, 6)}`;
  await defineAgent(name);

  await signIn(page, people.admin);
  await openAgent(page, name);
  const detail = page.getByRole("region", { name: `${name} · v1` });
  const versions = detail.getByRole("table", { name: `Versions of ${name}` });
  const v2 = versions.getByRole("row").filter({ has: page.getByRole("cell", { name: /^v2/ }) });
  const v1 = versions.getByRole("row").filter({ has: page.getByRole("cell", { name: /^v1/ }) });
  await expect(v2).toContainText("inactive");
  await expect(v1).toContainText("active");
  await expect(v2.getByTestId("latest-evaluation")).toHaveText("—");
  await expect(v2.getByTestId("latest-rollout")).toHaveText("—");
  await expect(v2.getByRole("button", { name: "Evaluate v2" })).toBeVisible();
  await expect(v2.getByRole("button", { name: "Activate v2" })).toBeVisible();
  // The active version is not rolled out; the other one is.
  await expect(v1.getByRole("button", { name: "Roll out v1" })).toHaveCount(0);

  // The rollout form says what is wrong before anything is sent; Tab reaches every field.
  await v2.getByRole("button", { name: "Roll out v2" }).click();
  const dialog = page.getByRole("dialog", { name: `Roll out version 2 of ${name}?` });
  await expect(dialog.getByLabel("Percent of runs")).toBeFocused();
  await dialog.getByLabel("Percent of runs").fill("100");
  await expect(dialog.getByRole("alert")).toContainText("Enter a whole number from 1 to 99");
  await expect(dialog.getByRole("button", { name: "Start rollout" })).toBeDisabled();
  await dialog.getByLabel("Percent of runs").fill("30");
  await dialog.getByLabel("Minimum agreement").fill("1.5");
  await expect(dialog.getByRole("alert")).toContainText("Enter a share from 0 to 1");
  await dialog.getByLabel("Minimum agreement").fill("0.8");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Spot-check rate")).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Start rollout" })).toBeEnabled();
  await screenshot(page, testInfo, "releases-rollout-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expectAccessible(page, "/agents (versions)");

  // Activating a version its gate has not passed: the server's 409 is shown, nothing changes.
  await v2.getByRole("button", { name: "Activate v2" }).click();
  const activate = page.getByRole("dialog", { name: `Make version 2 of ${name} active?` });
  await activate.getByRole("button", { name: "Make v2 active" }).click();
  await expect(activate.getByRole("alert")).toContainText("has not passed its release gate");
  await activate.getByRole("button", { name: "Cancel" }).click();
  await expect(v2).toContainText("inactive");
  expect((await service.api("GET", `/v1/agents/${name}`, key)).body.agent.version).toBe(1);

  // At phone width nothing scrolls sideways (the versions table scrolls in its own box).
  await expectFitsPhone(page);
  await screenshot(page, testInfo, "releases-versions-phone");

  // A reviewer reads the versions and their state, with no way to change them.
  const context = await browser.newContext();
  const reviewer = await context.newPage();
  await signIn(reviewer, people.reviewer);
  await openAgent(reviewer, name);
  const readOnly = reviewer.getByRole("table", { name: `Versions of ${name}` });
  await expect(readOnly.getByRole("row").filter({ hasText: "inactive" })).toHaveCount(1);
  await expect(reviewer.getByRole("button", { name: /^(Evaluate|Roll out|Activate|Roll back to) v\d+$/ })).toHaveCount(0);
  await expect(reviewer.getByRole("button", { name: /Promote/ })).toHaveCount(0);
  // The server decides, not the page: the reviewer's session may not start an evaluation.
  const refused = await reviewer.request.post(`${service.server().baseUrl}/api/trpc/evaluations.start`, {
    headers: { origin: service.server().baseUrl },
    data: { name, version: 2, dry_run: true },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.data.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
  await context.close();
  // The refused activation above is the browser's only complaint.
  expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 409 (Conflict)"]);
});

test("evaluate a version, read the diff of a disagreement, roll it out, see it on the Quality page, promote it", async ({ page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(180_000);
  const name = `sorter_${randomUUID().slice(0, 6)}`;
  await defineAgent(name);
  const { edited, rejected } = await judgedRuns(name);
  const estimate = await service.api("POST", `/v1/agents/${name}/evaluations`, key, { version: 2, dry_run: true });
  expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
  expect(estimate.body.cases).toBe(6);

  await signIn(page, people.admin);
  await openAgent(page, name);
  const versions = page.getByRole("table", { name: `Versions of ${name}` });
  const v2 = versions.getByRole("row").filter({ has: page.getByRole("cell", { name: /^v2/ }) });

  // Evaluate: the estimate first (the server's dry run), nothing started until Start.
  await v2.getByRole("button", { name: "Evaluate v2" }).click();
  const dialog = page.getByRole("dialog", { name: `Evaluate version 2 of ${name}?` });
  await expect(dialog.getByTestId("estimate-cases")).toHaveText("6");
  await expect(dialog.getByTestId("estimate-credits")).toHaveText(estimate.body.credits.toLocaleString("en"));
  expect((await service.api("GET", `/v1/agents/${name}/evaluations`, key)).body.data).toHaveLength(0);
  await screenshot(page, testInfo, "releases-evaluate-estimate", { fullPage: false });
  await dialog.getByRole("button", { name: /^Start: 6 cases/ }).click();
  await expect(dialog).toBeHidden();

  // Live progress, then the result against the baseline.
  const panel = page.getByRole("region", { name: "Evaluation of v2" });
  await expect(panel.getByRole("progressbar", { name: "Cases evaluated" })).toBeVisible();
  await expect(panel.getByTestId("evaluation-progress-text")).toHaveText("6 of 6 cases done", { timeout: 60_000 });
  await expect(panel.getByText("completed", { exact: true })).toBeVisible();
  await expect(panel.getByTestId("evaluation-agreed")).toHaveText("4");
  await expect(panel.getByTestId("evaluation-disagreed")).toHaveText("2");
  await expect(panel.getByTestId("evaluation-sent-to-review")).toHaveText("0");
  const listed = (await service.api("GET", `/v1/agents/${name}/evaluations`, key)).body.data;
  expect(listed).toHaveLength(1);
  const evaluation = listed[0];
  await expect(panel.getByTestId("evaluation-candidate")).toContainText(`${(evaluation.agreement_rate * 100).toFixed(1)}%`);
  await expect(panel.getByTestId("evaluation-baseline")).toContainText("v1");
  await expect(panel.getByRole("img", { name: /Evaluation of version 2 per confidence band: 4 agreed, 2 disagreed, 0 sent to review/ })).toBeVisible();
  await panel.getByRole("button", { name: "Show the evaluation's bands as a table" }).click();
  const bands = panel.getByRole("table", { name: "Evaluation per confidence band" });
  // Version 2 was sure of all six (0.95): one band holds them.
  await expect(bands.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "0.9–1.0" }) }).getByRole("cell")).toHaveText(["6", "4", "2", "0", "66.7%"]);
  await expect(panel.getByTestId("gate")).toHaveAttribute("data-passed", "true");
  await expect(panel.getByTestId("gate")).toContainText("Release gate: passed");

  // The disagreements: the edited run side by side, its difference marked; the rejected one.
  await expect(panel.getByRole("heading", { name: "Disagreements (2)" })).toBeVisible();
  const editedCase = panel.getByRole("listitem", { name: `Case of run ${edited}` });
  await expect(editedCase).toContainText("Differs at /category");
  const expected = editedCase.getByRole("region", { name: "Expected (what people decided)" });
  const output = editedCase.getByRole("region", { name: "Output (this version)" });
  await expect(expected.locator('[data-differs="true"]')).toHaveText([/"category": "receipt"/]);
  await expect(output.locator('[data-differs="true"]')).toHaveText([/"category": "invoice"/]);
  const rejectedCase = panel.getByRole("listitem", { name: `Case of run ${rejected}` });
  await expect(rejectedCase).toContainText("a person should review it");
  // The version list has it too.
  await expect(v2.getByTestId("latest-evaluation")).toContainText("completed");
  await expect(v2.getByTestId("latest-evaluation")).toContainText("gate passed");
  await expectAccessible(page, "/agents (evaluation)");
  await screenshot(page, testInfo, "releases-evaluation");

  // Roll out to half of the unpinned runs.
  await v2.getByRole("button", { name: "Roll out v2" }).click();
  const rollout = page.getByRole("dialog", { name: `Roll out version 2 of ${name}?` });
  await rollout.getByLabel("Percent of runs").fill("50");
  await rollout.getByLabel("Judged runs before it acts").fill("20");
  await rollout.getByRole("button", { name: "Start rollout" }).click();
  await expect(rollout).toBeHidden();
  const rolloutPanel = page.getByRole("region", { name: "Rollout of v2" });
  await expect(rolloutPanel).toContainText("running");
  await expect(rolloutPanel).toContainText("50% of the unpinned runs");
  await expect(v2.getByTestId("latest-rollout")).toHaveText("running");
  await expect(v2.getByRole("button", { name: "Roll out v2" })).toHaveCount(0);

  // Four unpinned runs: exactly two go to each version, and both show up live.
  for (let index = 0; index < 4; index++) {
    const started = await service.api("POST", "/v1/run", key, { agent_type: name, task: `Sort canary email ${index}` });
    expect(started.status).toBe(202);
    await settledRun(started.body.run_id);
  }
  const comparison = rolloutPanel.getByRole("table", { name: "v2 against v1" });
  await expect(comparison.locator('[data-arm="candidate"] td').first()).toHaveText("2");
  await expect(comparison.locator('[data-arm="baseline"] td').first()).toHaveText("2");
  await screenshot(page, testInfo, "releases-rollout");

  // A reviewer sees the rollout and the evaluation, and no Promote or Roll back.
  const context = await browser.newContext();
  const reviewer = await context.newPage();
  await signIn(reviewer, people.reviewer);
  await openAgent(reviewer, name);
  await expect(reviewer.getByRole("region", { name: "Rollout of v2" })).toContainText("running");
  await expect(reviewer.getByRole("button", { name: /Promote|Roll back$/ })).toHaveCount(0);
  await reviewer.getByRole("button", { name: "Show the evaluation of v2" }).click();
  await expect(reviewer.getByRole("region", { name: "Evaluation of v2" }).getByTestId("evaluation-agreed")).toHaveText("4");
  await expect(reviewer.getByRole("button", { name: /Cancel evaluation|Evaluate v\d/ })).toHaveCount(0);
  // The Quality page shows both versions of the running rollout side by side.
  await reviewer.goto(`${service.server().baseUrl}/quality?agent=${name}`);
  const onQuality = reviewer.getByTestId("rollout");
  await expect(onQuality).toContainText("50% of the runs that do not pin a version go to v2");
  await expect(onQuality.getByRole("table", { name: "v2 against v1" }).locator('[data-arm="candidate"] td').first()).toHaveText("2");
  await expectFitsPhone(reviewer);
  await screenshot(reviewer, testInfo, "releases-quality-rollout-phone");
  await context.close();

  // Promote: the gate passed, so it is enabled; one confirmation, then v2 is active.
  await rolloutPanel.getByRole("button", { name: "Promote v2" }).click();
  await page.getByRole("dialog", { name: `Promote version 2 of ${name}?` }).getByRole("button", { name: "Make v2 active" }).click();
  await expect(rolloutPanel).toContainText("promoted");
  await expect(page.getByRole("region", { name: `${name} · v2` })).toBeVisible();
  const agent = await service.api("GET", `/v1/agents/${name}`, key);
  expect(agent.body.agent.version).toBe(2);
  expect(agent.body.versions.find((version: any) => version.version === 2)).toMatchObject({ active: true, forced: false, latest_rollout: { status: "promoted" } });
  const promotedRow = page.getByRole("table", { name: `Versions of ${name}` }).getByRole("row").filter({ has: page.getByRole("cell", { name: /^v2/ }) });
  await expect(promotedRow).toContainText("active");
  await expect(promotedRow).not.toContainText("inactive");

  await expectFitsPhone(page);
  await screenshot(page, testInfo, "releases-promoted-phone");
  expect(consoleErrors).toEqual([]);
});
