// What the CSV check found: every problem with its line, or what is about to be sent.
import { CheckCircle2Icon } from "lucide-react";
import { describeProblem, type TParsedCsv } from "./csv";

const SHOWN_PROBLEMS = 20;

export function CsvCheck({ parsed, problemsId }: { parsed: TParsedCsv; problemsId: string }) {
  if (parsed.problems.length > 0) {
    const hidden = parsed.problems.length - SHOWN_PROBLEMS;
    return (
      <div id={problemsId} role="alert" data-testid="csv-problems" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
        <p className="font-medium">Fix {parsed.problems.length === 1 ? "this problem" : `these ${parsed.problems.length} problems`} first; nothing has been sent.</p>
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {parsed.problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
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
        {parsed.rows.length} {parsed.rows.length === 1 ? "row" : "rows"} ready
        {parsed.columns.length ? `; data columns: ${parsed.columns.join(", ")}` : "; no data columns"}.
      </span>
    </p>
  );
}
