"use client";
// /runs/[id]: one run, live (use-live-run.ts), with its steps, triage history and deliveries.
import { ArrowLeftIcon } from "lucide-react";
import Link from "next/link";
import { formatDateTime } from "../lib/format";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan } from "../shell/session-context";
import { StatusBadge } from "../ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage, Loading } from "../ui/feedback";
import { CancelRunButton } from "./cancel-run-button";
import { RunDeliveries } from "./run-deliveries";
import { RunDecisions } from "./run-decisions";
import { JsonBlock, ReviewRounds, TriageHistory } from "./run-sections";
import { RunSteps } from "./run-steps";
import { CANCELLABLE_STATUSES, formatConfidence, formatCount, TERMINAL_STATUSES } from "./types";
import { useLiveRun } from "./use-live-run";

export function RunDetail({ runId }: { runId: string }) {
  const canRun = useCan("agents:run");
  const canReadWebhooks = useCan("webhooks:read");
  const canDecide = useCan("triage:write");
  const { detail, live } = useLiveRun(runId);

  const back = (
    <Link href="/runs" className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeftIcon className="size-4" aria-hidden /> All runs
    </Link>
  );
  if (detail.error) {
    return (
      <>
        {back}
        <ErrorMessage error={detail.error} />
      </>
    );
  }
  if (!detail.data) {
    return (
      <>
        {back}
        <Loading label="Loading the run" rows={4} />
      </>
    );
  }

  const { run, triage_item: triageItem } = detail.data;
  return (
    <>
      {back}
      <PageHeader
        title={`Run ${run.id.slice(0, 8)}`}
        description={`${run.agent_type} · created ${formatDateTime(run.created_at)}`}
        actions={canRun && CANCELLABLE_STATUSES.includes(run.status) ? <CancelRunButton runId={run.id} /> : null}
      />
      <div className="grid min-w-0 gap-4">
        <Card>
          <CardContent className="pt-4">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
              <Fact label="Status">
                <span data-testid="run-status" aria-live="polite" className="inline-flex items-center gap-2">
                  <StatusBadge status={run.status} />
                  {live ? <span className="text-xs text-muted-foreground">live</span> : null}
                </span>
              </Fact>
              <Fact label="Confidence">{formatConfidence(run.confidence_score)}</Fact>
              <Fact label="Agent type">{run.agent_type}</Fact>
              <Fact label="Priority">{run.priority}</Fact>
              <Fact label="Started">{formatDateTime(run.started_at)}</Fact>
              <Fact label="Finished">{formatDateTime(run.completed_at)}</Fact>
              <Fact label="Mode">{run.livemode ? "live" : "test"}</Fact>
              <Fact label="Review round">{run.review_round}</Fact>
              <Fact label="Resolution">
                <span data-testid="run-resolution">{run.resolution ? run.resolution.replace(/_/g, " ") : "—"}</span>
                {run.reason_code ? <span className="text-muted-foreground"> ({run.reason_code.replace(/_/g, " ")})</span> : null}
              </Fact>
              <Fact label="Batch">
                {run.batch_id ? (
                  <Link className="underline underline-offset-4" href={`/batches/${run.batch_id}`}>
                    {run.batch_id.slice(0, 8)}
                  </Link>
                ) : (
                  "—"
                )}
              </Fact>
            </dl>
            {run.model_usage ? (
              <dl data-testid="run-model-usage" className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 border-t pt-3 text-sm sm:grid-cols-4">
                <Fact label="Model">
                  <span className="break-all">{run.model_usage.model}</span>
                </Fact>
                <Fact label="Model calls">{formatCount(run.model_usage.calls)}</Fact>
                <Fact label="Input tokens">{formatCount(run.model_usage.input_tokens)}</Fact>
                <Fact label="Output tokens">{formatCount(run.model_usage.output_tokens)}</Fact>
              </dl>
            ) : null}
          </CardContent>
        </Card>

        {canDecide && triageItem?.status === "pending" && run.status === "pending_triage" ? <RunDecisions run={run} item={triageItem} /> : null}
        {run.error_message ? (
          <div role="alert" data-testid="run-error" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            <p className="font-medium">Error</p>
            <p className="break-words">{run.error_message}</p>
          </div>
        ) : null}

        <div className="grid min-w-0 gap-4 lg:grid-cols-2">
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Input</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div>
                <p className="text-xs font-medium text-muted-foreground">Task</p>
                <p data-testid="run-task" className="whitespace-pre-wrap break-words text-sm">
                  {run.task}
                </p>
              </div>
              <div>
                <p className="text-xs font-medium text-muted-foreground">Data</p>
                <JsonBlock value={run.data} testId="run-data" label="Input data" />
              </div>
            </CardContent>
          </Card>
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Output</CardTitle>
            </CardHeader>
            <CardContent>
              {run.output ? (
                <JsonBlock value={run.output} testId="run-output" label="Output" />
              ) : (
                <p className="text-sm text-muted-foreground" data-testid="run-output">
                  {run.status === "pending_triage"
                    ? "Waiting for a person: the agent's proposal is under Triage below."
                    : TERMINAL_STATUSES.includes(run.status)
                      ? "No output."
                      : "Not finished yet."}
                </p>
              )}
            </CardContent>
          </Card>
        </div>

        <Card className="min-w-0" data-testid="run-steps-card">
          <CardHeader>
            <CardTitle>Steps</CardTitle>
          </CardHeader>
          <CardContent>
            <RunSteps runId={run.id} headingLevel={3} />
          </CardContent>
        </Card>

        {triageItem ? <TriageHistory item={triageItem} /> : null}
        <ReviewRounds runId={run.id} />
        {canReadWebhooks ? <RunDeliveries runId={run.id} runStatus={run.status} /> : null}
      </div>
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}
