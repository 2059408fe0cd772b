// Claims on triage items: a 15-minute lease saying who is deciding an item, so two reviewers
// do not work on the same one. Claiming again renews the lease; an expired lease is no claim.
// Decisions by anyone but the holder are refused unless the caller forces them
// (docs/api-conventions.md, "Claims, due times and bulk decisions").
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorOf, resolveActors, type TActorReader } from "../auth/actors.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import { conflict, notFound } from "../../foundation/errors.ts";
import type { Prisma, TriageItem } from "../../generated/prisma/client.ts";
import { publishTriageChange } from "../runs/run-notifier.ts";
import { activeClaim } from "../runs/serializers.ts";
import { claimTriageItemStatement, releaseTriageItemStatement } from "../runs/triage-item-statements.ts";

export const CLAIM_LEASE_MS = 15 * 60_000;

type TClaimFields = Pick<TriageItem, "claimedBy" | "claimedByName" | "claimedUntil">;

/** Whether someone other than `principal` holds a live claim on the item. */
export function heldByAnother(item: TClaimFields, principal: TPrincipal, now = new Date()): boolean {
  const claim = activeClaim(item, now);
  return claim.claimed_by !== null && claim.claimed_by !== actorLabel(principal);
}

/** The claim's holder as people read it: "Ada Admin", "API key 'laptop' (Ada Admin)". */
async function holderName(item: TClaimFields, organizationId: string, reader?: TActorReader): Promise<string> {
  if (!item.claimedBy) return "Someone";
  const actors = await resolveActors(organizationId, [item.claimedBy], new Map([[item.claimedBy, item.claimedByName]]), reader);
  return actorOf(actors, item.claimedBy)?.name ?? item.claimedByName ?? item.claimedBy;
}

/** "19:52 UTC": a lease lasts minutes, so the time of day says when. */
const clockTime = (at: Date) => `${at.toISOString().slice(11, 16)} UTC`;

/**
 * "Ada Admin is reviewing this until 19:52 UTC", plus how to go ahead when a decision may
 * force it. Programs read the item's claimed_by, claimed_by_actor and claimed_until.
 */
async function holderConflict(item: TClaimFields, organizationId: string, forceHint: boolean, reader?: TActorReader) {
  const until = item.claimedUntil ? ` until ${clockTime(item.claimedUntil)}` : "";
  return conflict(`${await holderName(item, organizationId, reader)} is reviewing this${until}${forceHint ? "; send force: true to decide anyway" : ""}`);
}

/**
 * Refuses (409 naming the holder) a decision on an item another actor holds, unless forced.
 * `tx`: the decision's transaction, which names the holder on its own connection.
 */
export async function assertMayDecide(
  tx: TActorReader,
  item: TClaimFields,
  principal: TPrincipal,
  force: boolean | undefined,
  now = new Date(),
): Promise<void> {
  if (!force && heldByAnother(item, principal, now)) throw await holderConflict(item, principal.organizationId, true, tx);
}

/**
 * The condition a decision's conditional UPDATE adds, so a claim taken between reading the
 * item and writing the decision still wins: no live claim, or the caller's own (any, when forced).
 */
export function decidableWhere(principal: TPrincipal, force: boolean | undefined, now = new Date()): Prisma.TriageItemWhereInput {
  if (force) return {};
  return { OR: [{ claimedBy: null }, { claimedUntil: null }, { claimedUntil: { lte: now } }, { claimedBy: actorLabel(principal) }] };
}

async function claimResponse(item: Pick<TriageItem, "id" | "organizationId"> & TClaimFields) {
  const claim = activeClaim(item);
  const actors = await resolveActors(item.organizationId, [claim.claimed_by], new Map([[claim.claimed_by ?? "", claim.claimed_by_name]]));
  return { data: { id: item.id, ...claim, claimed_by_actor: actorOf(actors, claim.claimed_by) } };
}

/** Claims (or renews the caller's claim on) a pending item for CLAIM_LEASE_MS. */
export async function claimTriageItem(principal: TPrincipal, triageItemId: string) {
  const actor = actorLabel(principal);
  const now = new Date();
  const claimedUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
  const claimed = await claimTriageItemStatement(
    { id: triageItemId, ...tenantScope(principal), ...decidableWhere(principal, false, now) },
    { label: actor, name: principal.actor.name },
    claimedUntil,
  );
  const item = await db().triageItem.findFirst({ where: { id: triageItemId, ...tenantScope(principal) } });
  if (!item) throw notFound("Triage item");
  if (!claimed) {
    if (item.status !== "pending") throw conflict(`Triage item is already ${item.status}`);
    if (heldByAnother(item, principal)) throw await holderConflict(item, principal.organizationId, false);
    // Released or expired between the two statements: nothing to name.
    throw conflict("The item's claim changed meanwhile; claim it again");
  }
  publishTriageChange(principal.organizationId, principal.livemode);
  return claimResponse(item);
}

/** Ends the caller's claim; an item nobody holds (or whose lease ran out) answers nulls. */
export async function releaseTriageItem(principal: TPrincipal, triageItemId: string) {
  const now = new Date();
  const released = await releaseTriageItemStatement({ id: triageItemId, ...tenantScope(principal), ...decidableWhere(principal, false, now) });
  const item = await db().triageItem.findFirst({ where: { id: triageItemId, ...tenantScope(principal) } });
  if (!item) throw notFound("Triage item");
  if (!released && heldByAnother(item, principal, now)) {
    const name = await holderName(item, principal.organizationId);
    throw conflict(`${name} holds the claim on this item; only they can release it`);
  }
  if (released) publishTriageChange(principal.organizationId, principal.livemode);
  return claimResponse(item);
}
