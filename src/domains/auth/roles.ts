// What each dashboard role may do, expressed as the API scopes it grants, so one procedure
// declares one scope and serves both an API key and a signed-in member. No runtime imports
// beyond the scope list: the dashboard's browser code shows these descriptions.
import type { MemberRole } from "../../generated/prisma/client.ts";
import { SCOPES, type TScope } from "./scopes.ts";

export const MEMBER_ROLES = ["admin", "reviewer", "viewer"] as const satisfies readonly MemberRole[];
export type TMemberRole = (typeof MEMBER_ROLES)[number];

const READ_SCOPES: TScope[] = ["agents:read", "triage:read", "webhooks:read", "batch:read"];

export const ROLE_SCOPES: Record<MemberRole, readonly TScope[]> = {
  // Keys, webhooks, members and plan, agent definitions (agents:write), and everything below.
  admin: SCOPES,
  // Decides triage and starts work (runs, CSV batches); sees everything.
  reviewer: [...READ_SCOPES, "triage:write", "agents:run", "batch:run"],
  // Read-only.
  viewer: READ_SCOPES,
};

export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  admin: "Everything: API keys, webhooks, members and plan, plus triage and batches.",
  reviewer: "Approves, edits and rejects triage items; starts runs and batches.",
  viewer: "Read-only: sees runs, batches, triage and usage.",
};

/**
 * What a key can do: the scopes it was granted, limited to what its creator's role allows
 * today (a key acts with at most its creator's current rights). A key without a creator
 * (made by the operator's CLI, or kept when its creator was removed) keeps its scopes.
 * Granted order is kept.
 */
export function effectiveKeyScopes<T extends string>(granted: readonly T[], creatorRole: MemberRole | null): T[] {
  if (creatorRole === null) return [...granted];
  const allowed: readonly string[] = ROLE_SCOPES[creatorRole];
  return granted.filter((scope) => allowed.includes(scope));
}
