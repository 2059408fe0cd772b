"use client";
// "Try it": a task for one agent in test mode (agents.tryRun, free), then its output and
// steps as they happen (runs.watch, the run page's live subscription, and its timeline).
// In live mode it tries the live agent in test mode too (free, within the test-mode
// allowance of model-backed runs); that run belongs to test mode, so the page polls it
// through agents.tryResult instead of watching it in the page's mode.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { formatJson } from "../lib/format";
import { StepTimeline } from "../runs/run-steps";
import { useLiveRun } from "../runs/use-live-run";
import { useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { CodeBlock } from "../ui/code-block";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Field, Textarea } from "../ui/input";

export function TryIt({ name }: { name: string }) {
  const trpc = useTRPC();
  const id = useId();
  const testMode = useSession().current.mode === "test";
  const [task, setTask] = useState("");
  const [dataText, setDataText] = useState("");
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation(trpc.agents.tryRun.mutationOptions({ onSuccess: (started) => setRunId(started.run_id) }));
  let data: Record<string, unknown> | undefined;
  let dataProblem: string | undefined;
  if (dataText.trim()) {
    try {
      const parsed: unknown = JSON.parse(dataText);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
      else dataProblem = "data must be a JSON object";
    } catch (error) {
      dataProblem = `Not valid JSON: ${(error as Error).message}`;
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dataProblem) return;
    setRunId(null);
    start.mutate({ name, task, data });
  };
  return (
    <div className="grid gap-3">
      <form aria-label={`Try ${name}`} onSubmit={submit} className="grid gap-3" noValidate>
        <Field id={`${id}-task`} label="Task">
          <Textarea id={`${id}-task`} rows={2} value={task} onChange={(event) => setTask(event.target.value)} required />
        </Field>
        <Field id={`${id}-data`} label="Data (JSON, optional)" error={dataProblem}>
          <Textarea
            id={`${id}-data`}
            rows={3}
            spellCheck={false}
            className="font-mono text-xs"
            value={dataText}
            onChange={(event) => setDataText(event.target.value)}
            aria-invalid={dataProblem ? true : undefined}
          />
        </Field>
        <ErrorMessage error={start.error} />
        {testMode ? null : (
          <p className="text-sm text-muted-foreground">
            Runs in test mode, free (within the day&apos;s test-mode allowance of model runs): this agent&apos;s live version is tried there, and the run is listed in test mode.
          </p>
        )}
        <div>
          <Button type="submit" disabled={start.isPending || !task.trim() || Boolean(dataProblem)}>
            {start.isPending ? "Starting…" : "Run in test mode"}
          </Button>
        </div>
      </form>
      {runId ? testMode ? <TryRunResult runId={runId} /> : <PolledTryRunResult runId={runId} /> : null}
    </div>
  );
}

const SETTLED = ["completed", "failed", "cancelled", "pending_triage"];

function TryRunResult({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const { detail } = useLiveRun(runId);
  const steps = useQuery(trpc.runs.steps.queryOptions({ id: runId }));
  if (detail.error) return <ErrorMessage error={detail.error} />;
  if (!detail.data) return <Loading label="Starting the run" rows={2} />;
  return <TryRunView run={detail.data.run} steps={steps} link />;
}

/** A live agent's try, a test-mode run: polled (once a second) until it settles. */
function PolledTryRunResult({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const result = useQuery(
    trpc.agents.tryResult.queryOptions({ id: runId }, { refetchInterval: (query) => (query.state.data && SETTLED.includes(query.state.data.run.status) ? false : 1000) }),
  );
  if (result.error) return <ErrorMessage error={result.error} />;
  if (!result.data) return <Loading label="Starting the run" rows={2} />;
  return <TryRunView run={result.data.run} steps={{ data: { data: result.data.steps }, error: null }} link={false} />;
}

type TTryRun = { id: string; status: string; error_message?: string | null; output?: unknown };
type TSteps = Parameters<typeof StepTimeline>[0]["steps"];

function TryRunView({ run, steps, link }: { run: TTryRun; steps: { data?: { data: TSteps }; error: unknown }; link: boolean }) {
  return (
    <section aria-label="Try it result" className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="try-status" aria-live="polite" className="inline-flex items-center gap-2">
          Status <StatusBadge status={run.status} />
        </span>
        {link ? (
          <Link href={`/runs/${run.id}`} className="text-muted-foreground underline">
            Open the run
          </Link>
        ) : (
          <span className="text-muted-foreground">A test-mode run</span>
        )}
      </div>
      {run.error_message ? <p className="text-sm text-destructive">{run.error_message}</p> : null}
      {run.output ? (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">Output</h4>
          <CodeBlock aria-label="Output" className="max-h-72 bg-muted/40 p-2">
            {formatJson(run.output)}
          </CodeBlock>
        </div>
      ) : null}
      <h4 className="text-sm font-medium">Steps</h4>
      {steps.error ? <ErrorMessage error={steps.error} /> : steps.data ? <StepTimeline steps={steps.data.data} headingLevel={4} /> : null}
    </section>
  );
}
