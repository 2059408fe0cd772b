"use client";
// Cancels a queued, running or waiting run (runs.cancel, as POST /v1/runs/{id}/cancel), after a confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";

export function CancelRunButton({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(
    trpc.runs.cancel.mutationOptions({
      // The run and its triage item (rejected on cancel) both changed.
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.runs.get.queryKey({ id: runId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.runs.list.queryKey() }),
        ]),
    }),
  );
  return (
    <ConfirmDialog
      trigger={<Button variant="outline">Cancel run</Button>}
      title="Cancel this run?"
      description="A queued run never starts; a run waiting for a person is closed and its triage item rejected. This cannot be undone."
      confirmLabel="Cancel run"
      cancelLabel="Keep it"
      onConfirm={() => cancel.mutateAsync({ id: runId })}
    />
  );
}
