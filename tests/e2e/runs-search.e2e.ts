// Issue 27, a reviewer's tools: the runs page searches task text and invoice, PO and RFQ
// numbers and filters by the days runs were created (both kept in the URL), shows the exact
// time on hover; the usage page downloads the whole ledger as CSV.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { api, baseUrl, createWorkspace, expect, signIn, test, waitForRun, type TWorkspace } from "./support.ts";

let workspace: TWorkspace;
const invoiceNumber = `INV-${randomUUID().slice(0, 6).toUpperCase()}`;

test.beforeAll(async () => {
  workspace = await createWorkspace("Search Co");
  const bodies = [
    {
      task: "Match the stationery invoice",
      agent_type: "ap_specialist",
      data: { invoice: { number: invoiceNumber, vendor: "Acme Supplies", currency: "USD", total: 10, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 1, unit_price: 10 }] } },
    },
    { task: "Summarise the Globex quarterly report", agent_type: "center" },
    { task: "Quote 40 pallets", agent_type: "rfq_generator" },
  ];
  for (const body of bodies) {
    const started = await api(workspace.apiKey, "POST", "/v1/run", body);
    expect(started.status).toBe(202);
    await waitForRun(workspace.apiKey, started.body.run_id);
  }
});

const localDay = (offsetDays: number): string => {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
};

test("the runs page searches numbers and text, filters by day, keeps both in the URL and shows exact times on hover", async ({ page, consoleErrors }) => {
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/runs`);
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(3);

  // The invoice number is in the run's data, not its task.
  await page.getByLabel("Search").fill(invoiceNumber.toLowerCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Match the stationery invoice");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${invoiceNumber.toLowerCase()}`));

  // A reload keeps the search.
  await page.reload();
  await expect(page.getByLabel("Search")).toHaveValue(invoiceNumber.toLowerCase());
  await expect(rows).toHaveCount(1);

  await page.getByLabel("Search").fill("globex");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Globex quarterly report");

  // The exact instant on hover: the cell's title is the run's created_at.
  const listed = await api(workspace.apiKey, "GET", "/v1/runs?q=globex");
  const createdAt: string = listed.body.data[0].created_at;
  await expect(rows.first().locator("time")).toHaveAttribute("title", createdAt);
  await expect(rows.first().locator("time")).toHaveAttribute("datetime", createdAt);

  await page.getByLabel("Search").fill("");
  await expect(rows).toHaveCount(3);

  // Days: from tomorrow finds nothing, today (both ends included) finds all three.
  await page.getByLabel("Created from").fill(localDay(1));
  await expect(page.getByText("No runs match these filters")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${localDay(1)}`));
  await page.getByLabel("Created from").fill(localDay(0));
  await page.getByLabel("Created to (included)").fill(localDay(0));
  await expect(rows).toHaveCount(3);
  await page.getByLabel("Created to (included)").fill(localDay(-1));
  await expect(page.getByText("No runs match these filters")).toBeVisible();
  await expect(page.getByText("“Created to” is before “Created from”.")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the usage page downloads the whole ledger as CSV", async ({ page, consoleErrors }) => {
  const ledger = await api(workspace.apiKey, "GET", "/v1/usage/ledger?limit=100");
  expect(ledger.status).toBe(200);
  const entries: { id: string }[] = ledger.body.data;
  expect(entries.length).toBe(3);

  await signIn(page, workspace.admin);
  await page.goto(`${baseUrl()}/usage`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download full ledger (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^ledger-live-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), "utf8").trimEnd().split("\r\n");
  expect(lines[0]).toBe("id,created_at,amount,balance_after,reason,run_id,member_id");
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(entries.map((entry) => entry.id));
  expect(consoleErrors).toEqual([]);
});
