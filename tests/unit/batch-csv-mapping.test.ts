// CSV columns → the agent's `data` (src/dashboard/batches/csv-mapping.ts), against the very
// schemas the server checks rows with (BUILT_IN_INPUT_SCHEMAS), so browser and server agree.
import { describe, expect, it } from "vitest";
import { parseBatchCsv } from "../../src/dashboard/batches/csv.ts";
import { dataIssues, mapColumns, mapRows } from "../../src/dashboard/batches/csv-mapping.ts";
import { BUILT_IN_INPUT_SCHEMAS, dataPath, inputIssues } from "../../src/domains/agents/input-schemas.ts";

const AP = BUILT_IN_INPUT_SCHEMAS.ap_specialist;
const RFQ = BUILT_IN_INPUT_SCHEMAS.rfq_generator;

const fromCsv = (text: string, agentType: "ap_specialist" | "rfq_generator" | "center") => {
  const parsed = parseBatchCsv(text);
  expect(parsed.problems).toEqual([]);
  return mapRows(parsed.rows, parsed.lines, parsed.columns, BUILT_IN_INPUT_SCHEMAS[agentType], agentType);
};

const LINES = '"[{""sku"":""PAPER-A4"",""description"":""A4 paper"",""quantity"":10,""unit_price"":25}]"';
const AP_CSV = [
  "task,invoice.number,invoice.vendor,invoice.currency,invoice.total,invoice.lines,purchase_order",
  `Pay INV-7,INV-7,Acme,USD,250,${LINES},`,
  `Pay INV-8,8,Acme,usd,250.50,${LINES},`,
].join("\n");

describe("mapColumns", () => {
  it("maps dotted headers onto the schema's paths and types", () => {
    expect(mapColumns(["invoice.total", "invoice.lines", "invoice.number", "note"], AP, "ap_specialist")).toEqual([
      { column: "invoice.total", path: "invoice.total", type: "number", known: true },
      { column: "invoice.lines", path: "invoice.lines", type: "JSON array", known: true },
      { column: "invoice.number", path: "invoice.number", type: "text or number", known: true },
      { column: "note", path: "note", type: "text", known: false },
    ]);
  });

  it("maps rfq_generator's supplier and supplier_email onto suppliers, and numeric segments onto list items", () => {
    expect(mapColumns(["supplier", "supplier_email", "items.0.quantity"], RFQ, "rfq_generator")).toEqual([
      { column: "supplier", path: "suppliers", type: "supplier names, ;-separated", known: true },
      { column: "supplier_email", path: "suppliers.0.email", type: "text", known: true },
      { column: "items.0.quantity", path: "items.0.quantity", type: "number", known: true },
    ]);
  });

  it("treats every column of an open schema (center) as text it reads", () => {
    expect(mapColumns(["due_date"], BUILT_IN_INPUT_SCHEMAS.center, "center")).toEqual([{ column: "due_date", path: "due_date", type: "text", known: true }]);
  });
});

describe("mapRows", () => {
  it("builds the nested invoice AP needs, coercing numbers and parsing JSON cells; the server's schema accepts it", () => {
    const { rows, problems } = fromCsv(AP_CSV, "ap_specialist");
    expect(problems).toEqual([]);
    const lines = [{ sku: "PAPER-A4", description: "A4 paper", quantity: 10, unit_price: 25 }];
    expect(rows).toEqual([
      { task: "Pay INV-7", data: { invoice: { number: "INV-7", vendor: "Acme", currency: "USD", total: 250, lines } } },
      // "8" stays text (the number may be either); empty purchase_order is left out.
      { task: "Pay INV-8", data: { invoice: { number: "8", vendor: "Acme", currency: "usd", total: 250.5, lines } } },
    ]);
    for (const row of rows) expect(inputIssues(AP, row.data)).toEqual([]);
  });

  it("names each bad line and path before anything is sent, as the server would", () => {
    const badLine = '"[{""sku"":""PAPER-A4"",""quantity"":10,""unit_price"":25}]"';
    const { problems, rows } = fromCsv(
      [
        "task,invoice.number,invoice.vendor,invoice.currency,invoice.total,invoice.lines",
        `good,INV-1,Acme,USD,250,${LINES}`,
        `no description,INV-2,Acme,USD,250,${badLine}`,
        `not a number,INV-3,Acme,USD,lots,${LINES}`,
        'broken JSON,INV-4,Acme,USD,250,"[{""sku"""',
        "no invoice,,,,,",
      ].join("\n"),
      "ap_specialist",
    );
    expect(problems).toEqual([
      { line: 3, message: "data.invoice.lines.0.description: must have required property 'description'" },
      { line: 4, message: 'invoice.total must be number, not "lots"' },
      { line: 5, message: "invoice.lines is not valid JSON (an array like [{…}] expected)" },
      { line: 6, message: "data.invoice: must have required property 'invoice'" },
    ]);
    // The same path the server names for that row (rows.1.data.invoice.lines.0.description).
    expect(inputIssues(AP, rows[1]!.data).map((issue) => dataPath(issue, "rows.1.data"))).toEqual(["rows.1.data.invoice.lines.0.description"]);
  });

  it("coerces booleans and integers by the schema's type", () => {
    const schema = { type: "object", properties: { urgent: { type: "boolean" }, count: { type: "integer" } }, required: ["urgent"] };
    const parsed = parseBatchCsv("task,urgent,count\na,yes,3\nb,No,2.5\nc,maybe,1\n");
    const { rows, problems } = mapRows(parsed.rows, parsed.lines, parsed.columns, schema);
    expect(rows.slice(0, 2)).toEqual([
      { task: "a", data: { urgent: true, count: 3 } },
      { task: "b", data: { urgent: false, count: 2.5 } },
    ]);
    expect(problems).toEqual([
      { line: 3, message: "data.count: must be integer" },
      { line: 4, message: 'urgent must be boolean, not "maybe"' },
    ]);
  });

  it("sends rfq_generator rows with suppliers and items, so they need no person", () => {
    const { rows, problems } = fromCsv(
      [
        "task,supplier,supplier_email,items.0.description,items.0.quantity,due_date",
        "Quote bolts,Acme Fasteners,sales@acme.test,M8 bolts,200,2026-12-15",
        "Quote nuts,Acme; Bolt Co,,M8 nuts,50,",
        "Quote washers,Acme; Bolt Co,x@y.test,washers,10,",
      ].join("\n"),
      "rfq_generator",
    );
    expect(rows.slice(0, 2)).toEqual([
      {
        task: "Quote bolts",
        data: { suppliers: [{ name: "Acme Fasteners", email: "sales@acme.test" }], items: [{ description: "M8 bolts", quantity: 200 }], due_date: "2026-12-15" },
      },
      { task: "Quote nuts", data: { suppliers: [{ name: "Acme" }, { name: "Bolt Co" }], items: [{ description: "M8 nuts", quantity: 50 }] } },
    ]);
    expect(problems).toEqual([{ line: 4, message: "supplier_email needs exactly one supplier name in supplier" }]);
    expect(inputIssues(RFQ, rows[0]!.data)).toEqual([]);
  });

  it("reports a path given twice or both as a value and with fields", () => {
    const parsed = parseBatchCsv('task,invoice,invoice.total\na,"{""total"":1}",2\n');
    const { problems } = mapRows(parsed.rows, parsed.lines, parsed.columns, AP, "ap_specialist");
    expect(problems).toEqual([{ line: 2, message: "invoice.total is given twice" }]);
  });
});

describe("dataIssues agrees with the server's check", () => {
  it.each([
    [{ invoice: { number: "1", vendor: "A", currency: "USD", total: -1, lines: [] } }],
    [{ invoice: { number: "", vendor: "A", currency: "US", total: 1, lines: [{ sku: "a", description: "d", quantity: 0, unit_price: 1 }] } }],
    [{ invoice: { number: 7, vendor: "A", currency: "USD", total: 1, lines: [{ sku: "a", description: "d", quantity: 1, unit_price: 1 }] }, purchase_order: null }],
    [{ invoice: "INV-1" }],
  ])("on %j", (data) => {
    const server = new Set(inputIssues(AP, data).map((issue) => dataPath(issue)));
    const browser = new Set(dataIssues(AP, data).map((issue) => issue.path));
    // The server stops at the first problem; the browser lists every one, including it.
    for (const path of server) expect(browser).toContain(path);
    expect(browser.size === 0).toBe(server.size === 0);
  });

  it("checks RFQ emails and quantities", () => {
    expect(dataIssues(RFQ, { items: [{ description: "bolts", quantity: 0 }], suppliers: [{ name: "A", email: "nope" }] })).toEqual([
      { path: "data.items.0.quantity", message: "must be > 0" },
      { path: "data.suppliers.0.email", message: 'must match format "email"' },
    ]);
  });
});
