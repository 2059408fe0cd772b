"use client";
// Cancels a pending or running batch (batches.cancel, as POST /v1/batches/{id}/cancel), after a confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";

export function CancelBatchButton({ batchId }: { batchId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(
    trpc.batches.cancel.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.batches.get.queryKey({ id: batchId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() }),
        ]),
    }),
  );
  return (
    <ConfirmDialog
      trigger={<Button variant="outline">Cancel batch</Button>}
      title="Cancel this batch?"
      description="Rows not started yet never start; rows already running finish on their own. This cannot be undone."
      confirmLabel="Cancel batch"
      cancelLabel="Keep it running"
      onConfirm={() => cancel.mutateAsync({ id: batchId })}
    />
  );
}
