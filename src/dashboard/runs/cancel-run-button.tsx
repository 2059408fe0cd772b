"use client";
// Cancels a queued, running or waiting run (runs.cancel, as POST /v1/runs/{id}/cancel), after a confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { ErrorMessage } from "../ui/feedback";

export function CancelRunButton({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation(
    trpc.runs.cancel.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        // The run and its triage item (rejected on cancel) both changed.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.runs.get.queryKey({ id: runId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.runs.list.queryKey() }),
        ]);
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) cancel.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Cancel run</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this run?</DialogTitle>
          <DialogDescription>
            A queued run never starts; a run waiting for a person is closed and its triage item rejected. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <ErrorMessage error={cancel.error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: runId })}>
            {cancel.isPending ? "Cancelling…" : "Cancel run"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
