// The rules of a review round (docs/api-conventions.md, "Review rounds"): how many times a
// run may be sent back, and how a reviewer's patch changes a built-in agent's data (who may
// decide on a claimed item is claims.ts). Pure apart from reading the round limit.
import { env } from "../../foundation/env.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

/**
 * How many times a run may be sent back: its agent version's `review.max_rounds` (custom
 * agents), else REVIEW_MAX_ROUNDS.
 */
export async function maxReviewRounds(
  tx: Prisma.TransactionClient,
  run: { organizationId: string; livemode: boolean; agentType: string; agentVersion: number; agentLivemode?: boolean | null },
): Promise<number> {
  const [own] = await tx.$queryRaw<{ max_rounds: number | null }[]>`
    SELECT (v.review->>'max_rounds')::int AS max_rounds FROM agent_definitions d
      JOIN agent_versions v ON v.agent_definition_id = d.id AND v.version = ${run.agentVersion}
    WHERE d.organization_id = ${run.organizationId}::uuid AND d.livemode = ${run.agentLivemode ?? run.livemode} AND d.name = ${run.agentType}
      AND jsonb_typeof(v.review->'max_rounds') = 'number'`;
  return typeof own?.max_rounds === "number" ? own.max_rounds : env().REVIEW_MAX_ROUNDS;
}

type TJsonObject = Record<string, unknown>;

const isJsonObject = (value: unknown): value is TJsonObject => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * RFC 7386's MergePatch(Target, Patch), on own keys only: every key is ordinary data, so
 * `constructor` and `prototype` are merged like any other (json-merge-patch, used before,
 * stopped at them and silently dropped the rest of the patch). Keys are defined, never
 * assigned, so no key can reach a prototype; `__proto__` never arrives here (the JSON input
 * walk refuses it: src/foundation/json-input.ts). Neither argument is modified.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: TJsonObject = isJsonObject(target) ? { ...target } : {};
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) {
      delete result[key];
    } else {
      const current = Object.hasOwn(result, key) ? result[key] : undefined;
      Object.defineProperty(result, key, { value: mergePatch(current, value), writable: true, enumerable: true, configurable: true });
    }
  }
  return result;
}

/** The run's data with the reviewer's JSON Merge Patch applied (RFC 7386: null deletes a key); the stored data is not touched. */
export function patchedData(data: unknown, patch: TJsonObject): TJsonObject {
  return mergePatch(isJsonObject(data) ? data : {}, patch) as TJsonObject;
}
