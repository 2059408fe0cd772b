// The runs and batches pages: a batch from a CSV (line errors first, nothing sent), its
// live progress, the same batch through /v1, the results CSV; runs filtered by status and
// agent type, a run's input, output and triage history, live status and cancel.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import {
  api,
  baseUrl,
  createTriageItem,
  createWorkspace,
  expect,
  expectNoHorizontalScroll,
  screenshot,
  signIn,
  test,
  type TWorkspace,
  waitForRun,
} from "./support.ts";

let batchOrg: TWorkspace;
let runsOrg: TWorkspace;
test.beforeAll(async () => {
  // One organization per test: each counts its own runs and batches.
  [batchOrg, runsOrg] = [await createWorkspace("Batch Co"), await createWorkspace("Runs Co")];
});

const BROKEN_CSV = [
  "task,due_date,currency",
  "Request quotes for 200 M8 bolts,end of March,USD",
  ",end of March,USD", // line 3: no task
  "Request quotes for 50 steel brackets,,EUR",
  "Pay invoice INV-7,,",
  "",
  "Request quotes for 10 pallets,2026-04-01,USD,extra", // line 7: a fourth cell
].join("\n");

// center sends "quotes for <n> <things>" to rfq_generator (items read from the text: a
// person confirms them) and "Pay invoice" to ap_specialist (no data.invoice: the row fails).
const QUOTE_ROWS = 9;
const CLEAN_CSV = [
  "task,due_date,currency",
  ...Array.from({ length: QUOTE_ROWS }, (_, index) => `Request quotes for ${(index + 1) * 10} M8 bolts,end of March,USD`),
  "Pay invoice INV-1,,",
  "Pay invoice INV-2,,EUR",
  '"Pay invoice INV-3, urgent",,',
  "",
].join("\n");

test("a batch from a CSV: line errors first, then live progress to the end, the same batch on /v1, results as CSV", async ({ page, consoleErrors }, testInfo) => {
  await signIn(page, batchOrg.reviewer);
  await page.goto(`${baseUrl()}/batches`);
  await expect(page.getByText("No batches yet")).toBeVisible();

  await page.getByRole("button", { name: "New batch from CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "New batch from CSV" });
  await dialog.getByLabel("Name (optional)").fill("March bolts");
  await dialog.getByLabel("CSV file").setInputFiles({ name: "broken.csv", mimeType: "text/csv", buffer: Buffer.from(BROKEN_CSV) });
  const problems = dialog.getByTestId("csv-problems");
  await expect(problems).toContainText("Line 3: task is empty");
  await expect(problems).toContainText("Line 7: too many columns");
  await expect(dialog.getByRole("button", { name: /^Create batch/ })).toBeDisabled();
  await screenshot(page, testInfo, "batch-new-csv-errors");
  // Nothing was sent.
  expect((await api(batchOrg.apiKey, "GET", "/v1/batches")).body.jobs).toEqual([]);

  await dialog.getByLabel("CSV file").setInputFiles({ name: "bolts.csv", mimeType: "text/csv", buffer: Buffer.from(CLEAN_CSV) });
  await expect(dialog.getByTestId("csv-ready")).toContainText("12 rows ready");
  await dialog.getByRole("button", { name: "Create batch (12 rows)" }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  const batchId = page.url().split("/").pop()!;

  // The quotes wait for a person; approving them (as the triage page does) completes them.
  const progress = page.getByRole("progressbar", { name: "Rows settled" });
  await expect(progress).toHaveAttribute("aria-valuemax", "12");
  const created = await api(batchOrg.apiKey, "GET", `/v1/batches/${batchId}`);
  expect(created.status).toBe(200);
  expect(created.body.job).toMatchObject({ name: "March bolts", agent_type: "center", total_rows: 12 });
  expect(created.body.rows[0]).toMatchObject({ task: "Request quotes for 10 M8 bolts", data: { due_date: "end of March", currency: "USD" } });
  expect(created.body.rows[9].data).toBeNull(); // empty cells are left out; none left
  for (const row of created.body.rows) {
    const settled = await waitForRun(batchOrg.apiKey, row.run_id);
    if (settled.run.status === "pending_triage") {
      // The live page shows rows settling one by one while this goes on.
      expect((await api(batchOrg.apiKey, "POST", `/v1/triage/${settled.triage_item.id}/approve`, {})).status).toBe(200);
    }
  }
  await expect(progress).toHaveAttribute("aria-valuenow", "12");
  await expect(page.getByTestId("batch-progress-text")).toHaveText(`${QUOTE_ROWS} completed · 3 failed · 12 total`);
  await expect(page.getByRole("button", { name: "Cancel batch" })).toHaveCount(0);
  await expect(page.getByTestId("batch-row-item")).toHaveCount(12);
  await expect(page.getByTestId("batch-row-item").nth(9)).toContainText("data.invoice");
  await screenshot(page, testInfo, "batch-detail");

  const finished = await api(batchOrg.apiKey, "GET", `/v1/batches/${batchId}`);
  expect(finished.body.job).toMatchObject({ id: batchId, status: "completed", completed_rows: QUOTE_ROWS, failed_rows: 3, total_rows: 12 });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download results CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`batch-${batchId}-results.csv`);
  const csv = readFileSync(await download.path(), "utf8");
  // Flat columns (issue 27): the output's fields by dotted name, then the row's data, no JSON in a cell.
  const parsedCsv = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
  expect(parsedCsv.data).toHaveLength(12);
  const fields = parsedCsv.meta.fields!;
  expect(fields.slice(0, 4)).toEqual(["row_index", "task", "status", "run_id"]);
  expect(fields.slice(-3)).toEqual(["data.currency", "data.due_date", "error_message"]);
  expect(fields).toContain("rfq_number");
  expect(parsedCsv.data[0]).toMatchObject({ row_index: "0", task: "Request quotes for 10 M8 bolts", status: "completed", "data.currency": "USD", "data.due_date": "end of March", error_message: "" });
  expect(parsedCsv.data[0]!.run_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(parsedCsv.data[0]!.rfq_number).not.toBe("");
  for (const row of parsedCsv.data) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[[{]/);

  await page.goto(`${baseUrl()}/batches`);
  await expect(page.getByTestId("batch-row")).toHaveCount(1);
  await expect(page.getByTestId("batch-row")).toContainText("March bolts");
  await expect(page.getByTestId("batch-row")).toContainText(`${QUOTE_ROWS}/3/12`);
  await screenshot(page, testInfo, "batches-list");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseUrl()}/batches/${batchId}`);
  await expect(page.getByTestId("batch-progress-text")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, "batch-detail-phone");
  expect(consoleErrors).toEqual([]);
});

test("runs: filters, a run's input and output, a triage run's reason, live status, cancel; other tenants' runs are not found", async ({ page, consoleErrors }, testInfo) => {
  const key = runsOrg.apiKey;
  const rfq = await api(key, "POST", "/v1/run", {
    task: "Quote 3 desk lamps",
    agent_type: "rfq_generator",
    data: { items: [{ description: "desk lamp", quantity: 3 }], due_date: "Friday" },
  });
  // ap_specialist itself refuses an unusable invoice at acceptance (400); center takes it,
  // routes it there, and the run fails naming the field.
  const failing = await api(key, "POST", "/v1/run", { task: "Pay invoice 9", data: { invoice: { number: "9" } } });
  const completed = await waitForRun(key, rfq.body.run_id);
  expect(completed.run.status).toBe("completed");
  expect((await waitForRun(key, failing.body.run_id)).run.status).toBe("failed");
  const triage = await createTriageItem(key, `Pay invoice ${randomUUID().slice(0, 6)} against its PO`);
  const triageRun = (await api(key, "GET", `/v1/runs/${triage.runId}`)).body;

  await signIn(page, runsOrg.reviewer);
  await page.goto(`${baseUrl()}/runs`);
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(3);
  await screenshot(page, testInfo, "runs-list");

  await page.getByLabel("Status").selectOption("failed");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Pay invoice 9");
  await page.getByLabel("Status").selectOption("pending_triage");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("against its PO");
  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Agent type").selectOption("ap_specialist");
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Agent type").selectOption("center");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Pay invoice 9");
  await page.getByLabel("Agent type").selectOption("rfq_generator");
  await expect(rows).toHaveCount(1);
  // The center filter also shows one row: wait for the list to be the RFQ run's before opening it.
  await expect(rows.first()).toContainText("Quote 3 desk lamps");

  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/runs/${completed.run.id}$`));
  await expect(page.getByTestId("run-task")).toHaveText("Quote 3 desk lamps");
  await expect(page.getByTestId("run-data")).toContainText('"due_date": "Friday"');
  await expect(page.getByTestId("run-output")).toContainText(completed.run.output.rfq_number);
  await expect(page.getByTestId("run-status")).toContainText("completed");
  await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
  await screenshot(page, testInfo, "run-detail");

  // Waiting for a person: the reason and the proposal; the reviewer may cancel it.
  await page.goto(`${baseUrl()}/runs/${triage.runId}`);
  await expect(page.getByTestId("triage-reason")).toHaveText(triageRun.triage_item.triage_reason);
  await expect(page.getByTestId("triage-proposed-output")).toContainText("discrepancies");
  await page.getByRole("button", { name: "Cancel run" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel run" }).click();
  await expect(page.getByTestId("run-status")).toContainText("cancelled");
  await expect(page.getByTestId("run-triage")).toContainText("rejected");
  await expect(page.getByTestId("run-triage")).toContainText("run cancelled");
  expect((await api(key, "GET", `/v1/runs/${triage.runId}`)).body.run.status).toBe("cancelled");

  // Live: a run opened while it works reaches its end without a reload.
  const fresh = await api(key, "POST", "/v1/run", { task: "Quote 5 chairs", agent_type: "rfq_generator", data: { items: [{ description: "chair", quantity: 5 }] } });
  await page.goto(`${baseUrl()}/runs/${fresh.body.run_id}`);
  await expect(page.getByTestId("run-status")).toContainText("completed");
  await expect(page.getByTestId("run-output")).toContainText("chair");

  // Another organization's run: not found, on the page and from the dashboard's procedures.
  const foreign = await api(batchOrg.apiKey, "POST", "/v1/run", { task: "Not yours" });
  await page.goto(`${baseUrl()}/runs/${foreign.body.run_id}`);
  await expect(page.locator("main [role=alert]")).toContainText("not found");
  const input = encodeURIComponent(JSON.stringify({ id: foreign.body.run_id }));
  const deliveries = await page.request.get(`${baseUrl()}/api/trpc/runs.deliveries?input=${input}`);
  expect(deliveries.status()).toBe(404);
  expect((await deliveries.json()).error.data.body.type).toBe("not_found");
  const watch = await page.request.get(`${baseUrl()}/api/trpc/runs.watch?input=${input}`);
  expect(await watch.text()).toContain('"type":"not_found"');
  // A failed page load logs its 404; nothing else may log.
  expect(consoleErrors.filter((text) => !text.includes("404"))).toEqual([]);
});
