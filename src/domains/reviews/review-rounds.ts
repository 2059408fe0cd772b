// The rules of a review round (docs/api-conventions.md, "Review rounds"): who may decide on
// an item someone else claimed, how many times a run may be sent back, and how a reviewer's
// patch changes a built-in agent's data. Pure apart from reading the round limit.
import jsonMergePatch from "json-merge-patch";
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel } from "../auth/tenant.ts";
import { activeClaim } from "../runs/serializers.ts";
import { env } from "../../foundation/env.ts";
import { conflict } from "../../foundation/errors.ts";
import type { Prisma, TriageItem } from "../../generated/prisma/client.ts";

type TClaimedItem = Pick<TriageItem, "claimedBy" | "claimedByName" | "claimedUntil">;

/**
 * A decision by anyone but the holder of a live claim is refused (409 naming the holder)
 * unless `force` is true; an expired claim is no claim (serializers.ts, activeClaim).
 */
export function assertMayDecide(item: TClaimedItem, principal: TPrincipal, force: boolean | undefined, now = new Date()): void {
  const claim = activeClaim(item, now);
  if (claim.claimed_by === null || claim.claimed_by === actorLabel(principal) || force === true) return;
  const holder = claim.claimed_by_name ?? claim.claimed_by;
  throw conflict(`Triage item is claimed by ${holder} until ${claim.claimed_until}; send "force": true to decide anyway`);
}

/**
 * How many times a run may be sent back: its agent version's `review.max_rounds` (custom
 * agents), else REVIEW_MAX_ROUNDS.
 */
export async function maxReviewRounds(
  tx: Prisma.TransactionClient,
  run: { organizationId: string; livemode: boolean; agentType: string; agentVersion: number },
): Promise<number> {
  const [own] = await tx.$queryRaw<{ max_rounds: number | null }[]>`
    SELECT (v.review->>'max_rounds')::int AS max_rounds FROM agent_definitions d
      JOIN agent_versions v ON v.agent_definition_id = d.id AND v.version = ${run.agentVersion}
    WHERE d.organization_id = ${run.organizationId}::uuid AND d.livemode = ${run.livemode} AND d.name = ${run.agentType}
      AND jsonb_typeof(v.review->'max_rounds') = 'number'`;
  return typeof own?.max_rounds === "number" ? own.max_rounds : env().REVIEW_MAX_ROUNDS;
}

/** The run's data with the reviewer's JSON Merge Patch applied (RFC 7386: null deletes a key); the stored data is not touched. */
export function patchedData(data: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const target = data !== null && typeof data === "object" && !Array.isArray(data) ? structuredClone(data) : {};
  return jsonMergePatch.apply(target, patch) as Record<string, unknown>;
}
