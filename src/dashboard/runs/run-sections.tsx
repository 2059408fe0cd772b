"use client";
// Parts of the run page: JSON shown as text, the run's triage history and its review rounds.
import { useQuery } from "@tanstack/react-query";
import { formatDateTime, formatJson } from "../lib/format";
import { useTRPC } from "../trpc";
import { Badge, StatusBadge } from "../ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import type { TRunDetail, TRunStep } from "./types";

/**
 * JSON that scrolls inside itself, so a long value never widens the page; a box that scrolls
 * is a focusable, named region, so the keyboard can reach and scroll it.
 */
export function JsonBlock({ value, testId, label }: { value: unknown; testId?: string; label: string }) {
  if (value === null || value === undefined) {
    return (
      <p className="text-sm text-muted-foreground" data-testid={testId}>
        None
      </p>
    );
  }
  return (
    <pre
      data-testid={testId}
      tabIndex={0}
      role="region"
      aria-label={label}
      className="max-h-96 max-w-full overflow-auto rounded-md bg-muted p-3 text-xs leading-relaxed focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {formatJson(value)}
    </pre>
  );
}

type TTriageItem = NonNullable<TRunDetail["triage_item"]>;

export function TriageHistory({ item }: { item: TTriageItem }) {
  // resolved_by_name comes with the triage work; shown when the server sends it.
  const resolvedByName = (item as TTriageItem & { resolved_by_name?: string | null }).resolved_by_name;
  return (
    <Card className="min-w-0" data-testid="run-triage">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Triage <StatusBadge status={item.status} />
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div>
          <p className="text-xs font-medium text-muted-foreground">Reason</p>
          <p data-testid="triage-reason" className="break-words">
            {item.triage_reason}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <div>
            <dt className="text-xs text-muted-foreground">Raised</dt>
            <dd>{formatDateTime(item.created_at)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Resolved</dt>
            <dd>{formatDateTime(item.resolved_at)}</dd>
          </div>
          <div className="col-span-2 min-w-0">
            <dt className="text-xs text-muted-foreground">Resolved by</dt>
            <dd className="break-words">{item.resolved_by_actor?.name ?? resolvedByName ?? item.resolved_by ?? "—"}</dd>
          </div>
        </dl>
        {item.resolution_note ? (
          <div>
            <p className="text-xs font-medium text-muted-foreground">Note</p>
            <p className="whitespace-pre-wrap break-words">{item.resolution_note}</p>
          </div>
        ) : null}
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground">Proposed output</p>
          <JsonBlock value={item.proposed_output} testId="triage-proposed-output" label="Proposed output" />
        </div>
      </CardContent>
    </Card>
  );
}

type TReviewStep = Extract<TRunStep, { type: "review" }>;
/** A review step with the reason code, when the server adds it to the step. */
type TReviewDetail = TReviewStep["detail"] & { reason_code?: string | null };

const DECISION_LABELS: Record<TReviewStep["detail"]["decision"], string> = {
  approved: "approved",
  rejected: "rejected",
  changes_requested: "changes requested",
  checked: "spot-checked",
};

/** Every review of the run so far, round by round, from its `review` steps (runs.steps). */
export function ReviewRounds({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const steps = useQuery(trpc.runs.steps.queryOptions({ id: runId }));
  const reviews = (steps.data?.data ?? []).filter((step): step is TReviewStep => step.type === "review");
  if (reviews.length === 0) return null;
  return (
    <Card className="min-w-0" data-testid="run-review-rounds">
      <CardHeader>
        <CardTitle>Review rounds</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid min-w-0 gap-3 text-sm">
          {reviews.map((step, index) => {
            const detail = step.detail as TReviewDetail;
            const round = detail.round ?? index;
            return (
              <li key={index} className="grid min-w-0 gap-1.5 rounded-md border p-3" data-decision={detail.decision}>
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">Round {round}</span>
                  <StatusBadge status={detail.decision} />
                  <span className="text-muted-foreground">
                    {DECISION_LABELS[detail.decision]} by {detail.resolved_by_actor?.name ?? detail.resolved_by_name ?? detail.resolved_by ?? "someone"}
                    {step.finished_at ? ` · ${formatDateTime(step.finished_at)}` : ""}
                  </span>
                  {detail.edited ? <Badge variant="secondary">output edited</Badge> : null}
                  {detail.reason_code ? <Badge variant="outline">{detail.reason_code.replace(/_/g, " ")}</Badge> : null}
                </p>
                {detail.feedback ? (
                  <p className="break-words whitespace-pre-wrap">
                    <span className="text-muted-foreground">Feedback: </span>
                    {detail.feedback}
                  </p>
                ) : null}
                {detail.note && detail.note !== detail.feedback ? (
                  <p className="break-words whitespace-pre-wrap">
                    <span className="text-muted-foreground">Note: </span>
                    {detail.note}
                  </p>
                ) : null}
                {detail.data_patch ? (
                  <div className="min-w-0">
                    <p className="text-xs font-medium text-muted-foreground">Patch of the input data</p>
                    <WrappedJson value={detail.data_patch} />
                  </div>
                ) : null}
                {detail.proposed_output ? (
                  <details className="min-w-0">
                    <summary className="cursor-pointer text-xs font-medium">What the agent proposed in this round</summary>
                    <WrappedJson value={detail.proposed_output} />
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

function WrappedJson({ value }: { value: unknown }) {
  return <pre className="min-w-0 rounded-md bg-muted p-2 text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">{formatJson(value)}</pre>;
}
