"use client";
// The triage queue: runs the agents were unsure of, soonest due first, for a person to
// approve, edit, send back or reject, and spot checks of runs that completed on their own,
// for a verdict (y correct, n incorrect), by mouse or by keyboard alone. Compact cards, details
// on demand; filters in the URL; the list refreshes live (SSE), not by polling.
import { useEffect, useRef, useState } from "react";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan } from "../shell/session-context";
import { cn } from "../lib/cn";
import { Button } from "../ui/button";
import { EmptyState, ErrorMessage, Skeleton } from "../ui/feedback";
import { BulkApproveDialog } from "./bulk-approve-dialog";
import { KeyHint } from "./key-hint";
import { QueueFilters } from "./queue-filters";
import { ResolvedList } from "./resolved-list";
import { TriageItemCard } from "./triage-item-card";
import { UndoToasts } from "./undo-toasts";
import { useQueueFilters } from "./use-queue-filters";
import { useShortcuts } from "./use-shortcuts";
import { isSpotCheck } from "./types";
import { useNow } from "./use-triage-list";
import { useTriageQueue } from "./use-triage-queue";
import { runDetached } from "../lib/detached";

function LiveIndicator({ status }: { status: string }) {
  const live = status === "pending";
  return (
    <span data-testid="triage-live" data-live-status={status} className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
      <span aria-hidden className={cn("size-2 rounded-full", live ? "bg-success" : status === "error" ? "bg-destructive" : "bg-muted-foreground/40")} />
      {live ? "Live" : status === "error" ? "Reconnecting…" : "Connecting…"}
    </span>
  );
}

/** Placeholders with the collapsed cards' exact rows, so nothing moves when the list arrives. */
function QueueSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading the triage queue…</span>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} aria-hidden className="grid gap-2 rounded-lg border bg-card p-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-[22px] w-1/2" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-8 w-72" />
        </div>
      ))}
    </div>
  );
}

export function TriageQueuePage() {
  const canWrite = useCan("triage:write");
  const now = useNow();
  const [filters, setFilters] = useQueueFilters();
  const queue = useTriageQueue(filters, now);
  const { focused, items } = queue;
  const focusedRef = useRef<HTMLLIElement>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const decidable = canWrite && queue.isQueue;

  // Keep the focused item in view as the focus moves.
  useEffect(() => {
    focusedRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [focused?.id]);

  useShortcuts({
    j: () => queue.move(1),
    k: () => queue.move(-1),
    Escape: () => queue.setForm(null),
    ...(focused ? { Enter: () => queue.toggleOpen(focused) } : {}),
    ...(decidable
      ? {
          u: () => queue.undo(),
          ...(focused && !isSpotCheck(focused)
            ? {
                a: () => queue.approve(focused),
                e: () => queue.openItem(focused, "edit"),
                c: () => queue.openItem(focused, "changes"),
                r: () => queue.openItem(focused, "reject"),
                x: () => queue.toggleChecked(focused.id),
              }
            : {}),
          ...(focused && isSpotCheck(focused)
            ? {
                y: () => runDetached(queue.verdict(focused, { verdict: "correct" }), "recording the verdict"),
                n: () => queue.openItem(focused, "incorrect"),
              }
            : {}),
          A: () => {
            if (queue.checkedItems.length > 0) setBulkOpen(true);
          },
        }
      : {}),
  });

  const title = queue.isQueue ? "Queue" : "Decided items";
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="Triage"
        description="Runs the agents were unsure of wait here for a person. Soonest due first."
        actions={
          <div className="flex items-center gap-3 text-sm">
            {/* Space kept for the count, so the header does not move when it arrives. */}
            <span data-testid="triage-count" className="min-w-20 text-right tabular-nums">
              {queue.list.data ? `${queue.total} ${queue.isQueue ? "waiting" : "decided"}` : ""}
            </span>
            <LiveIndicator status={queue.liveStatus} />
          </div>
        }
      />
      {/* At least a screen tall: what follows stays out of sight until the list has arrived. */}
      <section aria-labelledby="queue-heading" className="grid min-h-[70vh] min-w-0 content-start gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="queue-heading" className="text-base font-semibold">
            {title}
          </h2>
          <KeyHint canWrite={decidable} />
        </div>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <QueueFilters filters={filters} agents={queue.agents} onChange={setFilters} />
          {decidable ? (
            <Button type="button" size="sm" disabled={queue.checkedItems.length === 0} onClick={() => setBulkOpen(true)} aria-keyshortcuts="Shift+A">
              Approve selected ({queue.checkedItems.length})
            </Button>
          ) : null}
        </div>
        {queue.list.isPending ? <QueueSkeleton /> : null}
        {queue.list.error ? <ErrorMessage error={queue.list.error} /> : null}
        {queue.list.data && items.length === 0 ? (
          queue.isQueue && !filters.overdue && !filters.claimed && !filters.agent && !filters.kind && !filters.batch ? (
            <EmptyState title="The queue is clear">
              Nothing is waiting for a person. Runs the agents are unsure of appear here as soon as they arrive, for you to approve,
              edit, send back or reject.
            </EmptyState>
          ) : (
            <EmptyState title="Nothing matches these filters" action={<Button variant="outline" size="sm" onClick={() => setFilters({ status: "pending", kind: null, overdue: false, claimed: null, agent: null, batch: null })}>Show the whole queue</Button>} />
          )
        ) : null}
        {items.length > 0 ? (
          <ol className="grid min-w-0 gap-3" aria-label={queue.isQueue ? "Pending triage items" : "Decided triage items"}>
            {items.map((item) => {
              const isFocused = item.id === focused?.id;
              return (
                <TriageItemCard
                  key={item.id}
                  ref={isFocused ? focusedRef : undefined}
                  item={item}
                  focused={isFocused}
                  open={isFocused && queue.open}
                  canWrite={canWrite}
                  checked={decidable && !isSpotCheck(item) ? queue.checked.has(item.id) : undefined}
                  claimedByOther={queue.claimedByOther(item)}
                  claimedByMe={item.claimed_by === queue.me}
                  busy={queue.busy}
                  form={isFocused ? queue.form : null}
                  note={isFocused ? queue.note : ""}
                  error={queue.error?.itemId === item.id ? queue.error.error : null}
                  notice={queue.notices.get(item.id)}
                  me={queue.me}
                  onForce={queue.error?.itemId === item.id ? queue.error.force : undefined}
                  now={now}
                  onFocus={() => queue.focus(item.id)}
                  onToggleChecked={() => queue.toggleChecked(item.id)}
                  decide={{
                    approve: () => queue.approve(item),
                    approveEdited: (output) => runDetached(queue.approveEdited(item, output), "approving the edited output"),
                    reject: (rejection) => runDetached(queue.reject(item, rejection), "rejecting"),
                    requestChanges: (request) => runDetached(queue.requestChanges(item, request), "requesting changes"),
                    verdict: (verdict) => runDetached(queue.verdict(item, verdict), "recording the verdict"),
                    openForm: (form) => (form === null ? queue.setForm(null) : queue.openItem(item, form)),
                    toggleOpen: () => queue.toggleOpen(item),
                    setNote: queue.setNote,
                  }}
                />
              );
            })}
          </ol>
        ) : null}
        {queue.total > items.length ? (
          <p className="text-xs text-muted-foreground">
            Showing {items.length} of {queue.total}; the rest follow as these are decided.
          </p>
        ) : null}
      </section>
      {queue.isQueue ? <ResolvedList query={queue.resolved} /> : null}
      {decidable ? <BulkApproveDialog open={bulkOpen} onOpenChange={setBulkOpen} items={queue.checkedItems} onConfirm={queue.bulkApprove} /> : null}
      <UndoToasts waiting={queue.waitingApprovals} onUndo={(itemId) => queue.undo(itemId)} />
    </div>
  );
}
