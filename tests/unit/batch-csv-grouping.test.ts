// The mapping step's pure parts (src/dashboard/batches/csv-targets.ts, csv-grouping.ts):
// the schema's paths, the first guess for each header, and rows grouped into items by a key
// column, checked against the very schema the server checks rows with.
import { describe, expect, it } from "vitest";
import { describeProblem, readCsvTable } from "../../src/dashboard/batches/csv.ts";
import { groupCsvRows } from "../../src/dashboard/batches/csv-grouping.ts";
import { IGNORE_TARGET, schemaPaths, suggestTargets, TASK_TARGET, type TTargetChoice } from "../../src/dashboard/batches/csv-targets.ts";
import { BUILT_IN_INPUT_SCHEMAS, inputIssues } from "../../src/domains/agents/input-schemas.ts";

const AP = BUILT_IN_INPUT_SCHEMAS.ap_specialist;

const HEADER = "Invoice Number,Vendor,Currency,Total,SKU,Description,Qty,Unit Price,Received SKU,Received Qty";
const TARGETS: Record<string, string> = {
  "Invoice Number": "invoice.number",
  Vendor: "invoice.vendor",
  Currency: "invoice.currency",
  Total: "invoice.total",
  SKU: "invoice.lines[].sku",
  Description: "invoice.lines[].description",
  Qty: "invoice.lines[].quantity",
  "Unit Price": "invoice.lines[].unit_price",
  "Received SKU": "receipt.lines[].sku",
  "Received Qty": "receipt.lines[].quantity",
};
const grouped = (lines: string[], choice: Partial<TTargetChoice> = {}) =>
  groupCsvRows(readCsvTable([HEADER, ...lines].join("\n")), { targets: TARGETS, keyColumn: "Invoice Number", ...choice }, AP, "ap_specialist");

describe("schemaPaths", () => {
  it("lists the leaf fields in the schema's order, a list of objects as path[].field", () => {
    const paths = schemaPaths(AP).map((option) => option.path);
    expect(paths.slice(0, 8)).toEqual([
      "invoice.number",
      "invoice.vendor",
      "invoice.currency",
      "invoice.total",
      "invoice.lines[].sku",
      "invoice.lines[].description",
      "invoice.lines[].quantity",
      "invoice.lines[].unit_price",
    ]);
    expect(paths).toContain("purchase_order.lines[].quantity");
    expect(paths).toContain("receipt.lines[].sku");
    expect(schemaPaths(AP).find((option) => option.path === "invoice.lines[].quantity")?.type).toBe("number");
    expect(schemaPaths(BUILT_IN_INPUT_SCHEMAS.center)).toEqual([]);
  });
});

describe("suggestTargets", () => {
  it("maps task and headers that name a path, leaves the rest out, and prefers a saved mapping", () => {
    const header = ["task", "invoice.total", "invoice.lines", "invoice.lines[].sku", "Qty", "note"];
    expect(suggestTargets(header, AP, "ap_specialist", null)).toEqual({
      targets: { task: TASK_TARGET, "invoice.total": "invoice.total", "invoice.lines": "invoice.lines", "invoice.lines[].sku": "invoice.lines[].sku", Qty: IGNORE_TARGET, note: IGNORE_TARGET },
      keyColumn: null,
    });
    const saved = { columns: [{ header: "Qty", target: "invoice.lines[].quantity" }, { header: "note", target: "no.such.path" }], key_column: "Invoice Number" };
    expect(suggestTargets(["Invoice Number", "Qty", "note"], AP, "ap_specialist", saved)).toEqual({
      targets: { "Invoice Number": IGNORE_TARGET, Qty: "invoice.lines[].quantity", note: IGNORE_TARGET },
      keyColumn: "Invoice Number",
    });
    // A saved key column the file does not have is not kept; an open schema keeps every column.
    expect(suggestTargets(["due"], BUILT_IN_INPUT_SCHEMAS.center, "center", { columns: [], key_column: "gone" })).toEqual({ targets: { due: "due" }, keyColumn: null });
  });
});

describe("groupCsvRows", () => {
  it("makes one item per invoice number, one invoice line per row, a repeated receipt line kept once; the server's schema accepts it", () => {
    const { rows, problems } = grouped([
      "INV-1,Acme,USD,70,A4,A4 paper,2,10,A4,2",
      "INV-1,Acme,USD,70,PEN,Pens,5,10,A4,2",
      "INV-2,Bolt Co,EUR,30,NUT,Nuts,3,10,,",
      // Empty invoice cells repeat the item's; identical invoice lines are two lines.
      "INV-2,,,,NUT,Nuts,3,10,,",
    ]);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        task: "Invoice Number INV-1",
        data: {
          invoice: { number: "INV-1", vendor: "Acme", currency: "USD", total: 70, lines: [{ sku: "A4", description: "A4 paper", quantity: 2, unit_price: 10 }, { sku: "PEN", description: "Pens", quantity: 5, unit_price: 10 }] },
          receipt: { lines: [{ sku: "A4", quantity: 2 }] },
        },
      },
      {
        task: "Invoice Number INV-2",
        data: { invoice: { number: "INV-2", vendor: "Bolt Co", currency: "EUR", total: 30, lines: [{ sku: "NUT", description: "Nuts", quantity: 3, unit_price: 10 }, { sku: "NUT", description: "Nuts", quantity: 3, unit_price: 10 }] } },
      },
    ]);
    for (const row of rows) expect(inputIssues(AP, row.data)).toEqual([]);
  });

  it("names a differing invoice cell, a bad cell and a schema problem at the line they are on", () => {
    const { problems } = grouped([
      "INV-1,Acme,USD,70,A4,A4 paper,2,10,,",
      "INV-1,Other,USD,70,PEN,Pens,lots,10,,",
      "INV-2,Acme,USD,30,NUT,Nuts,3,10,,",
      "INV-2,Acme,USD,30,BOLT,,1,0,,",
      ",Acme,USD,30,BOLT,Bolts,1,0,,",
    ]);
    expect(problems.map(describeProblem)).toEqual([
      'Line 3: Vendor is "Other" here but "Acme" on line 2: rows with Invoice Number INV-1 are one item, so it must be the same',
      'Line 3: Qty must be number, not "lots"',
      "Line 5: data.invoice.lines.1.description: must have required property 'description'",
      "Line 6: Invoice Number is empty: rows are grouped by it",
    ]);
  });

  it("without a key column each row is one item, with a one-element list; dotted headers and JSON cells keep working", () => {
    const table = readCsvTable(['task,invoice.number,invoice.vendor,invoice.currency,invoice.total,invoice.lines', 'Pay 7,INV-7,Acme,USD,20,"[{""sku"":""A"",""description"":""a"",""quantity"":2,""unit_price"":10}]"'].join("\n"));
    const choice = suggestTargets(table.header, AP, "ap_specialist", null);
    const { rows, problems } = groupCsvRows(table, choice, AP, "ap_specialist");
    expect(problems).toEqual([]);
    expect(rows).toEqual([{ task: "Pay 7", data: { invoice: { number: "INV-7", vendor: "Acme", currency: "USD", total: 20, lines: [{ sku: "A", description: "a", quantity: 2, unit_price: 10 }] } } }]);

    const perRow = grouped(["INV-1,Acme,USD,20,A4,A4 paper,2,10,Pay INV-1,", "INV-1,Acme,USD,20,PEN,Pens,1,5,Pay again,"], {
      keyColumn: null,
      targets: { ...TARGETS, "Received SKU": TASK_TARGET, "Received Qty": IGNORE_TARGET },
    });
    expect(perRow.problems).toEqual([]);
    expect(perRow.rows.map((row) => [row.task, row.data!.invoice])).toEqual([
      ["Pay INV-1", { number: "INV-1", vendor: "Acme", currency: "USD", total: 20, lines: [{ sku: "A4", description: "A4 paper", quantity: 2, unit_price: 10 }] }],
      ["Pay again", { number: "INV-1", vendor: "Acme", currency: "USD", total: 20, lines: [{ sku: "PEN", description: "Pens", quantity: 1, unit_price: 5 }] }],
    ]);
  });

  it("keeps rfq_generator's supplier and supplier_email columns working through the mapping step", () => {
    const table = readCsvTable("task,supplier,supplier_email,items.0.description,items.0.quantity\nQuote bolts,Acme,sales@acme.test,M8 bolts,200\n");
    const rfq = BUILT_IN_INPUT_SCHEMAS.rfq_generator;
    const choice = suggestTargets(table.header, rfq, "rfq_generator", null);
    expect(choice.targets).toMatchObject({ supplier: "suppliers", supplier_email: "suppliers.0.email" });
    expect(groupCsvRows(table, choice, rfq, "rfq_generator")).toEqual({
      rows: [{ task: "Quote bolts", data: { suppliers: [{ name: "Acme", email: "sales@acme.test" }], items: [{ description: "M8 bolts", quantity: 200 }] } }],
      problems: [],
    });
  });

  it("refuses a mapping without a task or key, two columns on one path, and a list given both ways", () => {
    expect(grouped([], { keyColumn: null }).problems.map(describeProblem)).toEqual(["Choose the column that holds each item's task, or a key column to group rows by"]);
    expect(grouped(["INV-1,Acme,USD,20,A4,A4 paper,2,10,,"], { targets: { ...TARGETS, "Received Qty": "invoice.lines[].quantity" } }).problems.map(describeProblem)).toEqual([
      "Line 1: Qty and Received Qty both go to invoice.lines[].quantity",
    ]);
    const both = groupCsvRows(readCsvTable('k,invoice.lines,sku\n1,"[]",A\n'), { targets: { "invoice.lines": "invoice.lines", sku: "invoice.lines[].sku" }, keyColumn: "k" }, AP);
    expect(both.problems.map(describeProblem)).toContain("Line 2: invoice.lines is given twice");
  });

  it("counts items, not lines, against the 500-row limit", () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `INV-${Math.floor(index / 2)},Acme,USD,20,A${index % 2},a,1,10,,`);
    const { rows } = grouped(lines);
    expect(rows).toHaveLength(500);
    const tooMany = grouped([...lines, "INV-X,Acme,USD,20,A,a,1,10,,"]);
    expect(tooMany.problems.map(describeProblem)).toEqual(["The file makes 501 items; a batch takes at most 500"]);
  });
});
