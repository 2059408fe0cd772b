"use client";
// One item of the queue: what the agent was asked, what it saw, what it proposes and why a
// person is needed, with the decisions a reviewer can take on it.
import { AlertTriangleIcon, CheckIcon, ChevronDownIcon, ChevronRightIcon, PencilIcon, XIcon } from "lucide-react";
import { forwardRef, useId, useState } from "react";
import { cn } from "../lib/cn";
import { formatDateTime } from "../lib/format";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/feedback";
import { Input, Label } from "../ui/input";
import { RunSteps } from "../runs/run-steps";
import { EditOutputForm, RejectForm } from "./decision-forms";
import { formatAge, formatConfidence } from "./format";
import { JsonBlock } from "./json-block";
import type { TTriageForm, TTriageItem } from "./types";

export type TDecisionHandlers = {
  approve: (output?: Record<string, unknown>) => void;
  reject: (reason: string) => void;
  openForm: (form: TTriageForm) => void;
  setNote: (note: string) => void;
};

type TProps = {
  item: TTriageItem;
  selected: boolean;
  canWrite: boolean;
  busy: boolean;
  form: TTriageForm;
  note: string;
  error: unknown;
  now: number;
  onSelect: () => void;
  decide: TDecisionHandlers;
};

export const TriageItemCard = forwardRef<HTMLLIElement, TProps>(function TriageItemCard(
  { item, selected, canWrite, busy, form, note, error, now, onSelect, decide },
  ref,
) {
  const noteId = useId();
  const whyId = useId();
  const [whyOpen, setWhyOpen] = useState(false);
  const run = item.agent_runs;
  // The agent's version comes with custom agents (issue 19); shown when the server sends it.
  const version = (run as { agent_version?: number | null }).agent_version ?? (item as { agent_version?: number | null }).agent_version ?? null;
  return (
    <li
      ref={ref}
      data-triage-id={item.id}
      aria-current={selected ? "true" : undefined}
      aria-label={run.task ?? item.triage_reason}
      onClick={selected ? undefined : onSelect}
      className={cn(
        "grid min-w-0 scroll-mt-20 gap-3 rounded-lg border bg-card p-4 shadow-xs transition-shadow",
        selected ? "border-primary ring-2 ring-primary/40" : "cursor-pointer hover:border-foreground/30",
      )}
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words">{run.task ?? "(no task)"}</p>
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <Badge variant="outline" title="Agent">
            <span className="sr-only">Agent: </span>
            {run.agent_type}
            {version !== null ? ` v${version}` : ""}
          </Badge>
          <Badge variant="warning" title="Agent confidence">
            {formatConfidence(run.confidence_score)} confident
          </Badge>
          <span className="text-muted-foreground" title={formatDateTime(item.created_at)}>
            {formatAge(item.created_at, now)}
          </span>
        </div>
      </div>
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span className="min-w-0 break-words">
          <span className="sr-only">Why a person is needed: </span>
          {item.triage_reason}
        </span>
      </p>
      <div className="grid min-w-0 gap-3 md:grid-cols-2">
        <JsonBlock label="Input data" value={run.data ?? null} />
        {form === "edit" ? (
          <EditOutputForm proposed={item.proposed_output} busy={busy} onSubmit={(output) => decide.approve(output)} onCancel={() => decide.openForm(null)} />
        ) : (
          <JsonBlock label="Proposed output" value={item.proposed_output} />
        )}
      </div>
      <div className="grid min-w-0 gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          aria-expanded={whyOpen}
          aria-controls={whyId}
          onClick={() => setWhyOpen(!whyOpen)}
        >
          {whyOpen ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />} Why?
        </Button>
        {/* Fetched only when opened: what the agent checked and found, step by step. */}
        <section id={whyId} hidden={!whyOpen} aria-label="What the agent did" className="min-w-0 rounded-md border p-3">
          {whyOpen ? <RunSteps runId={item.run_id} headingLevel={3} /> : null}
        </section>
      </div>
      {canWrite ? (
        <div className="grid gap-2 border-t pt-3">
          {selected && form !== "reject" ? (
            <div className="grid gap-1.5 sm:max-w-md">
              <Label htmlFor={noteId}>Note (optional, kept with an approval)</Label>
              <Input id={noteId} value={note} maxLength={5000} onChange={(event) => decide.setNote(event.target.value)} />
            </div>
          ) : null}
          {form === "reject" ? <RejectForm busy={busy} onSubmit={decide.reject} onCancel={() => decide.openForm(null)} /> : null}
          {/* While editing, the editor's own buttons decide. */}
          {form === null ? (
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" disabled={busy} onClick={() => decide.approve()} aria-keyshortcuts="a">
                <CheckIcon aria-hidden /> Approve
              </Button>
              <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => decide.openForm("edit")} aria-keyshortcuts="e">
                <PencilIcon aria-hidden /> Edit
              </Button>
              <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => decide.openForm("reject")} aria-keyshortcuts="r">
                <XIcon aria-hidden /> Reject
              </Button>
            </div>
          ) : null}
          {error ? <ErrorMessage error={error} /> : null}
        </div>
      ) : null}
    </li>
  );
});
