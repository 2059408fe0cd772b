"use client";
// One run, live: runs.get gives the first picture; runs.watch (the notifier behind
// GET /v1/runs/{id}/stream) pushes every change until the run is terminal, and each change
// refreshes the run's steps. Used by the run page and the Agents page's "Try it".
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "../trpc";
import { TERMINAL_STATUSES, type TRunDetail } from "./types";
import { runDetached } from "../lib/detached";

export function useLiveRun(runId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.runs.get.queryOptions({ id: runId }));
  const live = Boolean(detail.data && !TERMINAL_STATUSES.includes(detail.data.run.status));
  useSubscription(
    trpc.runs.watch.subscriptionOptions(
      { id: runId },
      {
        enabled: live,
        onData: (next: TRunDetail) => {
          queryClient.setQueryData(trpc.runs.get.queryKey({ id: runId }), next);
          // Each change of the run adds or settles steps.
          runDetached(queryClient.invalidateQueries({ queryKey: trpc.runs.steps.queryKey({ id: runId }) }), "re-reading the run's steps");
        },
      },
    ),
  );
  return { detail, live };
}
