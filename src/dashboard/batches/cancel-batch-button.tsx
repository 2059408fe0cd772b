"use client";
// Cancels a pending or running batch (batches.cancel, as POST /v1/batches/{id}/cancel), after a confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { ErrorMessage } from "../ui/feedback";

export function CancelBatchButton({ batchId }: { batchId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation(
    trpc.batches.cancel.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.batches.get.queryKey({ id: batchId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() }),
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
        <Button variant="outline">Cancel batch</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this batch?</DialogTitle>
          <DialogDescription>Rows not started yet never start; rows already running finish on their own. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <ErrorMessage error={cancel.error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it running</Button>
          </DialogClose>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: batchId })}>
            {cancel.isPending ? "Cancelling…" : "Cancel batch"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
