// The guard of a canary rollout (docs/api-conventions.md, "Rollouts"): after each decision on
// a candidate run (queued in the deciding transaction: src/domains/runs/triage-item-statements.ts),
// as soon as the candidate has min_judged judged runs and its agreement is below
// min_agreement, the rollout ends rolled_back and new runs go to the active version again.
// Under the rollout's row lock, with one conditional UPDATE from running: two checks at once
// roll it back once. The announcement is src/domains/webhooks/rollout-rolled-back.ts.
import { z } from "zod";
import { db } from "../../foundation/db/client.ts";
import { percentText, reaches } from "../agent-definitions/release-gate.ts";
import { armStatsIn, endRollout, lockRunningRollout } from "./rollout-statements.ts";

export const ZGuardRolloutPayload = z.object({ rolloutId: z.uuid() });

/** Checks the guard; answers whether this check rolled the rollout back. */
export async function guardRollout(rolloutId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const rollout = await lockRunningRollout(tx, { id: rolloutId });
    if (!rollout) return false;
    const { candidate } = await armStatsIn(tx, rolloutId);
    if (candidate.judged < rollout.min_judged) return false;
    const agreement = candidate.agreed / candidate.judged;
    if (reaches(agreement, rollout.min_agreement)) return false;
    const reason = `agreement ${percentText(agreement)} over ${candidate.judged} judged runs of version ${rollout.version} is below min_agreement ${percentText(rollout.min_agreement)}`;
    const ended = await endRollout(tx, rolloutId, { status: "rolled_back", by: "guard", reason, judged: candidate.judged, agreed: candidate.agreed });
    return ended !== null;
  });
}
