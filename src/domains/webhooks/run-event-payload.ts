// The body of a run event delivery (docs/contract.md, "Payload"): built once when the
// event happens, so every attempt and every destination sends the same bytes and id.
import { createHash } from "node:crypto";
import type { Run } from "../../generated/prisma/client.ts";
import type { TRunEventName } from "../runs/run-events.ts";

/**
 * Stable per run, event and review round: receivers de-duplicate retries (and repeats after
 * a crash) by it, while a later round's event is a new one (round 0 keeps the id it always had).
 */
export function runEventId(runId: string, event: TRunEventName, reviewRound = 0): string {
  const source = reviewRound > 0 ? `${runId}:${event}:round-${reviewRound}` : `${runId}:${event}`;
  return `evt_${createHash("sha256").update(source).digest("hex").slice(0, 32)}`;
}

/** The run an event is about; `id` is null only for the test endpoint's sample, which has no run. */
type TEventRun = Pick<Run, "agentType" | "agentVersion" | "organizationId" | "output" | "confidenceScore" | "requiresTriage" | "errorMessage"> & {
  id: string | null;
};

export function runEventBody(input: {
  eventId: string;
  event: TRunEventName;
  run: TEventRun;
  triageItemId: string | null;
  occurredAt: Date;
  /** The review round the event belongs to (docs/api-conventions.md, "Review rounds"). */
  reviewRound?: number;
}): string {
  const { run } = input;
  return JSON.stringify({
    id: input.eventId,
    event: input.event,
    run_id: run.id,
    agent_type: run.agentType,
    organization_id: run.organizationId,
    timestamp: input.occurredAt.toISOString(),
    data: {
      output: input.event === "run.completed" ? (run.output ?? null) : null,
      confidence_score: run.confidenceScore,
      requires_triage: run.requiresTriage,
      triage_item_id: input.event === "run.triage_required" ? input.triageItemId : null,
      error: input.event === "run.failed" ? run.errorMessage : null,
      // Addition: the version of the agent that did the run (built-ins: 1).
      agent_version: run.agentVersion,
      // Addition: how many times a reviewer sent the run back before this event (0: never).
      review_round: input.reviewRound ?? 0,
    },
  });
}

/**
 * The test endpoint's sample: a run.completed whose output says it is a test. No run
 * exists, so run_id is null, in the body as in the delivery record.
 */
export function testEventBody(eventId: string, organizationId: string, occurredAt: Date): string {
  return runEventBody({
    eventId,
    event: "run.completed",
    run: {
      id: null,
      agentType: "center",
      agentVersion: 1,
      organizationId,
      output: { test: true },
      confidenceScore: 1,
      requiresTriage: false,
      errorMessage: null,
    },
    triageItemId: null,
    occurredAt,
  });
}
