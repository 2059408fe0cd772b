// The review messages of a triage item as its log, and a test message to one recipient.
import type { TPrincipal } from "../auth/authenticate.ts";
import type { TRecipient } from "../review-routes/review-routes.schemas.ts";
import type { TTriageNotification, TChannel } from "./review-reach.schemas.ts";

const NOT_YET = "review messages: not implemented yet";

export async function listTriageNotifications(_principal: TPrincipal, _triageItemId: string): Promise<{ data: TTriageNotification[] }> {
  throw new Error(NOT_YET);
}

export async function sendTestMessage(
  _principal: TPrincipal,
  _agentType: string,
  _recipient: TRecipient,
): Promise<{ sent: true; channel: TChannel; recipient: string }> {
  throw new Error(NOT_YET);
}
