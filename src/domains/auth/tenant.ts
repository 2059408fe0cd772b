// Every tenant-owned query filters by organization and mode: another tenant's rows (or
// the other mode's) are simply not found, which the API reports as 404.
import { notFound } from "../../foundation/errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { TPrincipal } from "./authenticate.ts";

export function tenantScope(principal: TPrincipal) {
  return { organizationId: principal.organizationId, livemode: principal.livemode };
}

/** Who made a decision, recorded on triage resolutions. */
export function actorLabel(principal: TPrincipal): string {
  return principal.actor.id;
}

/**
 * Locks the organization row for the rest of the transaction: it serializes an
 * organization's membership changes (ledger writes serialize on their balance row instead). FOR NO KEY UPDATE, not FOR
 * UPDATE: rows this transaction (or a concurrent one) has inserted hold FOR KEY SHARE on
 * the organization through their foreign key, and two transactions each asking FOR UPDATE
 * would deadlock; NO KEY UPDATE conflicts with itself (so these writers still queue) but
 * not with those key-share locks. 404 if the organization does not exist.
 */
export async function lockTenant(tx: Prisma.TransactionClient, organizationId: string): Promise<{ id: string; plan: string }> {
  const [organization] = await tx.$queryRaw<{ id: string; plan: string }[]>`
    SELECT id, plan::text AS plan FROM organizations WHERE id = ${organizationId}::uuid FOR NO KEY UPDATE`;
  if (!organization) throw notFound("Organization");
  return organization;
}
