"use client";
// "Try it": a task for one agent in test mode (agents.tryRun, free), then its output and
// steps as they happen (runs.watch, the run page's live subscription, and its timeline).
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { formatJson } from "../lib/format";
import { StepTimeline } from "../runs/run-steps";
import { useLiveRun } from "../runs/use-live-run";
import { switchMode } from "../lib/selection";
import { useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { CodeBlock } from "../ui/code-block";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Field, Input, Textarea } from "../ui/input";

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

  if (!testMode) {
    return (
      <div role="note" className="grid gap-2 text-sm">
        <p>Try it runs in test mode, free. Agents are defined per mode: switch to test mode to try this mode&apos;s agents there.</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => switchMode("test")}>
            Switch to test mode
          </Button>
        </div>
      </div>
    );
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
        <div>
          <Button type="submit" disabled={start.isPending || !task.trim() || Boolean(dataProblem)}>
            {start.isPending ? "Starting…" : "Run in test mode"}
          </Button>
        </div>
      </form>
      {runId ? <TryRunResult runId={runId} /> : null}
    </div>
  );
}

function TryRunResult({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const { detail } = useLiveRun(runId);
  const steps = useQuery(trpc.runs.steps.queryOptions({ id: runId }));
  if (detail.error) return <ErrorMessage error={detail.error} />;
  if (!detail.data) return <Loading label="Starting the run" rows={2} />;
  const { run } = detail.data;
  return (
    <section aria-label="Try it result" className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="try-status" aria-live="polite" className="inline-flex items-center gap-2">
          Status <StatusBadge status={run.status} />
        </span>
        <Link href={`/runs/${run.id}`} className="text-muted-foreground underline">
          Open the run
        </Link>
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
