// What the CSV check found: every problem with its line, or what is about to be sent; and how
// each column maps onto the agent's input schema (csv-mapping.ts).
import { CheckCircle2Icon } from "lucide-react";
import { describeProblem, type TCsvProblem } from "./csv";
import type { TColumnMapping } from "./csv-mapping";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

const SHOWN_PROBLEMS = 20;

export function CsvCheck({
  problems,
  rowCount,
  columns,
  problemsId,
}: {
  problems: TCsvProblem[];
  rowCount: number;
  columns: string[];
  problemsId: string;
}) {
  if (problems.length > 0) {
    const hidden = problems.length - SHOWN_PROBLEMS;
    return (
      <div id={problemsId} role="alert" data-testid="csv-problems" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
        <p className="font-medium">Fix {problems.length === 1 ? "this problem" : `these ${problems.length} problems`} first; nothing has been sent.</p>
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
            <li key={index} className="break-words">
              {describeProblem(problem)}
            </li>
          ))}
        </ul>
        {hidden > 0 ? <p className="mt-1 text-muted-foreground">…and {hidden} more.</p> : null}
      </div>
    );
  }
  return (
    <p data-testid="csv-ready" className="flex items-start gap-2 text-sm text-muted-foreground">
      <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
      <span>
        {rowCount} {rowCount === 1 ? "row" : "rows"} ready
        {columns.length ? `; data columns: ${columns.join(", ")}` : "; no data columns"}.
      </span>
    </p>
  );
}

/** Column → data path and type, as the rows will be sent. */
export function ColumnMapping({ mappings, agentType }: { mappings: TColumnMapping[]; agentType: string }) {
  if (mappings.length === 0) return null;
  return (
    <div className="max-h-48 overflow-auto rounded-md border">
      <Table aria-label="Column mapping">
        <TableHeader>
          <TableRow>
            <TableHead>Column</TableHead>
            <TableHead>Goes to</TableHead>
            <TableHead>As</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {mappings.map((mapping) => (
            <TableRow key={mapping.column} data-testid="column-mapping-row">
              <TableCell className="font-mono text-xs">{mapping.column}</TableCell>
              <TableCell className="font-mono text-xs">data.{mapping.path}</TableCell>
              <TableCell className="text-xs">
                {mapping.type}
                {mapping.known ? null : <span className="text-muted-foreground"> · not in {agentType}&apos;s input schema</span>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
