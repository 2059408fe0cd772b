// Durable work as the domains ask for it: a named job with its payload and the options of
// this one request (idempotency key, concurrency key, priority), written by the statement or
// transaction that creates the work (enqueue.ts), so committed work always has its job. Which
// engine carries it out is the jobs layer's business (docs/architecture.md, "Execution").
import type { Prisma } from "../../generated/prisma/client.ts";

/** Every job the service runs, with what is fixed per job: its attempts and its Inngest trigger. */
export const JOB_SPECS = {
  "execute-run": { retries: 3, event: "app/run.requested", concurrencyLimit: 10 },
  "start-batch": { retries: 3, event: "app/batch.created", concurrencyLimit: null },
  "fan-out-run-event": { retries: 3, event: "app/run.announced", concurrencyLimit: null },
  "deliver-webhook": { retries: 3, event: "app/webhook.delivery-requested", concurrencyLimit: null },
  "resend-webhook": { retries: 3, event: "app/webhook.resend-requested", concurrencyLimit: null },
  "announce-triage-overdue": { retries: 3, event: "app/triage.opened", concurrencyLimit: null },
  // One case of an evaluation; its cases share the evaluation's id as key: 10 at a time.
  "evaluate-case": { retries: 3, event: "app/evaluation.case-requested", concurrencyLimit: 10 },
  // A decision on a canary's candidate run: check the rollout's guard (src/jobs/functions/guard-rollout.ts).
  "guard-rollout": { retries: 3, event: "app/rollout.decided", concurrencyLimit: null },
  // A triage item opened: tell its route's recipients, then each escalation step at its time (src/jobs/functions/reach-reviewers.ts).
  "reach-reviewers": { retries: 3, event: "app/triage.reviewers-requested", concurrencyLimit: null },
  // One review message (email or chat) with its own retry schedule (src/jobs/functions/send-review-message.ts).
  "send-review-message": { retries: 3, event: "app/review-message.requested", concurrencyLimit: null },
} as const satisfies Record<string, { retries: number; event: `app/${string}`; concurrencyLimit: number | null }>;

export type TJobName = keyof typeof JOB_SPECS;
export type TJobSpec = { retries: number; event: `app/${string}`; concurrencyLimit: number | null };
/** The specs a queue knows: the service's own, or a test's. */
export type TJobSpecs = Readonly<Record<string, TJobSpec>>;

/** One request for a job. `key` de-duplicates: work enqueued twice with one key runs once. */
export type TWork<TPayload = Record<string, unknown>> = {
  job: TJobName;
  payload: TPayload;
  key: string;
  /** Jobs sharing a key run at most the job's `concurrencyLimit` at once (a batch's rows). */
  concurrencyKey?: string;
  /** Seconds ahead of (positive) or behind (negative) equal work queued at the same time. */
  priority?: number;
};

/**
 * Events that resolve a job's `waitForEvent`. `key` is the value the waiting job matches on
 * (e.g. a triage item id), `id` de-duplicates the event itself.
 */
export const WAIT_EVENTS = {
  "app/triage.decided": { matchField: "triageItemId" },
} as const;
export type TWaitEventName = keyof typeof WAIT_EVENTS;
export type TWaitEvent = { name: TWaitEventName; id: string; data: Record<string, unknown> & { [field: string]: unknown } };

/** The match value of an event: the field its waiters match on. */
export function waitKeyOf(event: TWaitEvent): string {
  const value = event.data[WAIT_EVENTS[event.name].matchField];
  if (typeof value !== "string" || value.length === 0) throw new Error(`${event.name} needs data.${WAIT_EVENTS[event.name].matchField}`);
  return value;
}

/** A client that can run a raw statement: the Prisma client or a transaction's. */
export type TStatementClient = { $executeRaw: (query: Prisma.Sql) => Promise<number> };
