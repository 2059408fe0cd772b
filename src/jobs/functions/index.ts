// The explicit list of functions: served to a real Inngest server and run by the embedded executor.
import { deliverWebhook } from "./deliver-webhook.ts";
import { executeRun } from "./execute-run.ts";
import { fanOutRunEvent } from "./fan-out-run-event.ts";
import { resendWebhook } from "./resend-webhook.ts";
import { startBatch } from "./start-batch.ts";

export const functions = [executeRun, startBatch, fanOutRunEvent, deliverWebhook, resendWebhook];
