"use client";
// Recently decided items: who decided, when, how (approved, edited, rejected, sent back for
// changes), and what that did where the output says it ("Paid 300.00 USD", "Held").
import type { UseQueryResult } from "@tanstack/react-query";
import { formatDateTime } from "../lib/format";
import { Badge, StatusBadge } from "../ui/badge";
import { ErrorMessage, Loading } from "../ui/feedback";
import { describeOutcome } from "./format";
import { REASON_CODE_LABELS, type TTriageItem } from "./types";

export function ResolvedList({ query }: { query: UseQueryResult<{ data: TTriageItem[] }, unknown> }) {
  return (
    <section aria-labelledby="resolved-heading" className="grid gap-3">
      <h2 id="resolved-heading" className="text-base font-semibold">
        Recently resolved
      </h2>
      {query.isPending ? <Loading label="Loading recent decisions" rows={2} /> : null}
      {query.error ? <ErrorMessage error={query.error} /> : null}
      {query.data && query.data.data.length === 0 ? <p className="text-sm text-muted-foreground">No decisions yet.</p> : null}
      {query.data && query.data.data.length > 0 ? (
        <ul className="grid divide-y rounded-lg border bg-card">
          {query.data.data.map((item) => (
            <li key={item.id} data-resolved-id={item.id} className="grid min-w-0 gap-1 p-3 text-sm">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <StatusBadge status={item.status} />
                <span data-testid="resolved-outcome" className="font-semibold">
                  {describeOutcome({ ...item, output: item.status === "approved" ? item.agent_runs.output : undefined })}
                </span>
                <span aria-hidden className="text-muted-foreground">
                  ·
                </span>
                {item.output_edited ? <Badge variant="secondary">edited</Badge> : null}
                {item.reason_code ? <Badge variant="outline">{REASON_CODE_LABELS[item.reason_code]}</Badge> : null}
                {(item.round ?? 0) > 0 ? <Badge variant="secondary">Round {item.round}</Badge> : null}
                <span className="min-w-0 font-medium break-words">{item.agent_runs.task ?? item.triage_reason}</span>
              </div>
              <p className="text-xs text-muted-foreground">
                by <span className="font-medium text-foreground">{item.resolved_by_actor?.name ?? item.resolved_by_name ?? item.resolved_by ?? "unknown"}</span> ·{" "}
                <time dateTime={item.resolved_at ?? undefined}>{formatDateTime(item.resolved_at)}</time>
              </p>
              {item.resolution_note ? <p className="text-xs break-words">“{item.resolution_note}”</p> : null}
              {item.status === "changes_requested" && item.feedback ? <p className="text-xs break-words">Feedback: “{item.feedback}”</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
