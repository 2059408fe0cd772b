// The explicit list of jobs: run by the local engine, or served to an Inngest server.
import type { TAnyJob } from "../job.ts";
import { announceTriageOverdue } from "./announce-triage-overdue.ts";
import { deliverWebhook } from "./deliver-webhook.ts";
import { evaluateCase } from "./evaluate-case.ts";
import { executeRun } from "./execute-run.ts";
import { fanOutRunEvent } from "./fan-out-run-event.ts";
import { guardRolloutJob } from "./guard-rollout.ts";
import { reachReviewers } from "./reach-reviewers.ts";
import { resendWebhook } from "./resend-webhook.ts";
import { sendReviewMessage } from "./send-review-message.ts";
import { startBatch } from "./start-batch.ts";

export const jobs = [
  executeRun,
  startBatch,
  fanOutRunEvent,
  deliverWebhook,
  resendWebhook,
  announceTriageOverdue,
  evaluateCase,
  guardRolloutJob,
  reachReviewers,
  sendReviewMessage,
] as unknown as TAnyJob[];
