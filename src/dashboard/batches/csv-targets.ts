// Where each CSV column can go, pure: the agent's input schema's leaf fields as dotted paths
// (a list of objects as `path[].field`: one element per row, see csv-grouping.ts), and the
// first guess for each header: the mapping saved for this agent type, else an exact match.
import { asSchema, cellTypes, mapColumns, schemaAt, typeLabel, unwrapNullable, type TJsonSchema } from "./csv-mapping";

/** The column is left out. */
export const IGNORE_TARGET = "";
/** The column is each item's task. */
export const TASK_TARGET = "(task)";

export type TTargetOption = { path: string; type: string };
export type TTargetChoice = { targets: Record<string, string>; keyColumn: string | null };
export type TSavedMapping = { columns: { header: string; target: string }[]; key_column: string | null };

const MAX_DEPTH = 8;

/** The schema's leaf paths in its own order: `invoice.total`, `invoice.lines[].sku`, … */
export function schemaPaths(schema: TJsonSchema): TTargetOption[] {
  const options: TTargetOption[] = [];
  const visit = (node: TJsonSchema, path: string, inArray: boolean, depth: number) => {
    const shape = unwrapNullable(node);
    const properties = asSchema(shape.properties);
    const items = asSchema(shape.items);
    const itemShape = items ? unwrapNullable(items) : null;
    if (properties && depth < MAX_DEPTH) {
      for (const [name, child] of Object.entries(properties)) {
        const childSchema = asSchema(child);
        if (childSchema) visit(childSchema, path ? `${path}.${name}` : name, inArray, depth + 1);
      }
    } else if (!inArray && itemShape && asSchema(itemShape.properties) && depth < MAX_DEPTH) {
      // One level of lists: a list inside a list element stays one JSON cell.
      visit(itemShape, `${path}[]`, true, depth + 1);
    } else if (path) {
      options.push({ path, type: typeLabel(cellTypes(shape)) });
    }
  };
  visit(schema, "", false, 0);
  return options;
}

/** The schema under a target path (`invoice.lines[].quantity` reads as element 0). */
export function schemaAtTarget(schema: TJsonSchema, target: string): TJsonSchema | null {
  return schemaAt(schema, target.replaceAll("[]", ".0"));
}

/** What a column becomes when it goes to `target` (for the mapping table). */
export function targetType(schema: TJsonSchema, target: string, header: string, agentType?: string): string {
  if (target === TASK_TARGET) return "task";
  if (target === IGNORE_TARGET) return "left out";
  const legacy = mapColumns([header], schema, agentType)[0]!;
  if (legacy.path === target) return legacy.type;
  return typeLabel(cellTypes(schemaAtTarget(schema, target)));
}

const isOpen = (schema: TJsonSchema) => asSchema(unwrapNullable(schema).properties) === null;

/** Whether a stored or typed target still makes sense for this schema and header. */
export function isUsableTarget(schema: TJsonSchema, target: string, header: string, agentType?: string): boolean {
  if (target === IGNORE_TARGET || target === TASK_TARGET || target === header) return true;
  if (mapColumns([header], schema, agentType)[0]!.path === target) return true;
  return schemaAtTarget(schema, target) !== null;
}

/**
 * The first guess: a saved mapping's target for a header it names; else `task` for a column
 * called task; else the path the header spells (`invoice.total`, `invoice.lines[].sku`, or a
 * whole list as JSON, `invoice.lines`); else, for an open schema, the header as a text field;
 * else left out. The saved key column is kept when the file has it.
 */
export function suggestTargets(header: string[], schema: TJsonSchema, agentType: string, saved: TSavedMapping | null): TTargetChoice {
  const savedTargets = new Map((saved?.columns ?? []).map((column) => [column.header, column.target]));
  const targets: Record<string, string> = {};
  let taskTaken = false;
  for (const column of header) {
    if (column === "") continue;
    const remembered = savedTargets.get(column);
    if (remembered !== undefined && isUsableTarget(schema, remembered, column, agentType)) {
      targets[column] = remembered;
    } else if (column.toLowerCase() === "task" && !taskTaken) {
      targets[column] = TASK_TARGET;
    } else {
      const legacy = mapColumns([column], schema, agentType)[0]!;
      targets[column] = schemaAtTarget(schema, column) !== null ? column : legacy.known && !isOpen(schema) ? legacy.path : isOpen(schema) ? column : IGNORE_TARGET;
    }
    if (targets[column] === TASK_TARGET) taskTaken = true;
  }
  const keyColumn = saved?.key_column && header.includes(saved.key_column) ? saved.key_column : null;
  return { targets, keyColumn };
}
