// CSV ↔ batch rows, pure (no React, no network), so it is unit-tested on its own.
// Upload: a header row with a `task` column; every other column goes into `data` as
// strings (empty cells left out); one row per line. Every problem is reported with its
// line before anything is sent. Download: the rows and their results as a CSV.
import Papa from "papaparse";

/** POST /v1/batches takes 1 to 500 rows (MAX_BATCH_ROWS in src/domains/batches/batches.schemas.ts). */
export const MAX_CSV_ROWS = 500;
const MAX_TASK_LENGTH = 100_000;

export type TCsvRow = { task: string; data?: Record<string, string> };
export type TCsvProblem = { line: number | null; message: string };
/** `lines[i]` is the file line of `rows[i]`, for problems found later (csv-mapping.ts). */
export type TParsedCsv = { rows: TCsvRow[]; lines: number[]; columns: string[]; problems: TCsvProblem[] };

export function describeProblem(problem: TCsvProblem): string {
  return problem.line === null ? problem.message : `Line ${problem.line}: ${problem.message}`;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

export function parseBatchCsv(text: string): TParsedCsv {
  const source = text.replace(/^\uFEFF/, "");
  if (source.trim() === "") return { rows: [], lines: [], columns: [], problems: [{ line: null, message: "The file is empty" }] };

  // Arrays, not header mode: line numbers stay ours and short rows are not errors.
  const parsed = Papa.parse<string[]>(source, { header: false, skipEmptyLines: false });
  // A one-column file has no delimiter to detect; that is not a problem (',' is right).
  const problems: TCsvProblem[] = parsed.errors.filter((error) => error.type !== "Delimiter").map((error) => ({
    line: error.row === undefined || error.row === null ? null : error.row + 1,
    message: error.message,
  }));
  const lines = parsed.data;
  const header = (lines[0] ?? []).map((name) => name.trim());

  const taskIndex = header.findIndex((name) => name.toLowerCase() === "task");
  if (taskIndex < 0) problems.push({ line: 1, message: "the header has no task column" });
  const seen = new Set<string>();
  header.forEach((name, index) => {
    if (name === "") problems.push({ line: 1, message: `column ${index + 1} has no name` });
    else if (seen.has(name)) problems.push({ line: 1, message: `column ${name} appears twice` });
    seen.add(name);
  });
  const columns = header.filter((_, index) => index !== taskIndex);

  const rows: TCsvRow[] = [];
  const rowLines: number[] = [];
  lines.slice(1).forEach((cells, offset) => {
    const line = offset + 2;
    if (isBlank(cells)) return; // blank lines (and the file's trailing newline) are not rows
    if (cells.length > header.length) {
      problems.push({ line, message: `too many columns (${cells.length}; the header has ${header.length})` });
      return;
    }
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
  });

  if (rows.length === 0 && problems.length === 0) problems.push({ line: null, message: "The file has no rows: add at least one line under the header" });
  if (rows.length > MAX_CSV_ROWS) problems.push({ line: null, message: `The file has ${rows.length} rows; a batch takes at most ${MAX_CSV_ROWS}` });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { rows, lines: rowLines, columns, problems };
}

export type TResultRow = {
  row_index: number;
  task: string;
  status: string;
  data?: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  error_message: string | null;
  run_id: string | null;
};

const FIXED_COLUMNS = ["row_index", "task", "status", "result", "error_message", "run_id"];
const cellText = (value: unknown): string => (value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value));

/** The results CSV: row_index, task, status, each data column (A→Z), result (JSON), error_message, run_id. */
export function buildResultsCsv(rows: TResultRow[]): string {
  // Alphabetical: stored data (jsonb) does not keep the uploaded column order.
  const dataKeys = [...new Set(rows.flatMap((row) => Object.keys(row.data ?? {})))].sort();
  // A data column named like a fixed one ("status") keeps its own column, prefixed.
  const dataHeaders = dataKeys.map((key) => (FIXED_COLUMNS.includes(key) ? `data.${key}` : key));
  const fields = ["row_index", "task", "status", ...dataHeaders, "result", "error_message", "run_id"];
  const data = rows.map((row) => [
    String(row.row_index),
    row.task,
    row.status,
    ...dataKeys.map((key) => cellText(row.data?.[key])),
    row.result === null ? "" : JSON.stringify(row.result),
    row.error_message ?? "",
    row.run_id ?? "",
  ]);
  // escapeFormulae: a cell like "=HYPERLINK(...)" stays text when the file is opened in a spreadsheet.
  return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: "\n" });
}
