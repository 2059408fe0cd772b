// A batch's results as a CSV of flat columns, pure (no React, no network), so it is unit-tested
// on its own: one line per row, no JSON in a cell. AP rows get the columns a person pays from
// (decision, amount, currency, discrepancy count, reason); other agents' output fields are
// flattened with dotted names (`quote.total`), as are their data fields (`data.supplier`).
// Lists become their values joined with "; ", or a count for lists of objects (`items.count`).
import Papa from "papaparse";

export type TResultRow = {
  row_index: number;
  task: string;
  status: string;
  data?: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  error_message: string | null;
  run_id: string | null;
};

type TCell = string | number | boolean;
const MAX_FLAT_DEPTH = 6;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** An object's scalar leaves under dotted names; lists joined, or counted when they hold objects. */
export function flattenFields(value: Record<string, unknown>, prefix = "", depth = 0): Record<string, TCell> {
  const flat: Record<string, TCell> = {};
  for (const [name, field] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (field === null || field === undefined) continue;
    if (isObject(field) && depth < MAX_FLAT_DEPTH) Object.assign(flat, flattenFields(field, path, depth + 1));
    else if (Array.isArray(field)) {
      if (field.some((item) => typeof item === "object" && item !== null)) flat[`${path}.count`] = field.length;
      else flat[path] = field.map(String).join("; ");
    } else if (typeof field === "string" || typeof field === "number" || typeof field === "boolean") flat[path] = field;
    else flat[path] = JSON.stringify(field);
  }
  return flat;
}

type TDiscrepancy = { field?: unknown; message?: unknown };

/** AP's columns from its output (empty while a row waits for a person or failed). */
function apColumns(row: TResultRow): Record<string, TCell> {
  const output = row.result ?? {};
  const invoice = isObject(row.data?.invoice) ? row.data.invoice : {};
  const discrepancies = Array.isArray(output.discrepancies) ? (output.discrepancies as TDiscrepancy[]) : null;
  const [first] = discrepancies ?? [];
  const more = (discrepancies?.length ?? 0) - 1;
  const cells: Record<string, TCell> = {};
  const invoiceNumber = output.invoice_number ?? invoice.number;
  if (typeof invoiceNumber === "string" || typeof invoiceNumber === "number") cells.invoice_number = invoiceNumber;
  if (typeof output.decision === "string") cells.decision = output.decision;
  if (typeof output.amount_due === "number") cells.amount = output.amount_due;
  if (typeof output.currency === "string") cells.currency = output.currency;
  if (discrepancies) cells.discrepancy_count = discrepancies.length;
  if (first) cells.reason = `${String(first.field)}: ${String(first.message)}${more > 0 ? ` (and ${more} more)` : ""}`;
  return cells;
}

const AP_COLUMNS = ["invoice_number", "decision", "amount", "currency", "discrepancy_count", "reason"];
const LEADING = ["row_index", "task", "status", "run_id"];
const TRAILING = ["error_message"];

/** The results CSV: row_index, task, status, run_id, the agent's flat columns, error_message. */
export function buildResultsCsv(rows: TResultRow[], agentType: string): string {
  const flatRows = rows.map((row): Record<string, TCell> => {
    if (agentType === "ap_specialist") return apColumns(row);
    const output = flattenFields(row.result ?? {});
    const data = flattenFields(row.data ?? {}, "data");
    // An output field named like a fixed column ("status") keeps its own column, prefixed.
    const named = Object.fromEntries(Object.entries(output).map(([name, value]) => [LEADING.includes(name) || TRAILING.includes(name) || name.startsWith("data.") ? `result.${name}` : name, value]));
    return { ...named, ...data };
  });
  const present = new Set(flatRows.flatMap((row) => Object.keys(row)));
  // AP's columns in a fixed order (always there, so a spreadsheet's formulas keep their places);
  // others A→Z: stored output (jsonb) does not keep its field order; data after the output.
  const middle =
    agentType === "ap_specialist"
      ? AP_COLUMNS
      : [...present].sort((left, right) => Number(left.startsWith("data.")) - Number(right.startsWith("data.")) || left.localeCompare(right));
  const fields = [...LEADING, ...middle, ...TRAILING];
  const data = rows.map((row, index) => [
    row.row_index,
    row.task,
    row.status,
    row.run_id ?? "",
    ...middle.map((name) => flatRows[index]![name] ?? ""),
    row.error_message ?? "",
  ]);
  // escapeFormulae: a text cell like "=HYPERLINK(...)" gets a leading ' and stays text in a
  // spreadsheet; numbers (a negative amount) are written as numbers, untouched.
  return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: "\n" });
}
