// Turns the request's API key into a principal: which organization, which mode, which
// scopes. Every failure here is a 401 or 403 with the body decisions.md fixes.
import { db } from "../../foundation/db/client.ts";
import { AppError } from "../../foundation/errors.ts";
import { hashApiKey, hashesMatch, isWellFormedApiKey } from "./api-keys.ts";
import type { TScope } from "./scopes.ts";

export type TPrincipal = {
  organizationId: string;
  livemode: boolean;
  apiKeyId: string;
  memberId: string | null;
  scopes: string[];
  plan: string;
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
  const key = await db().apiKey.findUnique({
    where: { keyHash: hash },
    omit: { keyHash: false }, // compared below in constant time
    include: { organization: { select: { plan: true } } },
  });
  if (!key || !hashesMatch(key.keyHash, hash)) throw unauthenticated("Invalid API key");
  if (key.revokedAt) throw unauthenticated("API key has been revoked");
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw unauthenticated("API key has expired");

  const plan = key.organization.plan;
  if (!PLANS_WITH_API_ACCESS.has(plan)) {
    throw new AppError("plan_required", `The ${plan} plan does not include API access; upgrade to Growth or Enterprise`, {
      plan,
    });
  }

  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_WRITE_INTERVAL_MS) {
    // Throttled and off the request path: usage tracking must never fail a call.
    void db()
      .apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } })
      .catch(() => undefined);
  }

  return {
    organizationId: key.organizationId,
    livemode: key.livemode,
    apiKeyId: key.id,
    memberId: key.createdByMemberId,
    scopes: key.scopes,
    plan,
  };
}

export function requireScope(principal: TPrincipal, scope: TScope): void {
  if (!principal.scopes.includes(scope)) {
    throw new AppError("insufficient_scope", `This API key lacks the ${scope} scope`, {
      required: scope,
      provided: principal.scopes,
    });
  }
}
