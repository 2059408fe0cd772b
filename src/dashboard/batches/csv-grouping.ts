// A mapped CSV table → batch items, pure (no React, no network), so it is unit-tested on its own.
// Each column goes to a target (csv-targets.ts): the task, a field of the item (`invoice.total`,
// filled once per item) or a field of a list element (`invoice.lines[].quantity`, one element
// per row). With a key column, rows with the same key value are ONE item: the item's cells must
// agree across its rows (an empty cell repeats the others), and each row adds one element to
// each list it has cells for. Without one, every row is an item (the plain format).
// Repeated list elements: the first list in the schema's order (invoice.lines for AP) is what
// the rows are lines of and keeps every row; in any other list (purchase_order.lines) an
// element identical to an earlier one of the same item is kept once, since files repeat the
// order's lines beside each invoice line.
import { MAX_CSV_ROWS, MAX_TASK_LENGTH, type TCsvProblem, type TCsvTable } from "./csv";
import { buildRowData, cellTypes, coerce, dataIssues, mapColumns, setPath, type TColumnMapping, type TJsonSchema } from "./csv-mapping";
import { IGNORE_TARGET, schemaAtTarget, schemaPaths, TASK_TARGET, targetType, type TTargetChoice } from "./csv-targets";

export type TBatchItem = { task: string; data?: Record<string, unknown> };
export type TGroupedCsv = { rows: TBatchItem[]; problems: TCsvProblem[] };

type TListColumn = { index: number; header: string; list: string; field: string };
type TGroup = { key: string; rows: TCsvTable["rows"] };

const truncate = (text: string): string => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

function groupRows(table: TCsvTable, keyIndex: number, problems: TCsvProblem[], keyHeader: string): TGroup[] {
  if (keyIndex < 0) return table.rows.map((row) => ({ key: "", rows: [row] }));
  const groups = new Map<string, TGroup>();
  for (const row of table.rows) {
    const key = (row.cells[keyIndex] ?? "").trim();
    if (key === "") {
      problems.push({ line: row.line, message: `${keyHeader} is empty: rows are grouped by it` });
      continue;
    }
    const group = groups.get(key) ?? { key, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The item's own cells: the first non-empty value of each column; a different one is a problem. */
function itemCells(group: TGroup, columns: { index: number; header: string }[], keyHeader: string, problems: TCsvProblem[]) {
  const cells: Record<string, string> = {};
  for (const { index, header } of columns) {
    let first: { value: string; line: number } | null = null;
    for (const row of group.rows) {
      const value = row.cells[index] ?? "";
      if (value.trim() === "") continue;
      if (!first) first = { value, line: row.line };
      else if (value.trim() !== first.value.trim()) {
        problems.push({
          line: row.line,
          message: `${header} is "${truncate(value.trim())}" here but "${truncate(first.value.trim())}" on line ${first.line}: rows with ${keyHeader} ${group.key} are one item, so it must be the same`,
        });
      }
    }
    if (first) cells[header] = first.value;
  }
  return cells;
}

/** One list's elements, one per row that has cells for it; the row's line for each. */
function listElements(group: TGroup, columns: TListColumn[], schema: TJsonSchema, dedupe: boolean, problems: TCsvProblem[]) {
  const elements: Record<string, unknown>[] = [];
  const lines: number[] = [];
  const seen = new Set<string>();
  for (const row of group.rows) {
    const element: Record<string, unknown> = {};
    let broken = false;
    for (const column of columns) {
      const cell = row.cells[column.index] ?? "";
      if (cell.trim() === "") continue;
      const coerced = coerce(cell, cellTypes(schemaAtTarget(schema, `${column.list}[].${column.field}`)));
      if ("problem" in coerced) {
        problems.push({ line: row.line, message: `${column.header} ${coerced.problem}` });
        broken = true;
        continue;
      }
      const problem = setPath(element, column.field, coerced.value);
      if (problem) problems.push({ line: row.line, message: problem });
    }
    if (broken || Object.keys(element).length === 0) continue;
    const identity = JSON.stringify(element);
    if (dedupe && seen.has(identity)) continue;
    seen.add(identity);
    elements.push(element);
    lines.push(row.line);
  }
  return { elements, lines };
}

/** The batch items the mapped table makes, and every problem with its line. */
export function groupCsvRows(table: TCsvTable, choice: TTargetChoice, schema: TJsonSchema, agentType?: string): TGroupedCsv {
  const problems: TCsvProblem[] = [];
  const mapped = table.header.map((header, index) => ({ header, index, target: choice.targets[header] ?? IGNORE_TARGET })).filter((column) => column.header !== "");
  const taskColumns = mapped.filter((column) => column.target === TASK_TARGET);
  const keyIndex = choice.keyColumn ? table.header.indexOf(choice.keyColumn) : -1;
  const keyHeader = choice.keyColumn ?? "";
  if (taskColumns.length > 1) problems.push({ line: 1, message: `only one column can be the task (${taskColumns.map((column) => column.header).join(", ")})` });
  if (taskColumns.length === 0 && keyIndex < 0) problems.push({ line: null, message: "Choose the column that holds each item's task, or a key column to group rows by" });
  const fields = mapped.filter((column) => column.target !== TASK_TARGET && column.target !== IGNORE_TARGET);
  const byTarget = new Map<string, string>();
  for (const column of fields) {
    const other = byTarget.get(column.target);
    if (other) problems.push({ line: 1, message: `${other} and ${column.header} both go to ${column.target}` });
    byTarget.set(column.target, column.header);
  }
  if (problems.length > 0) return { rows: [], problems };

  const itemColumns = fields.filter((column) => !column.target.includes("[]"));
  const itemMappings: TColumnMapping[] = itemColumns.map((column) => ({
    column: column.header,
    path: column.target,
    type: targetType(schema, column.target, column.header, agentType),
    known: schemaAtTarget(schema, column.target) !== null || mapColumns([column.header], schema, agentType)[0]!.path === column.target,
  }));
  const listColumns: TListColumn[] = fields
    .filter((column) => column.target.includes("[]"))
    .map((column) => {
      const [list, ...rest] = column.target.split("[]");
      return { index: column.index, header: column.header, list: list!, field: rest.join("[]").replace(/^\./, "") };
    });
  const order = schemaPaths(schema).map((option) => option.path);
  const lists = [...new Set(listColumns.map((column) => column.list))].sort(
    (left, right) => order.findIndex((path) => path.startsWith(`${left}[]`)) - order.findIndex((path) => path.startsWith(`${right}[]`)),
  );

  const groups = groupRows(table, keyIndex, problems, keyHeader);
  if (groups.length > MAX_CSV_ROWS) {
    problems.push({ line: null, message: `The file makes ${groups.length} items; a batch takes at most ${MAX_CSV_ROWS}${keyIndex >= 0 ? "" : " (group rows by a key column to make one item of several rows)"}` });
    return { rows: [], problems };
  }
  const taskColumn = taskColumns[0];
  const rows = groups.map((group): TBatchItem => {
    const firstLine = group.rows[0]!.line;
    const before = problems.length;
    const cells = itemCells(group, [...(taskColumn ? [taskColumn] : []), ...itemColumns], keyHeader, problems);
    const task = taskColumn ? (cells[taskColumn.header] ?? "").trim() : `${keyHeader} ${group.key}`;
    if (task === "") problems.push({ line: firstLine, message: `${taskColumn?.header ?? "task"} is empty` });
    if (task.length > MAX_TASK_LENGTH) problems.push({ line: firstLine, message: `task is longer than ${MAX_TASK_LENGTH} characters` });
    const built = buildRowData(cells, itemMappings, schema);
    for (const message of built.problems) problems.push({ line: firstLine, message });
    const data = built.data;
    const elementLines = new Map<string, number[]>();
    lists.forEach((list, position) => {
      const { elements, lines } = listElements(group, listColumns.filter((column) => column.list === list), schema, position > 0, problems);
      if (elements.length === 0) return;
      const problem = setPath(data, list, elements);
      if (problem) problems.push({ line: firstLine, message: problem });
      elementLines.set(list, lines);
    });
    if (problems.length === before) {
      for (const issue of dataIssues(schema, data)) problems.push({ line: issueLine(issue.path, elementLines) ?? firstLine, message: `${issue.path}: ${issue.message}` });
    }
    return Object.keys(data).length > 0 ? { task, data } : { task };
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { rows, problems };
}

/** A problem inside a list element belongs to the row that made it (`data.invoice.lines.1.sku`). */
function issueLine(path: string, elementLines: Map<string, number[]>): number | null {
  for (const [list, lines] of elementLines) {
    const match = path.match(new RegExp(`^data\\.${list.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(\\d+)(?:\\.|$)`));
    if (match) return lines[Number(match[1])] ?? null;
  }
  return null;
}
