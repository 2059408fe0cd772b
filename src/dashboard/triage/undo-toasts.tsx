"use client";
// The approvals still waiting to be sent, each with Undo (or the `u` key for the latest).
// A polite live region, so a screen reader hears the approval and how to take it back.
import { useEffect, useState } from "react";
import { Button } from "../ui/button";
import { UNDO_SECONDS, type TPendingApproval } from "./use-undoable-approvals";

export function UndoToasts({ waiting, onUndo }: { waiting: TPendingApproval[]; onUndo: (itemId: string) => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [waiting.length]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-40 grid w-[min(24rem,calc(100vw-2rem))] gap-2">
      {waiting.map((approval) => {
        const seconds = Math.min(UNDO_SECONDS, Math.max(0, Math.ceil((approval.sendAt - now) / 1000)));
        return (
          <div
            key={approval.item.id}
            data-testid="undo-toast"
            className="pointer-events-auto flex items-center gap-3 rounded-lg border bg-background p-3 text-sm shadow-lg"
          >
            <p className="min-w-0 flex-1">
              <span className="font-medium">Approved</span> <span className="line-clamp-2 break-words">{approval.item.agent_runs.task ?? approval.item.triage_reason}</span>
              <span className="block text-xs text-muted-foreground">Sent in {seconds} s · press u to undo</span>
            </p>
            <Button type="button" size="sm" variant="outline" onClick={() => onUndo(approval.item.id)}>
              Undo
            </Button>
          </div>
        );
      })}
    </div>
  );
}
