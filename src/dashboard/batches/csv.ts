// CSV text → a table of cells with their file lines, pure (no React, no network), so it is
// unit-tested on its own. readCsvTable is what the mapping step (csv-grouping.ts) reads;
// parseBatchCsv is the plain form (a `task` column, every other column into `data` as
// strings, one row per line). Every problem is reported with its line before anything is sent.
import Papa from "papaparse";

/** POST /v1/batches takes 1 to 500 rows (MAX_BATCH_ROWS in src/domains/batches/batches.schemas.ts). */
export const MAX_CSV_ROWS = 500;
/** File lines read at most: one row per invoice line lets 500 items span many lines. */
export const MAX_CSV_LINES = 10_000;
/** Columns a file may have (the saved mapping keeps at most this many; csv-mappings.schemas.ts). */
export const MAX_CSV_COLUMNS = 200;
/** Headers longer than this are not saved with the mapping (the server's bound, the same file). */
export const MAX_CSV_HEADER_LENGTH = 200;
export const MAX_TASK_LENGTH = 100_000;

export type TCsvRow = { task: string; data?: Record<string, string> };
export type TCsvProblem = { line: number | null; message: string };
/** `lines[i]` is the file line of `rows[i]`, for problems found later (csv-mapping.ts). */
export type TParsedCsv = { rows: TCsvRow[]; lines: number[]; columns: string[]; problems: TCsvProblem[] };
/** The header (trimmed) and every non-blank line's cells, with its line in the file. */
export type TCsvTable = { header: string[]; rows: { line: number; cells: string[] }[]; problems: TCsvProblem[] };

export function describeProblem(problem: TCsvProblem): string {
  return problem.line === null ? problem.message : `Line ${problem.line}: ${problem.message}`;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");
const byLine = (a: TCsvProblem, b: TCsvProblem) => (a.line ?? 0) - (b.line ?? 0);

export function readCsvTable(text: string): TCsvTable {
  const source = text.replace(/^\uFEFF/, "");
  if (source.trim() === "") return { header: [], rows: [], problems: [{ line: null, message: "The file is empty" }] };

  // Arrays, not header mode: line numbers stay ours and short rows are not errors.
  const parsed = Papa.parse<string[]>(source, { header: false, skipEmptyLines: false });
  // A one-column file has no delimiter to detect; that is not a problem (',' is right).
  const problems: TCsvProblem[] = parsed.errors.filter((error) => error.type !== "Delimiter").map((error) => ({
    line: error.row === undefined || error.row === null ? null : error.row + 1,
    message: error.message,
  }));
  const header = (parsed.data[0] ?? []).map((name) => name.trim());
  if (header.length > MAX_CSV_COLUMNS) problems.push({ line: 1, message: `the header has ${header.length} columns; at most ${MAX_CSV_COLUMNS} are read` });
  const seen = new Set<string>();
  header.forEach((name, index) => {
    if (name === "") problems.push({ line: 1, message: `column ${index + 1} has no name` });
    else if (seen.has(name)) problems.push({ line: 1, message: `column ${name} appears twice` });
    seen.add(name);
  });

  const rows: TCsvTable["rows"] = [];
  parsed.data.slice(1).forEach((cells, offset) => {
    const line = offset + 2;
    if (isBlank(cells)) return; // blank lines (and the file's trailing newline) are not rows
    if (cells.length > header.length) {
      problems.push({ line, message: `too many columns (${cells.length}; the header has ${header.length})` });
      return;
    }
    rows.push({ line, cells });
  });
  if (rows.length === 0 && problems.length === 0) problems.push({ line: null, message: "The file has no rows: add at least one line under the header" });
  if (rows.length > MAX_CSV_LINES) problems.push({ line: null, message: `The file has ${rows.length} lines; at most ${MAX_CSV_LINES} are read` });
  problems.sort(byLine);
  return { header, rows, problems };
}

export function parseBatchCsv(text: string): TParsedCsv {
  const table = readCsvTable(text);
  const { header } = table;
  const problems = [...table.problems];
  const taskIndex = header.findIndex((name) => name.toLowerCase() === "task");
  if (header.length > 0 && taskIndex < 0) problems.push({ line: 1, message: "the header has no task column" });
  const columns = header.filter((_, index) => index !== taskIndex);

  const rows: TCsvRow[] = [];
  const rowLines: number[] = [];
  for (const { line, cells } of table.rows) {
    const task = (taskIndex >= 0 ? cells[taskIndex] ?? "" : "").trim();
    if (taskIndex >= 0 && task === "") problems.push({ line, message: "task is empty" });
    if (task.length > MAX_TASK_LENGTH) problems.push({ line, message: `task is longer than ${MAX_TASK_LENGTH} characters` });
    const data: Record<string, string> = {};
    header.forEach((name, index) => {
      const cell = cells[index];
      if (index !== taskIndex && name !== "" && cell !== undefined && cell.trim() !== "") data[name] = cell;
    });
    rows.push(Object.keys(data).length > 0 ? { task, data } : { task });
    rowLines.push(line);
  }
  if (rows.length > MAX_CSV_ROWS) problems.push({ line: null, message: `The file has ${rows.length} rows; a batch takes at most ${MAX_CSV_ROWS}` });
  problems.sort(byLine);
  return { rows, lines: rowLines, columns, problems };
}
