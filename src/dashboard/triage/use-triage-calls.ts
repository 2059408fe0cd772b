"use client";
// The queue's claim, release, bulk, request-changes and verdict calls (triage.claim, triage.release,
// triage.bulk, triage.requestChanges, triage.verdict), made outside React Query: they run from timers,
// effects' clean-ups and forms, and the live list refreshes after each.
import { useMemo } from "react";
import { useTRPCClient } from "../trpc";

export function useTriageCalls() {
  const client = useTRPCClient();
  return useMemo(
    () => ({
      claim: client.triage.claim.mutate,
      release: client.triage.release.mutate,
      bulk: client.triage.bulk.mutate,
      requestChanges: client.triage.requestChanges.mutate,
      verdict: client.triage.verdict.mutate,
    }),
    [client],
  );
}
