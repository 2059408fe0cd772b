// The API key lookup of every /v1 call, cached in process for a few seconds
// (PRINCIPAL_CACHE_TTL_MS): the key row, its organization's plan and its creator's current
// role, read in one statement on a miss (one for all the misses of an event-loop turn).
// What the cache may not do is serve a key that no longer holds:
// - a revocation, a plan change or a change of the creator's role (or membership) clears the
//   affected entries at once in this process and, through the change channel (PostgreSQL
//   NOTIFY), in every other one;
// - a lost notification is bounded by the TTL: no entry is older than that;
// - expiry, revocation and the plan are checked on every call against the cached row, so a
//   key is refused at its expires_at whether cached or not;
// - where the change channel cannot reach this process at all (the embedded database, whose
//   admin CLI's changes no notification carries to the server: src/server.ts), the server
//   turns the cache off and reads the key on every call.
// Kept on globalThis: the dashboard (Next's bundle) revokes keys that the server's bundle caches.
import { sqlQuery } from "../../foundation/db/client.ts";
import { publishChange, subscribeToChanges } from "../../foundation/change-notifier.ts";
import { env } from "../../foundation/env.ts";
import { lookupPerTurn } from "../../foundation/turn-batch.ts";
import type { MemberRole } from "../../generated/prisma/client.ts";

export type TCachedKey = {
  id: string;
  keyHash: string;
  organizationId: string;
  livemode: boolean;
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdByMemberId: string | null;
  /** The creator's role now; null for a key without a creator (the operator's). */
  creatorRole: MemberRole | null;
  plan: string;
};

type TEntry = { key: TCachedKey; cachedAt: number };
type TCache = { entries: Map<string, TEntry>; generation: number; subscribed: boolean; disabled?: boolean };

const TOPIC = "principal";
// Enough for every active key of a busy instance; past it the oldest entries go first.
const MAX_ENTRIES = 10_000;

const store = globalThis as unknown as { __agentWorkforcePrincipalCache?: TCache };
const cache: TCache = (store.__agentWorkforcePrincipalCache ??= { entries: new Map(), generation: 0, subscribed: false });

const KEYS_WITH_PLAN = `
  SELECT k.id, k.key_hash AS "keyHash", k.organization_id AS "organizationId", k.livemode, k.name, k.scopes,
         k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt", k.last_used_at AS "lastUsedAt",
         k.created_by AS "createdByMemberId", m.role::text AS "creatorRole", o.plan::text AS plan
  FROM api_keys k JOIN organizations o ON o.id = k.organization_id
  LEFT JOIN members m ON m.id = k.created_by
  WHERE k.key_hash = ANY($1::text[])`;

/**
 * Every key looked up in one turn of the event loop, read in one statement: a thousand open
 * streams of one key re-checking it together (and, with the cache off, concurrent calls)
 * cost one read. A read begins after its callers asked, so none predates a revocation.
 */
const readKeysThisTurn = lookupPerTurn(async (hashes: string[]) => {
  const keys = await sqlQuery<TCachedKey>(KEYS_WITH_PLAN, [hashes], "keys-with-plan");
  return new Map(keys.map((key) => [key.keyHash, key]));
});

/** A revoked key; an organization's new plan; a member's new role (or membership ended). */
type TInvalidation = { apiKeyId: string } | { organizationId: string } | { memberId: string };

function matches(key: TCachedKey, invalidation: TInvalidation): boolean {
  if ("apiKeyId" in invalidation) return key.id === invalidation.apiKeyId;
  if ("organizationId" in invalidation) return key.organizationId === invalidation.organizationId;
  return key.createdByMemberId === invalidation.memberId;
}

function forget(invalidation: TInvalidation): void {
  cache.generation += 1;
  for (const [hash, entry] of cache.entries) {
    if (matches(entry.key, invalidation)) cache.entries.delete(hash);
  }
}

const DETAIL_PREFIX = { apiKeyId: "key", organizationId: "org", memberId: "member" } as const;

function detailOf(invalidation: TInvalidation): string {
  if ("apiKeyId" in invalidation) return `${DETAIL_PREFIX.apiKeyId}:${invalidation.apiKeyId}`;
  if ("organizationId" in invalidation) return `${DETAIL_PREFIX.organizationId}:${invalidation.organizationId}`;
  return `${DETAIL_PREFIX.memberId}:${invalidation.memberId}`;
}

function forgetAll(): void {
  cache.generation += 1;
  cache.entries.clear();
}

function listenForInvalidations(): void {
  if (cache.subscribed) return;
  cache.subscribed = true;
  subscribeToChanges(TOPIC, (detail) => {
    // No detail: a resync after the change channel was lost; any key may have been revoked.
    if (detail === undefined) return forgetAll();
    const [kind, id] = detail.split(":");
    if (!id) return;
    if (kind === DETAIL_PREFIX.apiKeyId) forget({ apiKeyId: id });
    else if (kind === DETAIL_PREFIX.organizationId) forget({ organizationId: id });
    else if (kind === DETAIL_PREFIX.memberId) forget({ memberId: id });
  });
}

/** The key row (with its organization's plan and creator's role) for a hash; from the cache while fresh. */
export async function findKeyByHash(hash: string): Promise<TCachedKey | undefined> {
  const ttlMs = cache.disabled ? 0 : env().PRINCIPAL_CACHE_TTL_MS;
  const now = Date.now();
  const cached = cache.entries.get(hash);
  if (cached && now - cached.cachedAt < ttlMs) return cached.key;
  if (cached) cache.entries.delete(hash);

  listenForInvalidations();
  // An invalidation that lands while we read must not let the row read before it in.
  const generation = cache.generation;
  const key = await readKeysThisTurn(hash);
  if (key && ttlMs > 0 && generation === cache.generation) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(hash, { key, cachedAt: now });
  }
  return key;
}

/**
 * Clears cached principals here and in every other process: call after the change has
 * committed (a revoked key, an organization's new plan, a member's new role). Never rejects.
 */
export function invalidatePrincipals(invalidation: TInvalidation): Promise<void> {
  forget(invalidation);
  return publishChange(TOPIC, detailOf(invalidation));
}

/**
 * Turns the cache off (every call reads its key) or back on. The composition root turns it
 * off where another process's changes cannot reach this one through the change channel: on
 * the embedded database the admin CLI's revoke-key would otherwise hold for up to the TTL.
 */
export function setPrincipalCacheEnabled(enabled: boolean): void {
  cache.disabled = !enabled;
  if (!enabled) forgetAll();
}
