// CSV batches from the files people have (issue 27): an AP export with its own headers and
// one row per invoice line is mapped in the mapping step, grouped by the invoice number into
// one item per invoice, sent; the mapping is kept for ap_specialist next time; the results
// download has flat columns (decision, amount, currency, discrepancy count, reason).
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import Papa from "papaparse";
import { api, baseUrl, createWorkspace, expect, screenshot, signIn, test, type TWorkspace, waitForRun } from "./support.ts";

let workspace: TWorkspace;
test.beforeAll(async () => {
  workspace = await createWorkspace("Ledger Lines Co");
});

const HEADER = ["Task", "Invoice Number", "Vendor", "Currency", "Invoice Total", "SKU", "Description", "Qty", "Unit Price", "PO Number", "PO Vendor", "PO Currency", "PO Total", "PO SKU", "PO Description", "PO Qty", "PO Unit Price", "Notes"];
const MAPPING: Record<string, string> = {
  "Invoice Number": "invoice.number",
  Vendor: "invoice.vendor",
  Currency: "invoice.currency",
  "Invoice Total": "invoice.total",
  SKU: "invoice.lines[].sku",
  Description: "invoice.lines[].description",
  Qty: "invoice.lines[].quantity",
  "Unit Price": "invoice.lines[].unit_price",
  "PO Number": "purchase_order.number",
  "PO Vendor": "purchase_order.vendor",
  "PO Currency": "purchase_order.currency",
  "PO Total": "purchase_order.total",
  "PO SKU": "purchase_order.lines[].sku",
  "PO Description": "purchase_order.lines[].description",
  "PO Qty": "purchase_order.lines[].quantity",
  "PO Unit Price": "purchase_order.lines[].unit_price",
};
// Two invoices of two lines each. INV-1 matches its order (paid on its own); INV-2 bills 4
// boxes of staples where the order says 3 (a person decides it).
const CSV = Papa.unparse([
  HEADER,
  ["Pay INV-1", "INV-1", "Acme Supplies", "USD", "350", "PAPER-A4", "A4 paper, box", "10", "25", "PO-1", "Acme Supplies", "USD", "350", "PAPER-A4", "A4 paper, box", "10", "25", "first line"],
  ["Pay INV-1", "INV-1", "Acme Supplies", "USD", "350", "PEN-BLUE", "Blue pens, box", "4", "25", "PO-1", "Acme Supplies", "USD", "350", "PEN-BLUE", "Blue pens, box", "4", "25", ""],
  ["Pay INV-2", "INV-2", "Acme Supplies", "USD", "140", "TONER", "Toner", "2", "50", "PO-2", "Acme Supplies", "USD", "130", "TONER", "Toner", "2", "50", ""],
  ["Pay INV-2", "INV-2", "Acme Supplies", "USD", "140", "STAPLES", "Staples, box", "4", "10", "PO-2", "Acme Supplies", "USD", "130", "STAPLES", "Staples, box", "3", "10", "short-shipped?"],
]);

test("an AP CSV with its own headers, one row per invoice line: mapped, grouped by invoice number, kept for next time, results in flat columns", async ({ page, consoleErrors }, testInfo) => {
  // Tall enough for the screenshots to show the whole mapping step.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/batches`);
  await page.getByRole("button", { name: "New batch from CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "New batch from CSV" });
  await dialog.getByLabel("Agent type").selectOption("ap_specialist");
  await dialog.getByLabel("CSV file").setInputFiles({ name: "invoice-lines.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });

  // A header that names something is mapped already; the others wait for the person.
  const step = dialog.getByRole("region", { name: "Map your columns" });
  await expect(step.getByLabel("Map column Task")).toHaveValue("(task)");
  await expect(step.getByLabel("Map column Qty")).toHaveValue("");
  await expect(step.getByLabel("Group rows by (key column)")).toHaveValue("");
  await expect(dialog.getByRole("button", { name: /^Create batch/ })).toBeDisabled();

  for (const [header, target] of Object.entries(MAPPING)) await step.getByLabel(`Map column ${header}`).selectOption(target);
  await expect(step.getByLabel("Map column Notes")).toHaveValue("");
  // Not grouped yet: each row is an invoice of one line, and INV-1's rows disagree on nothing but their lines.
  await expect(dialog.getByTestId("csv-ready")).toContainText("4 rows ready");
  await step.getByLabel("Group rows by (key column)").selectOption("Invoice Number");
  await expect(dialog.getByTestId("csv-ready")).toContainText("2 rows ready (from 4 lines grouped by the key column)");
  await expect(step.getByRole("row", { name: /^Qty / })).toContainText("number");
  await screenshot(page, testInfo, "batch-new-csv-mapping-step", { fullPage: false });
  // The mapping step is accessible: every select has a name, the table and region are labelled.
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);

  // A line whose invoice cell differs from its invoice's other rows is named before sending.
  const conflicting = CSV.replace("Pay INV-2,INV-2,Acme Supplies,USD,140,STAPLES", "Pay INV-2,INV-2,Other Corp,USD,140,STAPLES");
  await dialog.getByLabel("Or paste CSV").fill(conflicting);
  await expect(dialog.getByTestId("csv-problems")).toContainText('Line 5: Vendor is "Other Corp" here but "Acme Supplies" on line 4');
  await expect(dialog.getByRole("button", { name: /^Create batch/ })).toBeDisabled();
  await screenshot(page, testInfo, "batch-new-csv-grouping-conflict", { fullPage: false });
  expect((await api(workspace.apiKey, "GET", "/v1/batches")).body.jobs).toEqual([]);

  await dialog.getByLabel("Or paste CSV").fill(CSV);
  await expect(dialog.getByTestId("csv-ready")).toContainText("2 rows ready");
  await dialog.getByRole("button", { name: "Create batch (2 rows)" }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  const batchId = page.url().split("/").pop()!;

  const created = await api(workspace.apiKey, "GET", `/v1/batches/${batchId}`);
  expect(created.body.job.total_rows).toBe(2);
  expect(created.body.rows.map((row: { task: string }) => row.task)).toEqual(["Pay INV-1", "Pay INV-2"]);
  for (const row of created.body.rows) {
    expect(row.data.invoice.lines).toHaveLength(2);
    expect(row.data.purchase_order.lines).toHaveLength(2);
  }
  expect(created.body.rows[0].data.invoice).toEqual({
    number: "INV-1",
    vendor: "Acme Supplies",
    currency: "USD",
    total: 350,
    lines: [
      { sku: "PAPER-A4", description: "A4 paper, box", quantity: 10, unit_price: 25 },
      { sku: "PEN-BLUE", description: "Blue pens, box", quantity: 4, unit_price: 25 },
    ],
  });

  const settled = await Promise.all(created.body.rows.map((row: { run_id: string }) => waitForRun(workspace.apiKey, row.run_id)));
  expect(settled.map((body) => body.run.status)).toEqual(["completed", "pending_triage"]);
  expect((await api(workspace.apiKey, "POST", `/v1/triage/${settled[1].triage_item.id}/approve`, {})).status).toBe(200);
  await expect(page.getByTestId("batch-progress-text")).toHaveText("2 completed · 0 failed · 2 total");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download results CSV" }).click()]);
  const results = Papa.parse<Record<string, string>>(readFileSync(await download.path(), "utf8").trim(), { header: true });
  expect(results.meta.fields).toEqual(["row_index", "task", "status", "run_id", "invoice_number", "decision", "amount", "currency", "discrepancy_count", "reason", "error_message"]);
  expect(results.data[0]).toEqual({
    row_index: "0",
    task: "Pay INV-1",
    status: "completed",
    run_id: created.body.rows[0].run_id,
    invoice_number: "INV-1",
    decision: "approve_payment",
    amount: "350",
    currency: "USD",
    discrepancy_count: "0",
    reason: "",
    error_message: "",
  });
  expect(results.data[1]).toMatchObject({ task: "Pay INV-2", status: "completed", invoice_number: "INV-2", amount: "140", currency: "USD" });
  expect(Number(results.data[1]!.discrepancy_count)).toBeGreaterThan(0);
  expect(results.data[1]!.reason).toMatch(/^(invoice|purchase_order)\.\S+: /);
  for (const row of results.data) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[[{]/);

  // Next time, for the same agent type, the saved mapping and key column are applied.
  await page.goto(`${baseUrl()}/batches`);
  await page.getByRole("button", { name: "New batch from CSV" }).click();
  await dialog.getByLabel("Agent type").selectOption("ap_specialist");
  await dialog.getByLabel("CSV file").setInputFiles({ name: "invoice-lines-april.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  for (const [header, target] of Object.entries(MAPPING)) await expect(step.getByLabel(`Map column ${header}`)).toHaveValue(target);
  await expect(step.getByLabel("Map column Notes")).toHaveValue("");
  await expect(step.getByLabel("Group rows by (key column)")).toHaveValue("Invoice Number");
  await expect(dialog.getByTestId("csv-ready")).toContainText("2 rows ready (from 4 lines grouped by the key column)");
  await screenshot(page, testInfo, "batch-new-csv-mapping-kept", { fullPage: false });
  // Another agent type has its own (none yet).
  await dialog.getByLabel("Agent type").selectOption("rfq_generator");
  await expect(step.getByLabel("Map column Qty")).toHaveValue("");
  expect(consoleErrors).toEqual([]);
});
