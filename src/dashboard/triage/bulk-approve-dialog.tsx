"use client";
// Shift+A: approve every ticked item at once (triage.bulk), after a summary of what that
// means: how many, of which agents, and the money that goes out (an approved hold holds, so
// a held invoice is counted as a hold, not as an amount). Each item is
// decided on its own; the ones the server refused stay listed with its reason.
import { useState } from "react";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";
import { ErrorMessage } from "../ui/feedback";
import { describeBulkTotal, summarizeSelection } from "./format";
import type { TTriageItem } from "./types";
import { runDetached } from "../lib/detached";

type TResult = { id: string; status: "approved" | "rejected" | "pending" | "error"; error?: { type: string; message: string } };

export function BulkApproveDialog({
  open,
  onOpenChange,
  items,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: TTriageItem[];
  onConfirm: (items: TTriageItem[]) => Promise<TResult[]>;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [refused, setRefused] = useState<{ item: TTriageItem | undefined; id: string; message: string }[]>([]);
  // Items that need more people: the approval was added, the item stays in the queue.
  const [needMore, setNeedMore] = useState(0);
  // While the approval runs, the live queue drops each item as it is decided: the dialog keeps
  // saying what was confirmed ("Approve 2 items?") until the answer comes, not what is left.
  const [confirmed, setConfirmed] = useState<TTriageItem[] | null>(null);
  const shown = confirmed ?? items;
  const summary = summarizeSelection(shown.map((item) => ({ agent: item.agent_runs.agent_type, output: item.proposed_output })));
  const change = (next: boolean) => {
    setError(null);
    setRefused([]);
    setNeedMore(0);
    onOpenChange(next);
  };
  // A failed call is shown in the dialog; the items the server refused stay listed with its reason.
  const approve = async () => {
    setPending(true);
    setError(null);
    setRefused([]);
    setNeedMore(0);
    const before = items;
    setConfirmed(before);
    try {
      const results = await onConfirm(before);
      const failed = results.filter((result) => result.status === "error");
      const recorded = results.filter((result) => result.status === "pending").length;
      setNeedMore(recorded);
      if (failed.length === 0 && recorded === 0) onOpenChange(false);
      else
        setRefused(
          failed.map((result) => ({
            id: result.id,
            item: before.find((item) => item.id === result.id),
            message: result.error?.message ?? "refused",
          })),
        );
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
      setConfirmed(null);
    }
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent aria-describedby="bulk-approve-summary">
        <DialogHeader>
          <DialogTitle>
            Approve {summary.count} item{summary.count === 1 ? "" : "s"}?
          </DialogTitle>
          <DialogDescription id="bulk-approve-summary">Each run completes with its proposed output: a payment is paid, a hold stays held. Each item is decided on its own.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 text-sm" data-testid="bulk-summary">
          <div>
            <dt className="text-xs font-medium text-muted-foreground">Agents</dt>
            <dd>
              <ul className="grid gap-0.5">
                {summary.agents.map((agent) => (
                  <li key={agent.name}>
                    {agent.name}: {agent.count}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          {summary.totals.length > 0 ? (
            <div>
              <dt className="text-xs font-medium text-muted-foreground">Money that goes out</dt>
              <dd>
                <ul className="grid gap-0.5">
                  {summary.totals.map((total) => (
                    <li key={total.currency} className="tabular-nums">
                      {describeBulkTotal(total)}
                    </li>
                  ))}
                </ul>
                {summary.withoutAmount > 0 ? <p className="text-xs text-muted-foreground">{summary.withoutAmount} without an amount.</p> : null}
              </dd>
            </div>
          ) : null}
        </dl>
        {needMore > 0 ? (
          <p role="status" className="rounded-md border p-3 text-sm">
            {needMore === 1 ? "1 item" : `${needMore} items`}: approval recorded, needs more. {needMore === 1 ? "It stays" : "They stay"} in the queue for
            another person.
          </p>
        ) : null}
        {refused.length > 0 ? (
          <div role="alert" className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            <p className="font-medium">Not approved:</p>
            <ul className="grid gap-0.5">
              {refused.map((entry) => (
                <li key={entry.id} className="break-words">
                  {entry.item?.agent_runs.task ?? entry.id}: {entry.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <ErrorMessage error={error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={pending || items.length === 0}
            onClick={() => runDetached(approve(), "approving the ticked items")}
          >
            {pending ? "Approving…" : `Approve ${summary.count}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
