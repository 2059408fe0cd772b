"use client";
// One item of the queue as a compact card: what was asked, why a person is needed, how long
// is left, who is on it, and the decisions. The details (the whole input and proposal, the
// forms, what the agent did) open on demand; opening them claims the item.
import { AlertTriangleIcon, CheckIcon, SearchCheckIcon, ThumbsDownIcon, ThumbsUpIcon, ChevronDownIcon, ChevronRightIcon, ExternalLinkIcon, MailIcon, MessageSquareIcon, PencilIcon, XIcon } from "lucide-react";
import Link from "next/link";
import { forwardRef, useId, useState } from "react";
import { cn } from "../lib/cn";
import { formatDateTime } from "../lib/format";
import { RunSteps } from "../runs/run-steps";
import { Badge, StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/feedback";
import { Input, Label } from "../ui/input";
import { EditOutputForm, RequestChangesForm, useReviewSchemas } from "./data-forms";
import { IncorrectVerdictForm, RejectForm } from "./decision-forms";
import { decisionLabels, describeDue, formatAge, formatConfidence } from "./format";
import { ApprovalsLine, approvedByMe, quorumOf } from "./item-approvals";
import { ItemMessages } from "./item-messages";
import { JsonBlock } from "./json-block";
import { canPatchData, isSpotCheck, type TChangeRequest, type TRejection, type TTriageForm, type TTriageItem, type TVerdict } from "./types";

export type TDecisionHandlers = {
  approve: () => void;
  approveEdited: (output: Record<string, unknown>) => void;
  reject: (rejection: TRejection) => void;
  requestChanges: (request: TChangeRequest) => void;
  verdict: (verdict: TVerdict) => void;
  openForm: (form: TTriageForm) => void;
  toggleOpen: () => void;
  setNote: (note: string) => void;
};

type TProps = {
  item: TTriageItem;
  focused: boolean;
  open: boolean;
  canWrite: boolean;
  /** Ticked for a bulk approval; undefined where bulk selection does not apply. */
  checked: boolean | undefined;
  claimedByOther: boolean;
  claimedByMe: boolean;
  busy: boolean;
  form: TTriageForm;
  note: string;
  error: unknown;
  /** Said after an approval that did not decide yet ("Approval recorded — needs 1 more"). */
  notice?: string;
  /** The signed-in member's actor label (member:<id>), to tell their own approval. */
  me: string;
  /** Offered after a refusal that names someone else's claim: decide anyway (their claim ends). */
  onForce?: () => void;
  now: number;
  onFocus: () => void;
  onToggleChecked: () => void;
  decide: TDecisionHandlers;
};

/** One line of the input data, for the collapsed card (the whole of it is under Details). */
/** A button that opens and closes a part of the card; a click does not also select the card. */
function DisclosureButton(props: { expanded: boolean; controls: string; keyShortcuts?: string; onToggle: () => void; children: React.ReactNode }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-expanded={props.expanded}
      aria-controls={props.controls}
      aria-keyshortcuts={props.keyShortcuts}
      onClick={(event) => {
        event.stopPropagation();
        props.onToggle();
      }}
    >
      {props.children}
    </Button>
  );
}

function preview(value: unknown): string {
  return value === null || value === undefined ? "—" : JSON.stringify(value).slice(0, 400);
}

export const TriageItemCard = forwardRef<HTMLLIElement, TProps>(function TriageItemCard(
  { item, focused, open, canWrite, checked, claimedByOther, claimedByMe, busy, form, note, error, notice, me, onForce, now, onFocus, onToggleChecked, decide },
  ref,
) {
  const noteId = useId();
  const whyId = useId();
  const detailsId = useId();
  const messagesId = useId();
  const [whyOpen, setWhyOpen] = useState(false);
  const [messagesOpen, setMessagesOpen] = useState(false);
  const run = item.agent_runs;
  const due = item.status === "pending" ? describeDue(item.due_at, now) : null;
  const round = item.round ?? 0;
  const decidable = canWrite && item.status === "pending";
  const spotCheck = isSpotCheck(item);
  const quorum = quorumOf(item);
  // Approved already: only someone else's approval (or a rejection) can move it now.
  const mine = approvedByMe(item, me);
  const title = run.task ?? item.triage_reason;
  // Named by what they do where the proposal says it: "Pay 300.00 USD", "Hold", "Don't pay".
  const labels = decisionLabels(item.proposed_output);
  // The forms' schemas, fetched once the item is focused (before a form opens, so it opens as a form).
  const schemas = useReviewSchemas(item.id, decidable && !spotCheck && (focused || open));
  return (
    <li
      ref={ref}
      data-triage-id={item.id}
      aria-current={focused ? "true" : undefined}
      aria-label={title}
      onClick={focused ? undefined : onFocus}
      className={cn(
        "grid min-w-0 scroll-mt-24 gap-2 rounded-lg border bg-card p-3 shadow-xs transition-shadow",
        focused ? "border-primary ring-2 ring-primary/40" : "cursor-pointer hover:border-foreground/30",
        claimedByOther && !focused && "bg-muted/40",
      )}
    >
      <div className="flex h-5 min-w-0 items-center gap-2">
        {checked !== undefined ? (
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-primary"
            checked={checked}
            aria-label={`Select for bulk approval: ${title}`}
            aria-keyshortcuts="x"
            onClick={(event) => event.stopPropagation()}
            onChange={onToggleChecked}
          />
        ) : null}
        <p className="min-w-0 flex-1 truncate text-sm leading-5 font-medium" title={run.task}>
          {run.task ?? "(no task)"}
        </p>
        <span className="shrink-0 text-xs text-muted-foreground" title={formatDateTime(item.created_at)}>
          {formatAge(item.created_at, now)}
        </span>
        <Link
          href={`/runs/${item.run_id}`}
          className="inline-flex shrink-0 items-center gap-1 text-xs underline underline-offset-4 hover:text-foreground"
          onClick={(event) => event.stopPropagation()}
        >
          Run {item.run_id.slice(0, 8)}
          <ExternalLinkIcon className="size-3" aria-hidden />
        </Link>
      </div>
      <div className="flex min-h-5 min-w-0 flex-wrap items-center gap-1.5 text-xs">
        {spotCheck ? (
          <Badge variant="secondary" data-testid="triage-kind" title="A run that completed on its own, sampled for a verdict">
            <SearchCheckIcon aria-hidden className="size-3" /> Spot check
          </Badge>
        ) : null}
        {item.status !== "pending" ? <StatusBadge status={item.status} /> : null}
        {item.verdict ? <Badge variant={item.verdict === "correct" ? "outline" : "destructive"}>{item.verdict}</Badge> : null}
        <Badge variant="outline" title="Agent">
          <span className="sr-only">Agent: </span>
          {run.agent_type}
          {item.agent_version !== undefined ? ` v${item.agent_version}` : ""}
        </Badge>
        <Badge variant={spotCheck ? "outline" : "warning"} title="Agent confidence">
          {formatConfidence(run.confidence_score)} confident
        </Badge>
        {round > 0 ? (
          <Badge variant="secondary" title="Review round">
            Round {round}
          </Badge>
        ) : null}
        {due ? (
          <Badge variant={due.overdue ? "destructive" : "outline"} data-testid="triage-due" title={item.due_at ? `Due ${formatDateTime(item.due_at)}` : undefined}>
            {due.label}
          </Badge>
        ) : null}
        {claimedByOther ? (
          <Badge variant="secondary" data-testid="triage-claim">
            {item.claimed_by_actor?.name ?? item.claimed_by_name ?? "Someone"} is reviewing
          </Badge>
        ) : claimedByMe ? (
          <Badge variant="outline" data-testid="triage-claim">
            You are reviewing
          </Badge>
        ) : null}
      </div>
      <p className="flex h-5 min-w-0 items-center gap-2 text-sm leading-5">
        <AlertTriangleIcon className="size-4 shrink-0 text-warning" aria-hidden />
        <span className="min-w-0 truncate" title={item.triage_reason}>
          <span className="sr-only">{spotCheck ? "Why it is checked: " : "Why a person is needed: "}</span>
          {item.triage_reason}
        </span>
      </p>
      {quorum ? <ApprovalsLine approvals={quorum} mine={mine} /> : null}
      <p className="h-4 min-w-0 truncate font-mono text-xs leading-4 text-muted-foreground">
        <span className="sr-only">Input data: </span>
        {preview(run.data)}
      </p>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <DisclosureButton expanded={open} controls={detailsId} keyShortcuts="Enter" onToggle={decide.toggleOpen}>
          {open ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />} Details
        </DisclosureButton>
        <DisclosureButton expanded={whyOpen} controls={whyId} onToggle={() => setWhyOpen(!whyOpen)}>
          {whyOpen ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />} Why?
        </DisclosureButton>
        <DisclosureButton expanded={messagesOpen} controls={messagesId} onToggle={() => setMessagesOpen(!messagesOpen)}>
          <MailIcon aria-hidden /> Messages
        </DisclosureButton>
        {decidable && spotCheck && form === null ? (
          <>
            <Button type="button" size="sm" disabled={busy} onClick={() => decide.verdict({ verdict: "correct" })} aria-keyshortcuts="y">
              <ThumbsUpIcon aria-hidden /> Correct
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => decide.openForm("incorrect")} aria-keyshortcuts="n">
              <ThumbsDownIcon aria-hidden /> Incorrect
            </Button>
          </>
        ) : null}
        {decidable && !spotCheck && form === null ? (
          <>
            {mine ? null : (
              <>
                <Button type="button" size="sm" disabled={busy} onClick={decide.approve} aria-keyshortcuts="a" title={labels.approveHint}>
                  <CheckIcon aria-hidden /> {labels.approve}
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => decide.openForm("edit")} aria-keyshortcuts="e">
                  <PencilIcon aria-hidden /> Edit
                </Button>
              </>
            )}
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => decide.openForm("changes")} aria-keyshortcuts="c">
              <MessageSquareIcon aria-hidden /> Request changes
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => decide.openForm("reject")} aria-keyshortcuts="r" title={labels.rejectHint}>
              <XIcon aria-hidden /> {labels.reject}
            </Button>
          </>
        ) : null}
      </div>
      {/* Fetched only when opened: what the agent checked and found, step by step. */}
      <section id={whyId} hidden={!whyOpen} aria-label="What the agent did" className="min-w-0 rounded-md border p-3">
        {whyOpen ? <RunSteps runId={item.run_id} headingLevel={3} /> : null}
      </section>
      {/* Fetched only when opened: who was told of the item by email or chat. */}
      <section id={messagesId} hidden={!messagesOpen} aria-label="Messages sent about this item" className="min-w-0 rounded-md border p-3">
        {messagesOpen ? <ItemMessages itemId={item.id} /> : null}
      </section>
      <section id={detailsId} hidden={!open} aria-label="Details" className="grid min-w-0 gap-3 border-t pt-3">
        {open ? (
          <>
            {run.task && run.task.length > 0 ? <p className="text-sm break-words whitespace-pre-wrap">{run.task}</p> : null}
            <p className="text-sm break-words">
              <span className="text-muted-foreground">{spotCheck ? "Why it is checked: " : "Why a person is needed: "}</span>
              {item.triage_reason}
            </p>
            {form === "changes" ? (
              <RequestChangesForm
                data={run.data}
                canPatch={canPatchData(run.agent_type)}
                schemas={schemas}
                busy={busy}
                onSubmit={decide.requestChanges}
                onCancel={() => decide.openForm(null)}
              />
            ) : null}
            <div className="grid min-w-0 gap-3 md:grid-cols-2">
              {form === "changes" && canPatchData(run.agent_type) ? null : <JsonBlock label="Input data" value={run.data ?? null} />}
              {form === "edit" ? (
                <EditOutputForm proposed={item.proposed_output} schemas={schemas} busy={busy} onSubmit={decide.approveEdited} onCancel={() => decide.openForm(null)} />
              ) : (
                <JsonBlock label={spotCheck ? "Output" : "Proposed output"} value={item.proposed_output} />
              )}
            </div>
            {form === "incorrect" ? <IncorrectVerdictForm busy={busy} onSubmit={decide.verdict} onCancel={() => decide.openForm(null)} /> : null}
            {item.corrected_output ? <JsonBlock label="Corrected output" value={item.corrected_output} /> : null}
            {decidable && !spotCheck && form !== "reject" && form !== "changes" ? (
              <div className="grid gap-1.5 sm:max-w-md">
                <Label htmlFor={noteId}>Note (optional, kept with an approval)</Label>
                <Input id={noteId} value={note} maxLength={5000} onChange={(event) => decide.setNote(event.target.value)} />
              </div>
            ) : null}
            {form === "reject" ? <RejectForm busy={busy} labels={labels} onSubmit={decide.reject} onCancel={() => decide.openForm(null)} /> : null}
          </>
        ) : null}
      </section>
      {notice ? (
        <p role="status" className="text-sm font-medium">
          {notice}
        </p>
      ) : null}
      {error ? <ErrorMessage error={error} /> : null}
      {error && onForce ? (
        <Button type="button" size="sm" variant="destructive" className="justify-self-start" disabled={busy} onClick={onForce}>
          Decide anyway
        </Button>
      ) : null}
    </li>
  );
});
