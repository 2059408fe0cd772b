// A spreadsheet batch that fits its agent (issue 19): an ap_specialist CSV with dotted
// headers and a JSON cell is mapped onto the agent's input schema, the mapping and a bad
// line's schema problem are shown before anything is sent, the fixed file runs to the end on
// its own except the row a person must decide, and the batch page says so with a link to
// the triage queue.
import { api, baseUrl, createWorkspace, expect, screenshot, signIn, test, type TWorkspace, waitForRun } from "./support.ts";

let workspace: TWorkspace;
test.beforeAll(async () => {
  workspace = await createWorkspace("Ledger Co");
});

const line = (description: string | null) =>
  `"${JSON.stringify([{ sku: "PAPER-A4", ...(description === null ? {} : { description }), quantity: 10, unit_price: 25 }]).replaceAll('"', '""')}"`;
const HEADER = "task,invoice.number,invoice.vendor,invoice.currency,invoice.total,invoice.lines,purchase_order.number,purchase_order.vendor,purchase_order.currency,purchase_order.total,purchase_order.lines";
const row = (task: string, invoiceVendor: string, description: string | null) =>
  [task, task.split(" ").pop(), invoiceVendor, "USD", "250", line(description), `PO-${task.split(" ").pop()}`, "Acme Supplies", "USD", "250", line("A4 paper, box")].join(",");

const BAD_CSV = [HEADER, row("Pay INV-1", "Acme Supplies", "A4 paper, box"), row("Pay INV-2", "Acme Supplies", null), row("Pay INV-3", "Other Corp", "A4 paper, box")].join("\n");
// Line 3 fixed; INV-3's vendor still differs from the order's: that row waits for a person.
const GOOD_CSV = [HEADER, row("Pay INV-1", "Acme Supplies", "A4 paper, box"), row("Pay INV-2", "Acme Supplies", "A4 paper, box"), row("Pay INV-3", "Other Corp", "A4 paper, box")].join("\n");

test("an AP batch from a CSV with dotted headers: mapping and a line's schema error before sending, then rows complete and one waits for review", async ({ page, consoleErrors }, testInfo) => {
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/batches`);
  await page.getByRole("button", { name: "New batch from CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "New batch from CSV" });
  await dialog.getByLabel("Agent type").selectOption("ap_specialist");
  await dialog.getByLabel("Name (optional)").fill("March invoices");

  await dialog.getByLabel("CSV file").setInputFiles({ name: "invoices.csv", mimeType: "text/csv", buffer: Buffer.from(BAD_CSV) });
  await expect(dialog.getByTestId("csv-problems")).toContainText("Line 3: data.invoice.lines.0.description: must have required property 'description'");
  await expect(dialog.getByTestId("csv-problems")).toContainText("nothing has been sent");
  await expect(dialog.getByRole("button", { name: /^Create batch/ })).toBeDisabled();
  // Headers that name a field map themselves (the mapping step, issue 27).
  const mapping = dialog.getByRole("region", { name: "Map your columns" });
  const rowOf = (header: string) => mapping.getByTestId("column-mapping-row").filter({ has: page.getByLabel(`Map column ${header}`) });
  await expect(mapping.getByLabel("Map column invoice.total")).toHaveValue("invoice.total");
  await expect(rowOf("invoice.total")).toContainText("number");
  await expect(mapping.getByLabel("Map column invoice.lines")).toHaveValue("invoice.lines");
  await expect(rowOf("invoice.lines")).toContainText("JSON array");
  await expect(mapping.getByLabel("Map column task")).toHaveValue("(task)");
  await screenshot(page, testInfo, "batch-new-csv-mapping-errors");
  expect((await api(workspace.apiKey, "GET", "/v1/batches")).body.jobs).toEqual([]);

  await dialog.getByLabel("CSV file").setInputFiles({ name: "invoices.csv", mimeType: "text/csv", buffer: Buffer.from(GOOD_CSV) });
  await expect(dialog.getByTestId("csv-ready")).toContainText("3 rows ready");
  await expect(mapping).toBeVisible();
  await dialog.getByRole("button", { name: "Create batch (3 rows)" }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  const batchId = page.url().split("/").pop()!;

  // Sent as the agent needs it: a nested invoice with numbers, not strings.
  const created = await api(workspace.apiKey, "GET", `/v1/batches/${batchId}`);
  expect(created.body.rows[0].data.invoice).toMatchObject({ number: "INV-1", total: 250, lines: [{ sku: "PAPER-A4", quantity: 10, unit_price: 25 }] });
  const settled = await Promise.all(created.body.rows.map((batchRow: { run_id: string }) => waitForRun(workspace.apiKey, batchRow.run_id)));
  expect(settled.map((body) => body.run.status)).toEqual(["completed", "completed", "pending_triage"]);

  await expect(page.getByTestId("batch-progress-text")).toHaveText("2 completed · 0 failed · 3 total");
  await expect(page.getByTestId("batch-waiting")).toContainText("1 waiting for review");
  await screenshot(page, testInfo, "batch-detail-waiting");
  await page.getByRole("link", { name: "Review this batch in the triage queue" }).click();
  await page.waitForURL((url) => url.pathname === "/triage" && url.searchParams.get("batch") === batchId);
  await expect(page.getByText("Pay INV-3").first()).toBeVisible();

  // A person decides it; the batch completes and the notice goes.
  const item = settled[2].triage_item;
  expect((await api(workspace.apiKey, "POST", `/v1/triage/${item.id}/approve`, {})).status).toBe(200);
  await page.goto(`${baseUrl()}/batches/${batchId}`);
  await expect(page.getByTestId("batch-progress-text")).toHaveText("3 completed · 0 failed · 3 total");
  await expect(page.getByTestId("batch-waiting")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
