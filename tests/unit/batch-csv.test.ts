// The dashboard's CSV → batch rows parser and results CSV builder (src/dashboard/batches/csv.ts).
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { buildResultsCsv, describeProblem, MAX_CSV_ROWS, parseBatchCsv } from "../../src/dashboard/batches/csv.ts";

const messages = (text: string) => parseBatchCsv(text).problems.map(describeProblem);

describe("parseBatchCsv", () => {
  it("puts task in task and every other non-empty cell in data, as strings", () => {
    const parsed = parseBatchCsv("task,supplier,qty\nQuote 200 bolts,Acme,200\nQuote nuts,,50\nQuote washers,,\n");
    expect(parsed.problems).toEqual([]);
    expect(parsed.columns).toEqual(["supplier", "qty"]);
    expect(parsed.rows).toEqual([
      { task: "Quote 200 bolts", data: { supplier: "Acme", qty: "200" } },
      { task: "Quote nuts", data: { qty: "50" } },
      { task: "Quote washers" },
    ]);
  });

  it("reads quoted cells with commas, a BOM, CRLF line ends, and a task column anywhere", () => {
    const parsed = parseBatchCsv('\uFEFFnote,Task\r\n"a, b","  Pay ""invoice"" 7 "\r\n');
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows).toEqual([{ task: 'Pay "invoice" 7', data: { note: "a, b" } }]);
  });

  it("skips blank lines but keeps line numbers of the file", () => {
    const parsed = parseBatchCsv("task,x\nfirst,1\n\n,2\nfourth,4,extra\n");
    expect(parsed.problems.map(describeProblem)).toEqual(["Line 4: task is empty", "Line 5: too many columns (3; the header has 2)"]);
    expect(parsed.rows.map((row) => row.task)).toEqual(["first", ""]);
  });

  it("allows short rows: missing cells are empty", () => {
    expect(parseBatchCsv("task,a,b\nonly task\n").rows).toEqual([{ task: "only task" }]);
  });

  it("requires a task column and named, distinct columns", () => {
    expect(messages("name,qty\nx,1\n")).toContain("Line 1: the header has no task column");
    expect(messages("task,,qty,qty\nx,1,2,3\n")).toEqual(["Line 1: column 2 has no name", "Line 1: column qty appears twice"]);
  });

  it("refuses an empty file, a header alone and more than 500 rows", () => {
    expect(messages("")).toEqual(["The file is empty"]);
    expect(messages("  \n")).toEqual(["The file is empty"]);
    expect(messages("task\n")).toEqual(["The file has no rows: add at least one line under the header"]);
    const big = ["task", ...Array.from({ length: MAX_CSV_ROWS + 1 }, (_, index) => `row ${index}`)].join("\n");
    expect(messages(big)).toEqual([`The file has ${MAX_CSV_ROWS + 1} rows; a batch takes at most ${MAX_CSV_ROWS}`]);
    const full = ["task", ...Array.from({ length: MAX_CSV_ROWS }, (_, index) => `row ${index}`)].join("\n");
    expect(parseBatchCsv(full).problems).toEqual([]);
  });

  it("reports a broken quote with its line", () => {
    const problems = messages('task\nok\n"unclosed\n');
    expect(problems.some((problem) => problem.startsWith("Line 3:"))).toBe(true);
  });
});

describe("buildResultsCsv", () => {
  it("writes fixed columns, the data columns A→Z, result as JSON, and escapes formulae", () => {
    const csv = buildResultsCsv([
      { row_index: 0, task: "Quote bolts", status: "completed", data: { supplier: "Acme", status: "x", amount: "3" }, result: { rfq: 1 }, error_message: null, run_id: "r0" },
      { row_index: 1, task: "=cmd()", status: "failed", data: null, result: null, error_message: "data.items must be an array", run_id: "r1" },
    ]);
    const [header, ...rows] = Papa.parse<string[]>(csv.trim()).data;
    expect(header).toEqual(["row_index", "task", "status", "amount", "data.status", "supplier", "result", "error_message", "run_id"]);
    expect(rows).toEqual([
      ["0", "Quote bolts", "completed", "3", "x", "Acme", '{"rfq":1}', "", "r0"],
      ["1", "'=cmd()", "failed", "", "", "", "", "data.items must be an array", "r1"],
    ]);
  });
});
