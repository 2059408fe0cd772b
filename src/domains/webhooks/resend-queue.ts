// The seam between accepting a resend and carrying it out (like runs/dispatcher.ts): the
// jobs layer installs the sender at start-up, so the API answers 202 at once and a
// receiver that hangs for 10 s holds a durable job, not the caller's request.
import { z } from "zod";
import { AppError } from "../../foundation/errors.ts";

export const ZResendRequest = z.object({
  /** New per request: two resends of one delivery are two attempts. */
  resendId: z.uuid(),
  deliveryId: z.uuid(),
  webhookId: z.uuid(),
  organizationId: z.uuid(),
  livemode: z.boolean(),
});
export type TResendRequest = z.infer<typeof ZResendRequest>;
type TResendQueue = (request: TResendRequest) => Promise<void>;

type TStore = { __agentWorkforceResendQueue?: TResendQueue };
const store = globalThis as unknown as TStore;

const noEngine: TResendQueue = async () => {
  throw new AppError("service_unavailable", "Deliveries cannot be queued right now; retry later");
};

export function resendQueue(): TResendQueue {
  return store.__agentWorkforceResendQueue ?? noEngine;
}

export function setResendQueue(queue: TResendQueue | undefined): void {
  store.__agentWorkforceResendQueue = queue;
}
