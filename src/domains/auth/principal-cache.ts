// The API key lookup of every /v1 call, cached in process for a few seconds
// (PRINCIPAL_CACHE_TTL_MS): the key row and its organization's plan, read in one statement
// on a miss. What the cache may not do is serve a key that no longer holds:
// - a revocation or a plan change clears the affected entries at once in this process and,
//   through the change channel (PostgreSQL NOTIFY), in every other one;
// - a lost notification is bounded by the TTL: no entry is older than that;
// - expiry, revocation and the plan are checked on every call against the cached row, so a
//   key is refused at its expires_at whether cached or not.
// Kept on globalThis: the dashboard (Next's bundle) revokes keys that the server's bundle caches.
import { sqlQuery } from "../../foundation/db/client.ts";
import { publishChange, subscribeToChanges } from "../../foundation/change-notifier.ts";
import { env } from "../../foundation/env.ts";

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
  plan: string;
};

type TEntry = { key: TCachedKey; cachedAt: number };
type TCache = { entries: Map<string, TEntry>; generation: number; subscribed: boolean };

const TOPIC = "principal";
// Enough for every active key of a busy instance; past it the oldest entries go first.
const MAX_ENTRIES = 10_000;

const store = globalThis as unknown as { __agentWorkforcePrincipalCache?: TCache };
const cache: TCache = (store.__agentWorkforcePrincipalCache ??= { entries: new Map(), generation: 0, subscribed: false });

const KEY_WITH_PLAN = `
  SELECT k.id, k.key_hash AS "keyHash", k.organization_id AS "organizationId", k.livemode, k.name, k.scopes,
         k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt", k.last_used_at AS "lastUsedAt",
         k.created_by AS "createdByMemberId", o.plan::text AS plan
  FROM api_keys k JOIN organizations o ON o.id = k.organization_id
  WHERE k.key_hash = $1`;

type TInvalidation = { apiKeyId: string } | { organizationId: string };

function forget(invalidation: TInvalidation): void {
  cache.generation += 1;
  for (const [hash, entry] of cache.entries) {
    const matches =
      "apiKeyId" in invalidation ? entry.key.id === invalidation.apiKeyId : entry.key.organizationId === invalidation.organizationId;
    if (matches) cache.entries.delete(hash);
  }
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
    if (kind === "key") forget({ apiKeyId: id });
    else if (kind === "org") forget({ organizationId: id });
  });
}

/** The key row (with its organization's plan) for a hash; from the cache while fresh. */
export async function findKeyByHash(hash: string): Promise<TCachedKey | undefined> {
  const ttlMs = env().PRINCIPAL_CACHE_TTL_MS;
  const now = Date.now();
  const cached = cache.entries.get(hash);
  if (cached && now - cached.cachedAt < ttlMs) return cached.key;
  if (cached) cache.entries.delete(hash);

  listenForInvalidations();
  // An invalidation that lands while we read must not let the row read before it in.
  const generation = cache.generation;
  const [key] = await sqlQuery<TCachedKey>(KEY_WITH_PLAN, [hash], "key-with-plan");
  if (key && ttlMs > 0 && generation === cache.generation) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(hash, { key, cachedAt: now });
  }
  return key;
}

/**
 * Clears cached principals here and in every other process: call after the change has
 * committed (a revoked key, an organization's new plan). Never rejects.
 */
export function invalidatePrincipals(invalidation: TInvalidation): Promise<void> {
  forget(invalidation);
  return publishChange(TOPIC, "apiKeyId" in invalidation ? `key:${invalidation.apiKeyId}` : `org:${invalidation.organizationId}`);
}
