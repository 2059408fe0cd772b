// The mapping step of "New batch from CSV": for each of the file's headers, a select of where
// its cells go (the task, one of the agent's input fields from csv-targets.ts, kept as is, or
// left out), and the key column that groups rows into one item (csv-grouping.ts).
import type { TCsvTable } from "./csv";
import type { TJsonSchema } from "./csv-mapping";
import { IGNORE_TARGET, schemaPaths, targetType, TASK_TARGET, type TTargetChoice } from "./csv-targets";
import { Field, Select } from "../ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

const NO_KEY = "";

export function CsvMappingStep({
  id,
  table,
  schema,
  agentType,
  choice,
  onChange,
}: {
  id: string;
  table: TCsvTable;
  schema: TJsonSchema;
  agentType: string;
  choice: TTargetChoice;
  onChange: (choice: TTargetChoice) => void;
}) {
  const options = schemaPaths(schema);
  const headers = table.header.filter((header) => header !== "");
  const example = (index: number) => table.rows.find((row) => (row.cells[index] ?? "").trim() !== "")?.cells[index]?.trim() ?? "";
  return (
    <section aria-label="Map your columns" className="grid min-w-0 gap-3 rounded-md border p-3">
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">Map your columns</h3>
        <p className="text-xs text-muted-foreground">
          Choose where each column goes. Headers that name a field are mapped already; the mapping is kept for {agentType} next time.
        </p>
      </div>
      <Field
        id={`${id}-key`}
        label="Group rows by (key column)"
        hint="Rows with the same value become one item: their list columns (…[]) add one element per row, their other cells must agree."
      >
        <Select id={`${id}-key`} value={choice.keyColumn ?? NO_KEY} onChange={(event) => onChange({ ...choice, keyColumn: event.target.value === NO_KEY ? null : event.target.value })}>
          <option value={NO_KEY}>No grouping: each row is one item</option>
          {headers.map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
        </Select>
      </Field>
      <div className="overflow-x-auto rounded-md border">
        <Table aria-label="Column mapping">
          <TableHeader>
            <TableRow>
              <TableHead>Your column</TableHead>
              <TableHead>Example</TableHead>
              <TableHead>Goes to</TableHead>
              <TableHead>As</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {table.header.map((header, index) => {
              if (header === "") return null;
              const target = choice.targets[header] ?? IGNORE_TARGET;
              const listed = target === IGNORE_TARGET || target === TASK_TARGET || target === header || options.some((option) => option.path === target);
              return (
                <TableRow key={header} data-testid="column-mapping-row">
                  <TableCell className="font-mono text-xs">{header}</TableCell>
                  <TableCell className="max-w-40 truncate text-xs text-muted-foreground">{example(index)}</TableCell>
                  <TableCell>
                    <Select
                      aria-label={`Map column ${header}`}
                      className="h-8 min-w-56 text-xs"
                      value={target}
                      onChange={(event) => onChange({ ...choice, targets: { ...choice.targets, [header]: event.target.value } })}
                    >
                      <option value={IGNORE_TARGET}>Leave out</option>
                      <option value={TASK_TARGET}>task</option>
                      {listed ? null : <option value={target}>{target}</option>}
                      {options.some((option) => option.path === header) ? null : <option value={header}>data.{header} (as it is)</option>}
                      {options.map((option) => (
                        <option key={option.path} value={option.path}>
                          {option.path}
                        </option>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell className="text-xs">{targetType(schema, target, header, agentType)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
