"use client";
// The triage queue: runs the agents were unsure of, oldest first, for a person to approve,
// edit or reject, by mouse or by keyboard alone. The list refreshes live (SSE), not by polling.
import { useEffect, useRef, useState } from "react";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan } from "../shell/session-context";
import { cn } from "../lib/cn";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { KeyHint } from "./key-hint";
import { ResolvedList } from "./resolved-list";
import { TriageItemCard } from "./triage-item-card";
import { useShortcuts } from "./use-shortcuts";
import { useTriageQueue } from "./use-triage-queue";

/** The current time, ticking each half minute, for the items' ages. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function LiveIndicator({ status }: { status: string }) {
  const live = status === "pending";
  return (
    <span data-testid="triage-live" data-live-status={status} className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
      <span aria-hidden className={cn("size-2 rounded-full", live ? "bg-success" : status === "error" ? "bg-destructive" : "bg-muted-foreground/40")} />
      {live ? "Live" : status === "error" ? "Reconnecting…" : "Connecting…"}
    </span>
  );
}

export function TriageQueuePage() {
  const canWrite = useCan("triage:write");
  const queue = useTriageQueue();
  const now = useNow();
  const { selected, items } = queue;
  const selectedRef = useRef<HTMLLIElement>(null);

  // Keep the selected item in view as the selection moves.
  useEffect(() => {
    selectedRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [selected?.id]);

  useShortcuts({
    j: () => queue.move(1),
    k: () => queue.move(-1),
    Escape: () => queue.setForm(null),
    ...(canWrite && selected
      ? {
          a: () => queue.approve(selected),
          e: () => queue.openForm(selected, "edit"),
          r: () => queue.openForm(selected, "reject"),
        }
      : {}),
  });

  const count = queue.pending.data ? `${queue.total} waiting` : undefined;
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="Triage"
        description="Runs the agents were unsure of wait here for a person. Oldest first."
        actions={
          <div className="flex items-center gap-3 text-sm">
            {count ? <span data-testid="triage-count">{count}</span> : null}
            <LiveIndicator status={queue.liveStatus} />
          </div>
        }
      />
      <section aria-labelledby="queue-heading" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="queue-heading" className="text-base font-semibold">
            Queue
          </h2>
          <KeyHint canWrite={canWrite} />
        </div>
        {queue.pending.isPending ? <Loading label="Loading the triage queue" /> : null}
        {queue.pending.error ? <ErrorMessage error={queue.pending.error} /> : null}
        {queue.pending.data && items.length === 0 ? (
          <EmptyState title="The queue is clear">
            Nothing is waiting for a person. Runs the agents are unsure of appear here as soon as they arrive, for you to approve,
            edit or reject.
          </EmptyState>
        ) : null}
        {items.length > 0 ? (
          <ol className="grid min-w-0 gap-3" aria-label="Pending triage items">
            {items.map((item) => {
              const isSelected = item.id === selected?.id;
              return (
                <TriageItemCard
                  key={item.id}
                  ref={isSelected ? selectedRef : undefined}
                  item={item}
                  selected={isSelected}
                  canWrite={canWrite}
                  busy={queue.busy}
                  form={isSelected ? queue.form : null}
                  note={isSelected ? queue.note : ""}
                  error={queue.error?.itemId === item.id ? queue.error.error : null}
                  now={now}
                  onSelect={() => queue.select(item.id)}
                  decide={{
                    approve: (output) => queue.approve(item, output),
                    reject: (reason) => queue.reject(item, reason),
                    openForm: (form) => queue.openForm(item, form),
                    setNote: queue.setNote,
                  }}
                />
              );
            })}
          </ol>
        ) : null}
        {queue.total > items.length ? (
          <p className="text-xs text-muted-foreground">Showing the oldest {items.length} of {queue.total}; the rest follow as these are decided.</p>
        ) : null}
      </section>
      <ResolvedList query={queue.resolved} />
    </div>
  );
}
