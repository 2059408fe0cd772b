// A decision on a canary's candidate run: check the rollout's guard, and if it rolled back,
// announce agent.rollout.rolled_back once to the webhooks that subscribed to it. The steps
// repeat safely: the guard ends a rollout once (a conditional UPDATE), the deliveries are
// requested before the rollout is marked announced, so a crash in between repeats the request,
// which the deliveries' keys make a no-op; a check that finds it already announced sends nothing.
import { guardRollout, ZGuardRolloutPayload } from "../../domains/rollouts/rollout-guard.ts";
import { markRolloutRolledBackNotified, planRolloutRolledBackDeliveries } from "../../domains/webhooks/rollout-rolled-back.ts";
import { deliveryWork } from "../../domains/webhooks/webhook-work.ts";
import { logger } from "../../foundation/logger.ts";
import { defineJob } from "../job.ts";

export const guardRolloutJob = defineJob({
  name: "guard-rollout",
  payload: ZGuardRolloutPayload,
  handler: async ({ rolloutId }, io) => {
    const rolledBack = await io.run("check-guard", () => guardRollout(rolloutId));
    if (rolledBack) logger.info("rolled back a canary rollout", { rolloutId });
    // Also after a crash of an earlier check that rolled it back but did not announce it yet.
    const targets = await io.run("plan-deliveries", () => planRolloutRolledBackDeliveries(rolloutId));
    if (targets.length > 0) await io.send("deliver", targets.map(deliveryWork));
    const marked = await io.run("mark-announced", () => markRolloutRolledBackNotified(rolloutId));
    return { rolledBack, announced: marked, deliveries: targets.length };
  },
});
