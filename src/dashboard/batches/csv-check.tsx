// What the CSV check found: every problem with its line, or what is about to be sent.
import { CheckCircle2Icon } from "lucide-react";
import { describeProblem, type TCsvProblem } from "./csv";

const SHOWN_PROBLEMS = 20;

export function CsvCheck({
  problems,
  rowCount,
  lineCount,
  problemsId,
}: {
  problems: TCsvProblem[];
  rowCount: number;
  /** File lines the items came from (more than rowCount when rows are grouped by a key). */
  lineCount: number;
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
        {lineCount > rowCount ? ` (from ${lineCount} lines grouped by the key column)` : ""}.
      </span>
    </p>
  );
}
