// The outcomes a run announces, named once. Webhook subscriptions, the announcement jobs
// and the recorded outcome all derive from this list.
import { z } from "zod";

export const RUN_EVENTS = ["run.completed", "run.failed", "run.triage_required"] as const;
export const ZRunEventName = z.enum(RUN_EVENTS);
export type TRunEventName = z.infer<typeof ZRunEventName>;

/** What happened to which run: everything a listener needs to act on it. */
export type TRunOutcome = {
  event: TRunEventName;
  runId: string;
  organizationId: string;
  batchJobId: string | null;
  /** Set for run.triage_required. */
  triageItemId: string | null;
  /** The run's review round (docs/api-conventions.md, "Review rounds"); absent: the run's current one (0 in event ids). */
  reviewRound?: number;
};
