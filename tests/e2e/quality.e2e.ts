// The Quality page (docs/dashboard.md, "The Quality page"): its reliability table shows the
// numbers GET /v1/agents/{name}/quality returns, band by band, and Apply makes the evidence's
// threshold real: a new version of a custom agent, the organization's threshold for a built-in.
// Judged runs are written straight into the database (hundreds of model runs would take
// minutes); the page and the API read them through the same procedure.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { withDatabase } from "../helpers/database.ts";
import { api, baseUrl, createWorkspace, expect, expectNoHorizontalScroll, screenshot, signIn, test, type TWorkspace } from "./support.ts";

type TBucket = { min: number; max: number; runs: number; judged: number; agreed: number; agreement_rate: number | null };
type TJudgement = "approved" | "approved_edited" | "rejected" | "spot_correct" | "spot_incorrect" | "none";

const DAY_MS = 24 * 60 * 60 * 1000;
// The page asks for the period ending when it loads; the test asks the API for the same.
const PERIOD_DAYS = 30;

/** Runs of one agent version at a confidence, judged the given way, spread over the last four weeks. */
type TSeed = { confidence: number; judgement: TJudgement; count: number };

// Agreement is poor below 0.6 and near perfect above it, with enough judged runs above 0.6
// (over 20) for a recommendation that differs from the agents' 0.5.
const SEEDS: TSeed[] = [
  { confidence: 0.25, judgement: "rejected", count: 4 },
  { confidence: 0.35, judgement: "approved_edited", count: 3 },
  { confidence: 0.45, judgement: "approved", count: 5 },
  { confidence: 0.55, judgement: "spot_correct", count: 5 },
  { confidence: 0.56, judgement: "spot_incorrect", count: 5 },
  { confidence: 0.75, judgement: "spot_correct", count: 10 },
  { confidence: 0.85, judgement: "spot_correct", count: 14 },
  { confidence: 0.86, judgement: "spot_incorrect", count: 1 },
  { confidence: 0.95, judgement: "spot_correct", count: 20 },
  { confidence: 0.97, judgement: "none", count: 6 },
];

async function seedRuns(workspace: TWorkspace, agentType: string): Promise<void> {
  let index = 0;
  await withDatabase(process.env.E2E_DATABASE_URL!, async (db) => {
    for (const seed of SEEDS) {
      for (let copy = 0; copy < seed.count; copy += 1) {
        index += 1;
        // Spread over 27 days, the newest an hour ago.
        const createdAt = new Date(Date.now() - 60 * 60 * 1000 - ((index * 7919) % 27) * DAY_MS - (index % 13) * 60 * 1000);
        const reviewed = ["approved", "approved_edited", "rejected"].includes(seed.judgement);
        const spot = seed.judgement.startsWith("spot_");
        const resolution = reviewed ? seed.judgement : null;
        const runId = randomUUID();
        await db.query(
          `INSERT INTO runs (id, organization_id, livemode, agent_type, agent_version, status, task, output, confidence_score,
             requires_triage, resolution, created_at, started_at, completed_at, updated_at)
           VALUES ($1, $2, true, $3, 1, $4::"RunStatus", $5, '{"ok": true}'::jsonb, $6, $7, $8, $9, $9, $9, $9)`,
          [runId, workspace.orgId, agentType, seed.judgement === "rejected" ? "failed" : "completed", `Seeded run ${index}`, seed.confidence, reviewed, resolution, createdAt],
        );
        if (!reviewed && !spot) continue;
        const status = spot ? "checked" : seed.judgement === "rejected" ? "rejected" : "approved";
        await db.query(
          `INSERT INTO triage_items (id, organization_id, livemode, run_id, kind, verdict, status, triage_reason, proposed_output,
             output_edited, agent_version, reason_code, resolved_at, resolved_by, resolved_by_name, created_at, confidence_score)
           VALUES (gen_random_uuid(), $1, true, $2, $3, $4, $5::"TriageStatus", $6, '{"ok": true}'::jsonb, $7, 1, $8, $9, 'seed', 'Seed', $10, $11)`,
          [
            workspace.orgId,
            runId,
            spot ? "spot_check" : "review",
            spot ? (seed.judgement === "spot_correct" ? "correct" : "incorrect") : null,
            status,
            spot ? "Spot check" : "Confidence below the threshold",
            seed.judgement === "approved_edited",
            seed.judgement === "rejected" ? "incorrect_output" : null,
            new Date(createdAt.getTime() + 60_000),
            createdAt,
            seed.confidence,
          ],
        );
      }
    }
  });
}

/** The report the API gives for the period the page shows (the last 30 days). */
async function apiQuality(workspace: TWorkspace, name: string, query = "") {
  const from = new Date(Date.now() - PERIOD_DAYS * DAY_MS).toISOString();
  const response = await api(workspace.apiKey, "GET", `/v1/agents/${name}/quality?from=${encodeURIComponent(from)}${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { version: number; buckets: TBucket[]; threshold: { current: number | null; recommended: number | null; reason?: string | null } };
}

const band = (bucket: TBucket) => `${bucket.min.toFixed(1)}–${bucket.max.toFixed(1)}`;
const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)}%`);
const threshold = (value: number | null) => (value === null ? "—" : String(Math.round(value * 100) / 100));

/** Opens the bands table and checks every row against the API's buckets. */
async function expectBandsMatch(page: Page, buckets: TBucket[]): Promise<void> {
  await page.getByRole("button", { name: "Show the bands as a table" }).click();
  const table = page.getByRole("table", { name: "Agreement per confidence band" });
  await expect(table).toBeVisible();
  expect(buckets).toHaveLength(10);
  for (const bucket of buckets) {
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: band(bucket), exact: true }) });
    await expect(row.getByRole("cell")).toHaveText([String(bucket.runs), String(bucket.judged), String(bucket.agreed), percent(bucket.agreement_rate)]);
  }
}

test("a custom agent: the reliability table matches the API, and Apply makes a version with the recommended threshold", async ({ page, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  const workspace = await createWorkspace("Quality Co");
  const name = `invoice_checker_${randomUUID().slice(0, 6)}`;
  const created = await api(workspace.apiKey, "POST", "/v1/agents", {
    name,
    description: "Checks invoices",
    instructions: "Check the invoice against its purchase order.",
    output_schema: { type: "object", properties: { ok: { type: "boolean" } } },
    review: { confidence_threshold: 0.5, sla_minutes: 90 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await seedRuns(workspace, name);
  const report = await apiQuality(workspace, name);
  expect(report.threshold.recommended, report.threshold.reason ?? "").not.toBeNull();
  expect(report.buckets.reduce((sum, bucket) => sum + bucket.judged, 0)).toBeGreaterThan(60);

  await signIn(page, workspace.admin);
  // From the Agents page's row to the agent's Quality page.
  await page.goto(`${baseUrl()}/agents`);
  await page.getByRole("link", { name: `Quality of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/quality\\?agent=${name}`));
  await expect(page.getByRole("heading", { level: 1, name: "Quality" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Agreement with the agent per confidence band/ })).toBeVisible();
  await expectBandsMatch(page, report.buckets);
  await expect(page.getByTestId("threshold-current")).toHaveText("0.5");
  await expect(page.getByTestId("threshold-recommended")).toHaveText(threshold(report.threshold.recommended));
  await expect(page.getByRole("table", { name: "Quality of each version in this period" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("img", { name: /Review rate over time/ })).toBeVisible();
  await screenshot(page, testInfo, "quality-custom-agent");

  // Apply: confirm, then the agent has version 2 with the recommended threshold and the rest unchanged.
  const recommended = report.threshold.recommended!;
  await page.getByRole("button", { name: `Apply ${threshold(recommended)}` }).click();
  const dialog = page.getByRole("dialog", { name: `Make version 2 of ${name}?` });
  await expect(dialog).toBeVisible();
  await screenshot(page, testInfo, "quality-apply-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Create the version" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Version 2 of ${name} is active` })).toBeVisible();
  const agent = await api(workspace.apiKey, "GET", `/v1/agents/${name}`);
  expect(agent.body.agent.version).toBe(2);
  expect(agent.body.versions).toHaveLength(2);
  expect(agent.body.agent.review.confidence_threshold).toBe(recommended);
  expect(agent.body.agent.review.sla_minutes).toBe(90);
  expect(agent.body.agent.instructions).toBe("Check the invoice against its purchase order.");
  // The page reloaded its reports: version 2 is current, both versions side by side.
  await expect(page.getByTestId("threshold-current")).toHaveText(threshold(recommended));
  const versions = page.getByRole("table", { name: "Quality of each version in this period" });
  await expect(versions.getByRole("row")).toHaveCount(3);
  await expect(versions.getByRole("rowheader", { name: /v2.*active/ })).toBeVisible();
  await screenshot(page, testInfo, "quality-after-apply");
  expect(consoleErrors).toEqual([]);
});

test("a built-in agent: Apply sets the organization's threshold; the period and target live in the URL", async ({ page, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  const workspace = await createWorkspace("Built-in Quality Co");
  await withDatabase(process.env.E2E_DATABASE_URL!, (db) => db.query("UPDATE organizations SET triage_threshold = 0.5 WHERE id = $1", [workspace.orgId]));
  await seedRuns(workspace, "ap_specialist");
  const report = await apiQuality(workspace, "ap_specialist");
  expect(report.threshold.current).toBe(0.5);
  expect(report.threshold.recommended, report.threshold.reason ?? "").not.toBeNull();

  // A reviewer sees the evidence but no Apply (the organization's threshold is an admin's).
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/quality?agent=ap_specialist`);
  await expect(page.getByTestId("threshold-recommended")).toHaveText(threshold(report.threshold.recommended));
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/sign-in/);
  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/quality?agent=ap_specialist`);
  await expectBandsMatch(page, report.buckets);

  // The period and the target are in the URL and survive a reload.
  await page.getByLabel("Period", { exact: true }).selectOption("90");
  await expect(page).toHaveURL(/[?&]days=90/);
  await page.getByLabel("Target agreement", { exact: true }).fill("0.9");
  await page.getByLabel("Target agreement", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/[?&]target=0.9/);
  await page.reload();
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("90");
  await expect(page.getByLabel("Target agreement", { exact: true })).toHaveValue("0.9");
  const at90 = (await api(workspace.apiKey, "GET", "/v1/agents/ap_specialist/quality?target_agreement=0.9&from=" + encodeURIComponent(new Date(Date.now() - 90 * DAY_MS).toISOString()))).body;
  await expect(page.getByTestId("threshold-recommended")).toHaveText(at90.threshold.recommended === null ? /None yet/ : threshold(at90.threshold.recommended));
  await screenshot(page, testInfo, "quality-built-in");

  const recommended = at90.threshold.recommended ?? report.threshold.recommended!;
  if (at90.threshold.recommended === null) await page.goto(`${baseUrl()}/quality?agent=ap_specialist`);
  await page.getByRole("button", { name: `Apply ${threshold(recommended)}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Set the threshold" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The organization's triage threshold is" })).toBeVisible();
  const stored = await withDatabase(process.env.E2E_DATABASE_URL!, (db) => db.query("SELECT triage_threshold FROM organizations WHERE id = $1", [workspace.orgId]));
  expect(stored.rows[0].triage_threshold).toBe(recommended);
  await expect(page.getByTestId("threshold-current")).toHaveText(threshold(recommended));

  // At phone width nothing scrolls sideways (the tables scroll in their own box).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("img", { name: /Review rate over time/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, "quality-phone");
  expect(consoleErrors).toEqual([]);
});
