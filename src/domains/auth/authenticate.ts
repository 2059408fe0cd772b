// Turns the request's API key into a principal: which organization, which mode, which
// scopes. Every failure here is a 401 or 403 with the body of docs/contract.md, "Errors".
import { db } from "../../foundation/db/client.ts";
import { AppError } from "../../foundation/errors.ts";
import { hashApiKey, hashesMatch, isWellFormedApiKey } from "./api-keys.ts";
import { findKeyByHash } from "./principal-cache.ts";
import { effectiveKeyScopes } from "./roles.ts";
import type { MemberRole } from "../../generated/prisma/client.ts";
import type { TScope } from "./scopes.ts";
import { runDetached } from "../../foundation/detached.ts";

/**
 * Who is calling, in which organization and mode, allowed what. An API key (the /v1 REST
 * API) carries its own scopes, limited to what its creator's role allows now; a signed-in
 * member (the dashboard) gets the scopes of their role in the organization they chose
 * (src/domains/auth/roles.ts).
 */
export type TPrincipal = {
  /** `link`: a decision through a signed link (src/domains/review-links/link-principal.ts), with no key or member. */
  kind: "api_key" | "member" | "link";
  organizationId: string;
  livemode: boolean;
  /** The key that made the call; null for a signed-in member. */
  apiKeyId: string | null;
  /** The signed-in user; absent for an API key. */
  userId?: string;
  /** The membership acting: the signed-in member, or the member who created the key. */
  memberId: string | null;
  /** The member's role; null for an API key. */
  role: MemberRole | null;
  /** What the caller may do now: for a key, its effective scopes (granted ∩ its creator's role). */
  scopes: string[];
  /** A key's scopes as granted, before its creator's role limits them. */
  grantedScopes?: string[];
  /** A key's creator's current role, which limits its scopes; null for an operator's key. */
  keyCreatorRole?: MemberRole | null;
  plan: string;
  /** Recorded on decisions (triage `resolved_by`): "api_key:<id>" or "member:<id>", and a display name. */
  actor: { id: string; name: string };
  /**
   * The person, when the actor label does not say it: a link's recipient ("Two approvers"
   * counts people: src/domains/reviews/approvals.ts). Absent for keys and members.
   */
  approver?: string;
};

const PLANS_WITH_API_ACCESS = new Set(["growth", "enterprise"]);
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export type THeaderReader = (name: string) => string | undefined;

export function extractApiKey(header: THeaderReader): string | undefined {
  const authorization = header("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  return header("x-api-key")?.trim() || undefined;
}

const unauthenticated = (message: string) => new AppError("authentication_error", message);

export async function authenticate(header: THeaderReader): Promise<TPrincipal> {
  const presented = extractApiKey(header);
  if (!presented) throw unauthenticated("Missing API key: send Authorization: Bearer <key> or X-Api-Key");
  if (!isWellFormedApiKey(presented)) throw unauthenticated("Invalid API key");

  const hash = hashApiKey(presented);
  const key = await findKeyByHash(hash);
  if (!key || !hashesMatch(key.keyHash, hash)) throw unauthenticated("Invalid API key");
  if (key.revokedAt) throw unauthenticated("API key has been revoked");
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw unauthenticated("API key has expired");

  const plan = key.plan;
  if (!PLANS_WITH_API_ACCESS.has(plan)) {
    throw new AppError("plan_required", `The ${plan} plan does not include API access; upgrade to Growth or Enterprise`, {
      plan,
    });
  }

  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_WRITE_INTERVAL_MS) {
    // Throttled and off the request path: usage tracking must never fail a call. The
    // (possibly cached) row remembers the write, so a cached key is not written every call.
    key.lastUsedAt = new Date();
    runDetached(db().apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } }), "recording an API key's last use", {
      fields: { apiKeyId: key.id },
    });
  }

  return {
    kind: "api_key",
    organizationId: key.organizationId,
    livemode: key.livemode,
    apiKeyId: key.id,
    memberId: key.createdByMemberId,
    role: null,
    // Decided here, on every call, from the creator's role as it is now: whatever changed
    // the role (dashboard, CLI, the database itself), the key follows.
    scopes: effectiveKeyScopes(key.scopes, key.creatorRole),
    grantedScopes: key.scopes,
    keyCreatorRole: key.creatorRole,
    plan,
    actor: { id: `api_key:${key.id}`, name: key.name },
  };
}

export function requireScope(principal: TPrincipal, scope: TScope): void {
  if (!principal.scopes.includes(scope)) {
    const message =
      principal.kind === "member"
        ? `Your role (${principal.role}) does not allow this: it needs the ${scope} scope`
        : principal.keyCreatorRole && principal.grantedScopes?.includes(scope)
          ? `This API key's ${scope} scope is not effective: the role of the member who created it (${principal.keyCreatorRole}) does not allow it`
          : `This API key lacks the ${scope} scope`;
    throw new AppError("insufficient_scope", message, {
      required: scope,
      provided: principal.scopes,
    });
  }
}

/** Dashboard-only procedures (keys, members, plan) require a signed-in member with this role. */
export function requireRole(principal: TPrincipal, role: MemberRole): void {
  if (principal.kind !== "member" || principal.role !== role) {
    throw new AppError("insufficient_role", `Only an organization ${role} can do this`, {
      required: role,
      role: principal.role ?? "api_key",
    });
  }
}

/**
 * Whether the key a long-lived call (the /v1 run stream) was opened with still holds: not
 * revoked or expired, its plan still with API access, and its effective scopes (its
 * creator's current role) still carrying `scope`. Throws the typed error a new call with
 * that key would get (401, 403). Served by the principal cache, which a revocation or a
 * role change clears at once.
 */
export async function confirmApiKeyAccess(principal: TPrincipal, header: THeaderReader, scope: TScope): Promise<void> {
  const current = await authenticate(header);
  if (current.apiKeyId !== principal.apiKeyId) throw unauthenticated("Invalid API key");
  requireScope(current, scope);
}
