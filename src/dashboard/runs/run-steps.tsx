"use client";
// A run's steps as a timeline (runs.steps, the procedure behind GET /v1/runs/{id}/steps):
// what the model was sent and answered, which tools ran, what the agent checked and found,
// and the person's part. Shown on the run page and in a triage card's "Why?" section.
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { formatDateTime, formatJson } from "../lib/format";
import { useTRPC } from "../trpc";
import { Badge, StatusBadge } from "../ui/badge";
import { ErrorMessage, Loading } from "../ui/feedback";
import type { TRunStep } from "./types";

/** Fetches and shows a run's steps; `headingLevel` keeps the page's outline: one below the heading the steps sit under. */
export function RunSteps({ runId, headingLevel = 3 }: { runId: string; headingLevel?: 3 | 4 }) {
  const trpc = useTRPC();
  const steps = useQuery(trpc.runs.steps.queryOptions({ id: runId }));
  if (steps.error) return <ErrorMessage error={steps.error} />;
  if (!steps.data) return <Loading label="Loading the steps" rows={2} />;
  return <StepTimeline steps={steps.data.data} headingLevel={headingLevel} />;
}

export function StepTimeline({ steps, headingLevel }: { steps: TRunStep[]; headingLevel: 3 | 4 }) {
  return (
    <ol aria-label="Steps" data-testid="run-steps" className="grid min-w-0 gap-3 border-l-2 border-muted pl-4">
      {steps.map((step, index) => (
        <StepItem key={index} step={step} number={index + 1} headingLevel={headingLevel} />
      ))}
    </ol>
  );
}

function titleOf(step: TRunStep): string {
  switch (step.type) {
    case "model_call":
      return `Model call ${step.detail.conversation > 1 ? `${step.detail.conversation}.` : ""}${step.detail.attempt}`;
    case "tool_call":
      return `Tool call: ${step.detail.name}`;
    case "agent":
      return `Agent: ${step.detail.agent}`;
    case "triage":
      return "Sent to a person";
    case "review":
      return `Review: ${step.detail.decision} by ${step.detail.resolved_by_actor?.name ?? step.detail.resolved_by_name ?? step.detail.resolved_by ?? "someone"}`;
    case "notification":
      return `${step.detail.kind === "escalated" ? "Escalation" : "Message"} by ${step.detail.channel} to ${step.detail.recipient}`;
    case "approval":
      return `Approved by ${step.detail.by_actor?.name ?? step.detail.by} (${step.detail.position} of ${step.detail.required})`;
  }
}

const DELIVERY_TEXT = { queued: "Queued", sent: "Sent", retrying: "Not delivered yet: retrying", gave_up: "Not delivered: gave up after retries" } as const;

function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function StepItem({ step, number, headingLevel }: { step: TRunStep; number: number; headingLevel: 3 | 4 }) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const duration = formatDuration(step.duration_ms);
  return (
    <li aria-labelledby={headingId} data-step-type={step.type} className="relative grid min-w-0 gap-1.5 text-sm">
      <span aria-hidden className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full border-2 border-background bg-foreground/60" />
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Heading id={headingId} className="font-medium break-words">
          <span className="sr-only">Step {number}: </span>
          {titleOf(step)}
        </Heading>
        <StatusBadge status={step.status} />
        <span className="text-xs text-muted-foreground">
          {step.started_at ? formatDateTime(step.started_at) : "not started"}
          {duration ? ` · ${duration}` : ""}
        </span>
      </div>
      <StepBody step={step} />
    </li>
  );
}

function StepBody({ step }: { step: TRunStep }) {
  switch (step.type) {
    case "agent":
      return (
        <div className="grid min-w-0 gap-1.5">
          <p className="break-words">{step.detail.summary}</p>
          {step.detail.error ? <p className="break-words text-destructive">{step.detail.error}</p> : null}
          {step.detail.checked.length > 0 ? (
            <FactList label="Checked" items={step.detail.checked.map((line) => ({ text: line }))} />
          ) : null}
          {step.detail.found.length > 0 ? (
            <FactList label="Found" items={step.detail.found.map((finding) => ({ text: finding.message, field: finding.field }))} />
          ) : null}
          {step.detail.confidence_score !== null ? (
            <p className="text-xs text-muted-foreground">Confidence {Math.round(step.detail.confidence_score * 100)}%</p>
          ) : null}
        </div>
      );
    case "triage":
      return (
        <p className="break-words">
          <span className="text-muted-foreground">Reason: </span>
          {step.detail.reason}
        </p>
      );
    case "review":
      return (
        <div className="grid gap-1">
          {step.detail.edited ? (
            <p>
              <Badge variant="secondary">output edited</Badge>
            </p>
          ) : null}
          {step.detail.note ? (
            <p className="break-words whitespace-pre-wrap">
              <span className="text-muted-foreground">Note: </span>
              {step.detail.note}
            </p>
          ) : null}
        </div>
      );
    case "notification":
      return (
        <p className="text-xs text-muted-foreground">
          {DELIVERY_TEXT[step.detail.delivery]}
          {step.detail.attempts > 1 ? ` · ${step.detail.attempts} attempts` : ""}
        </p>
      );
    case "approval":
      return step.detail.output_edited ? (
        <p>
          <Badge variant="secondary">output edited</Badge>
        </p>
      ) : null;
    case "tool_call":
      return (
        <Disclosure summary="Arguments and result">
          <Labelled label="Arguments" value={formatJson(step.detail.arguments)} />
          <Labelled label="Result" value={formatJson(step.detail.result)} />
        </Disclosure>
      );
    case "model_call": {
      const { detail } = step;
      const tokens = detail.input_tokens !== null ? ` · ${detail.input_tokens} in / ${detail.output_tokens ?? 0} out tokens` : "";
      return (
        <div className="grid min-w-0 gap-1.5">
          <p className="text-xs break-all text-muted-foreground">
            {detail.model}
            {tokens}
          </p>
          {detail.error ? <p className="break-words text-destructive">{detail.error}</p> : null}
          <Disclosure summary={`Messages sent (${detail.messages.length})`}>
            {detail.messages.map((message, index) => (
              <Labelled key={index} label={message.role} value={messageText(message)} />
            ))}
          </Disclosure>
          {detail.answer ? (
            <Disclosure summary="Answer">
              <Labelled label="assistant" value={messageText(detail.answer)} />
            </Disclosure>
          ) : null}
        </div>
      );
    }
  }
}

type TMessage = Extract<TRunStep, { type: "model_call" }>["detail"]["messages"][number];

function messageText(message: TMessage): string {
  const calls = message.tool_calls.map((call) => `→ ${call.name}(${call.arguments})`);
  return [message.content ?? "", ...calls].filter((part) => part !== "").join("\n") || "(empty)";
}

function FactList({ label, items }: { label: string; items: { text: string; field?: string | null }[] }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <p id={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </p>
      <ul aria-labelledby={id} className="ml-4 list-disc">
        {items.map((item, index) => (
          <li key={index} className="break-words">
            {item.field ? <code className="mr-1 rounded bg-muted px-1 text-xs">{item.field}</code> : null}
            {item.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Native <details>: keyboard and screen-reader support come with the element. */
function Disclosure({ summary, children }: { summary: string; children: React.ReactNode }) {
  return (
    <details className="min-w-0 rounded-md border px-2 py-1">
      <summary className="cursor-pointer text-xs font-medium">{summary}</summary>
      <div className="mt-1 grid min-w-0 gap-2 pb-1">{children}</div>
    </details>
  );
}

function Labelled({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs text-muted-foreground">{label}</p>
      <pre className="max-h-72 min-w-0 overflow-auto rounded-md bg-muted/60 p-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words">
        {value}
      </pre>
    </div>
  );
}
