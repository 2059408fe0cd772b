// The dashboard's CSV reader and plain CSV → batch rows parser (src/dashboard/batches/csv.ts).
import { describe, expect, it } from "vitest";
import { describeProblem, MAX_CSV_ROWS, parseBatchCsv, readCsvTable } from "../../src/dashboard/batches/csv.ts";

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

describe("readCsvTable", () => {
  it("keeps the header and each non-blank line's cells with its line, whatever the columns are called", () => {
    expect(readCsvTable("Invoice Number, Qty \nINV-1,2\n\nINV-1,3\n")).toEqual({
      header: ["Invoice Number", "Qty"],
      rows: [
        { line: 2, cells: ["INV-1", "2"] },
        { line: 4, cells: ["INV-1", "3"] },
      ],
      problems: [],
    });
  });

  it("bounds the columns it reads", () => {
    const wide = Array.from({ length: 201 }, (_, index) => `c${index}`).join(",");
    expect(readCsvTable(`${wide}\n1\n`).problems.map(describeProblem)).toEqual(["Line 1: the header has 201 columns; at most 200 are read"]);
  });
});
