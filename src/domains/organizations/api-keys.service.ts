// API keys of one organization and mode, as the dashboard's admins manage them. The admin
// CLI (organizations.service.ts) creates keys through the same insertApiKey, so a key is
// made one way whoever makes it: only its hash is stored, the plaintext is returned once.
import type { z } from "zod";
import { db } from "../../foundation/db/client.ts";
import { notFound, validationError } from "../../foundation/errors.ts";
import { iso, isoOrNull } from "../../foundation/schemas.ts";
import type { ApiKey, MemberRole } from "../../generated/prisma/client.ts";
import { generateApiKey, type TKeyMode } from "../auth/api-keys.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { invalidatePrincipals } from "../auth/principal-cache.ts";
import { effectiveKeyScopes } from "../auth/roles.ts";
import type { TScope } from "../auth/scopes.ts";
import { tenantScope } from "../auth/tenant.ts";
import type { ZCreateApiKeyRequest } from "./organizations.schemas.ts";

type TInsert = {
  organizationId: string;
  mode: TKeyMode;
  name: string;
  scopes: TScope[];
  expiresAt?: Date;
  createdByMemberId?: string;
};

const WITH_CREATOR = { createdBy: { select: { role: true, user: { select: { name: true } } } } } as const;

/**
 * Creates a key; the plaintext `key` exists only in this return value. An expiry in the
 * past is a validation error on the caller's own field name (`expires` in the CLI).
 */
export async function insertApiKey(input: TInsert, expiresField = "expires") {
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw validationError(`${expiresField} must be in the future`, [{ path: expiresField, message: "must be in the future" }]);
  }
  const { key, hash, prefix } = generateApiKey(input.mode);
  const apiKey = await db().apiKey.create({
    data: {
      organizationId: input.organizationId,
      livemode: input.mode === "live",
      name: input.name,
      keyHash: hash,
      prefix,
      scopes: input.scopes,
      expiresAt: input.expiresAt,
      createdByMemberId: input.createdByMemberId,
    },
    include: WITH_CREATOR,
  });
  return { apiKey, key };
}

type TKeyRow = Omit<ApiKey, "keyHash"> & { createdBy: { role: MemberRole; user: { name: string } } | null };

function serializeApiKey(apiKey: TKeyRow) {
  const creatorRole = apiKey.createdBy?.role ?? null;
  return {
    id: apiKey.id,
    name: apiKey.name,
    prefix: apiKey.prefix,
    scopes: apiKey.scopes as TScope[],
    // The same rule authentication applies (src/domains/auth/authenticate.ts).
    effective_scopes: effectiveKeyScopes(apiKey.scopes as TScope[], creatorRole),
    mode: apiKey.livemode ? ("live" as const) : ("test" as const),
    created_at: iso(apiKey.createdAt),
    last_used_at: isoOrNull(apiKey.lastUsedAt),
    expires_at: isoOrNull(apiKey.expiresAt),
    revoked_at: isoOrNull(apiKey.revokedAt),
    created_by: apiKey.createdBy?.user.name ?? null,
    // The creator as an actor, like every `…_by_actor` (docs/api-conventions.md, "Actors").
    created_by_actor:
      apiKey.createdBy && apiKey.createdByMemberId ? { type: "member" as const, id: apiKey.createdByMemberId, name: apiKey.createdBy.user.name } : null,
    created_by_role: creatorRole,
  };
}

/** The organization's keys in the caller's mode, newest first (revoked ones too, marked). */
export async function listApiKeys(principal: TPrincipal) {
  const keys = await db().apiKey.findMany({
    where: tenantScope(principal),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: WITH_CREATOR,
  });
  return { data: keys.map(serializeApiKey) };
}

/** A key in the caller's organization and mode, attributed to the signed-in member. */
export async function createApiKeyFor(principal: TPrincipal, input: z.infer<typeof ZCreateApiKeyRequest>) {
  const { apiKey, key } = await insertApiKey(
    {
      organizationId: principal.organizationId,
      mode: principal.livemode ? "live" : "test",
      name: input.name,
      scopes: input.scopes,
      expiresAt: input.expires_at ? new Date(input.expires_at) : undefined,
      createdByMemberId: principal.memberId ?? undefined,
    },
    "expires_at",
  );
  return { data: { ...serializeApiKey(apiKey), key } };
}

/** Revokes a key of the caller's organization and mode (404 otherwise); revoking twice keeps the first time. */
export async function revokeApiKeyFor(principal: TPrincipal, apiKeyId: string) {
  const where = { id: apiKeyId, ...tenantScope(principal) };
  // One conditional update: a concurrent revoke cannot move revoked_at.
  await db().apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  const apiKey = await db().apiKey.findFirst({ where, include: WITH_CREATOR });
  if (!apiKey) throw notFound("API key");
  await invalidatePrincipals({ apiKeyId: apiKey.id });
  return { data: serializeApiKey(apiKey) };
}
