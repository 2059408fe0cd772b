"use client";
// One evaluation: a live progress bar while it runs (evaluations.get every second), then its
// result against the baseline (summary, chart and table per band), the release gate, and
// the cases people and the version disagreed on, each with expected and output side by side.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { runDetached } from "../lib/detached";
import { formatDateTime, formatNumber } from "../lib/format";
import { formatRate } from "../quality/types";
import { useTRPC } from "../trpc";
import { Badge, StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Pager } from "../ui/pager";
import { EvaluationChart } from "./evaluation-chart";
import { GateResult } from "./gate-result";
import { JsonDiff, JsonPane } from "./json-diff";
import { evaluationLive, formatPoints, settledCases, type TEvaluation, type TEvaluationCase } from "./types";

const POLL_MS = 1_000;
const CASES_PER_PAGE = 5;

export function EvaluationPanel({ name, evaluationId, canWrite, onClose }: { name: string; evaluationId: string; canWrite: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(
    trpc.evaluations.get.queryOptions(
      { name, id: evaluationId },
      { refetchInterval: (current) => (current.state.data && !evaluationLive(current.state.data.evaluation.status) ? false : POLL_MS) },
    ),
  );
  const status = query.data?.evaluation.status;
  // When it ends, the version list's "latest evaluation" changes too.
  const lastStatus = useRef(status);
  useEffect(() => {
    if (lastStatus.current && status && lastStatus.current !== status && !evaluationLive(status)) {
      runDetached(queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ name }) }), "refreshing the versions");
    }
    lastStatus.current = status;
  }, [status, name, queryClient, trpc]);
  const cancel = useMutation(
    trpc.evaluations.cancel.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(trpc.evaluations.get.queryKey({ name, id: evaluationId }), answer),
    }),
  );

  const evaluation = query.data?.evaluation;
  const title = evaluation ? `Evaluation of v${evaluation.version}` : "Evaluation";
  return (
    <section aria-label={title} className="grid min-w-0 gap-4 rounded-lg border p-4" data-testid="evaluation-panel">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h4 className="font-medium">
            {title} {evaluation ? <StatusBadge status={evaluation.status} /> : null}
          </h4>
          {evaluation ? (
            <p className="text-xs text-muted-foreground">
              Started {formatDateTime(evaluation.created_at)} · baseline v{evaluation.baseline_version} · {formatNumber(evaluation.credits)} credits
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {evaluation && canWrite && evaluationLive(evaluation.status) ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  Cancel evaluation
                </Button>
              }
              title={`Cancel the evaluation of v${evaluation.version}?`}
              description="Cases already running finish; the cases not started are refunded."
              confirmLabel="Cancel evaluation"
              cancelLabel="Keep it running"
              onConfirm={() => cancel.mutateAsync({ name, id: evaluationId })}
            />
          ) : null}
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      <ErrorMessage error={query.error} />
      {!evaluation ? query.error ? null : <Loading label="Loading the evaluation" rows={2} /> : <EvaluationBody name={name} evaluation={evaluation} />}
    </section>
  );
}

function EvaluationProgress({ evaluation }: { evaluation: TEvaluation }) {
  const settled = settledCases(evaluation);
  const share = (count: number) => (evaluation.cases === 0 ? 0 : (count / evaluation.cases) * 100);
  const text = `${formatNumber(settled)} of ${formatNumber(evaluation.cases)} cases done${evaluation.failed_cases ? ` (${formatNumber(evaluation.failed_cases)} failed)` : ""}`;
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label="Cases evaluated"
        aria-valuemin={0}
        aria-valuemax={evaluation.cases}
        aria-valuenow={settled}
        aria-valuetext={text}
        className="flex h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-success transition-[width]" style={{ width: `${share(evaluation.completed_cases)}%` }} />
        <div className="h-full bg-destructive transition-[width]" style={{ width: `${share(evaluation.failed_cases)}%` }} />
      </div>
      <p data-testid="evaluation-progress-text" className="text-sm tabular-nums text-muted-foreground" aria-live="polite">
        {text}
      </p>
    </div>
  );
}

function EvaluationBody({ name, evaluation }: { name: string; evaluation: TEvaluation }) {
  const live = evaluationLive(evaluation.status);
  return (
    <div className="grid min-w-0 gap-4">
      <EvaluationProgress evaluation={evaluation} />
      <div className="min-w-0 overflow-x-auto">
        <table className="w-full text-sm" aria-label="Against the baseline">
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="px-3 py-2 font-medium text-muted-foreground">
                <span className="sr-only">Version</span>
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium text-muted-foreground">Agreement</th>
              <th scope="col" className="px-3 py-2 text-right font-medium text-muted-foreground">Review rate</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b" data-testid="evaluation-candidate">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                v{evaluation.version} <Badge variant="secondary">evaluated</Badge>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatRate(evaluation.agreement_rate)}{" "}
                <span className="text-xs text-muted-foreground">({formatPoints(evaluation.agreement_rate, evaluation.baseline.agreement_rate)})</span>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatRate(evaluation.review_rate)}</td>
            </tr>
            <tr data-testid="evaluation-baseline">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                v{evaluation.baseline.version} <Badge variant="outline">baseline</Badge>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{formatRate(evaluation.baseline.agreement_rate)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatRate(evaluation.baseline.review_rate)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" aria-label="Outcomes">
        <div>
          <dt className="text-muted-foreground">Agreed</dt>
          <dd data-testid="evaluation-agreed" className="tabular-nums">{formatNumber(evaluation.agreed)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Disagreed</dt>
          <dd data-testid="evaluation-disagreed" className="tabular-nums">{formatNumber(evaluation.disagreed)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Sent to review</dt>
          <dd data-testid="evaluation-sent-to-review" className="tabular-nums">{formatNumber(evaluation.sent_to_review)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Failed</dt>
          <dd className="tabular-nums">{formatNumber(evaluation.failed_cases)}</dd>
        </div>
      </dl>
      {evaluation.by_band.some((band) => band.cases > 0) ? <EvaluationChart evaluation={evaluation} /> : null}
      {live ? null : <GateResult gate={evaluation.gate} label="Release gate" />}
      <Disagreements name={name} evaluation={evaluation} />
    </div>
  );
}

function Disagreements({ name, evaluation }: { name: string; evaluation: TEvaluation }) {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const live = evaluationLive(evaluation.status);
  const cases = useQuery(trpc.evaluations.cases.queryOptions({ name, id: evaluation.id, outcome: "disagreed", limit: CASES_PER_PAGE, offset }));
  // While it runs, new disagreements arrive: the list is read again whenever the evaluation's
  // own polling shows progress, and once more when it ends (not on the first render: the
  // query has just been read).
  const { refetch } = cases;
  const progress = `${evaluation.status}:${evaluation.disagreed}`;
  const seen = useRef(progress);
  useEffect(() => {
    if (seen.current === progress) return;
    seen.current = progress;
    runDetached(refetch(), "reading the disagreements");
  }, [progress, refetch]);
  return (
    <section aria-labelledby={`disagreements-${evaluation.id}`} className="grid min-w-0 gap-3">
      <h5 id={`disagreements-${evaluation.id}`} className="font-medium">
        Disagreements ({formatNumber(evaluation.disagreed)})
      </h5>
      <ErrorMessage error={cases.error} />
      {cases.isPending ? (
        <Loading label="Loading the disagreements" rows={1} />
      ) : cases.data && cases.data.data.length > 0 ? (
        <>
          <ol className="grid gap-4">
            {cases.data.data.map((item) => (
              <DisagreementCase key={item.run_id} item={item} />
            ))}
          </ol>
          <Pager offset={offset} limit={CASES_PER_PAGE} total={cases.data.total} onChange={setOffset} label="Disagreement pages" />
        </>
      ) : cases.data ? (
        <p className="text-sm text-muted-foreground">{live ? "None so far." : "None: the version did what people decided on every judged case."}</p>
      ) : null}
    </section>
  );
}

function DisagreementCase({ item }: { item: TEvaluationCase }) {
  const expectsReview = "review" in item.expected;
  return (
    <li className="grid min-w-0 gap-2 rounded-md border p-3" aria-label={`Case of run ${item.run_id}`} data-run-id={item.run_id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <a className="font-mono text-xs underline underline-offset-2" href={`/runs/${encodeURIComponent(item.run_id)}`}>
          Run {item.run_id.slice(0, 8)}
        </a>
        <span className="text-muted-foreground">Confidence {item.confidence === null ? "—" : item.confidence.toFixed(2)}</span>
        {item.differences.length ? (
          <span className="text-muted-foreground">
            Differs at <span className="font-mono">{item.differences.map((pointer) => pointer || "/").join(", ")}</span>
          </span>
        ) : null}
      </div>
      {expectsReview ? (
        <div className="grid gap-2">
          <p className="text-sm">Expected: a person should review it (a person rejected this run), but this version completed it on its own.</p>
          <JsonPane label="Output (this version)" value={item.output} differences={[""]} tone="output" />
        </div>
      ) : (
        <JsonDiff expected={"output" in item.expected ? item.expected.output : null} output={item.output} differences={item.differences} />
      )}
    </li>
  );
}
