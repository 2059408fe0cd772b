"use client";
// The queue's claim, release, bulk and request-changes calls (issue 20's procedures
// triage.claim, triage.release, triage.bulk, triage.requestChanges), in one place.
import { useMemo } from "react";
import type { z } from "zod";
import type {
  ZBulkDecisionRequest,
  ZBulkDecisionResponse,
  ZClaimRequest,
  ZClaimResponse,
} from "../../domains/triage/triage.schemas";
import { useTRPCClient } from "../trpc";

type TCall<TInput, TOutput> = { mutate: (input: TInput) => Promise<TOutput> };
type TQueueProcedures = {
  claim: TCall<z.input<typeof ZClaimRequest>, z.output<typeof ZClaimResponse>>;
  release: TCall<z.input<typeof ZClaimRequest>, unknown>;
  bulk: TCall<z.input<typeof ZBulkDecisionRequest>, z.output<typeof ZBulkDecisionResponse>>;
};
type TCalls = { [name in keyof TQueueProcedures]: TQueueProcedures[name]["mutate"] } & {
  requestChanges: ReturnType<typeof useTRPCClient>["triage"]["requestChanges"]["mutate"];
};

export function useTriageCalls(): TCalls {
  const client = useTRPCClient();
  return useMemo(() => {
    const triage = client.triage as unknown as TQueueProcedures;
    return {
      claim: (input) => triage.claim.mutate(input),
      release: (input) => triage.release.mutate(input),
      bulk: (input) => triage.bulk.mutate(input),
      requestChanges: (input) => client.triage.requestChanges.mutate(input),
    };
  }, [client]);
}
