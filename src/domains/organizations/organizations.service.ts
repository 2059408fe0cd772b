// Tenants, members, API keys and credits as the admin CLI (and later the dashboard)
// manages them.
import type { TKeyMode } from "../auth/api-keys.ts";
import { invalidatePrincipals } from "../auth/principal-cache.ts";
import type { TScope } from "../auth/scopes.ts";
import { db } from "../../foundation/db/client.ts";
import { Prisma, type MemberRole, type Plan } from "../../generated/prisma/client.ts";
import { notFound } from "../../foundation/errors.ts";
import { insertApiKey } from "./api-keys.service.ts";
import { addMember, findMemberByEmail } from "./members.service.ts";
import { isBuiltInAgentType } from "../agents/agent-types.ts";
import type { TSpotCheckRates } from "./organizations.schemas.ts";

export async function createOrganization(input: { name: string; plan: Plan }) {
  // Names only the columns it sets, so the column defaults fill the rest: the migration
  // tests run this against older schemas (Prisma would list every defaulted column).
  const [organization] = await db().$queryRaw<[{ id: string; name: string; plan: Plan }]>`
    INSERT INTO organizations (id, name, plan, updated_at) VALUES (gen_random_uuid(), ${input.name}, ${input.plan}::"Plan", now())
    RETURNING id, name, plan`;
  return { id: organization.id, name: organization.name, plan: organization.plan };
}

/** The dashboard's view of the caller's organization. */
export async function getOrganization(organizationId: string) {
  const organization = await db().organization.findUnique({ where: { id: organizationId } });
  if (!organization) throw notFound("Organization");
  return {
    id: organization.id,
    name: organization.name,
    plan: organization.plan,
    triage_threshold: organization.triageThreshold,
    triage_sla_minutes: organization.triageSlaMinutes,
    spot_check_rates: spotCheckRatesOf(organization.spotCheckRates),
  };
}

/** The stored rates of the built-in types (anything else in the column is ignored). */
function spotCheckRatesOf(stored: unknown): TSpotCheckRates {
  const rates: TSpotCheckRates = {};
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return rates;
  for (const [type, rate] of Object.entries(stored)) {
    if (isBuiltInAgentType(type) && typeof rate === "number") rates[type] = rate;
  }
  return rates;
}

/** The admin CLI's set-spot-check-rate: one built-in type's rate (the others keep theirs). */
export const setSpotCheckRates = (input: { organizationId: string; rates: TSpotCheckRates }) =>
  updateOrganizationSettings({ organizationId: input.organizationId, spotCheckRates: input.rates });

/**
 * The dashboard's settings: the due time, the built-ins' triage threshold (the Quality page's
 * Apply), the spot-check rates, in one transaction; what the input leaves out stays as it is.
 * Rates merge in the statement (jsonb ||), so two admins setting different types do not undo
 * each other; sampling counts on from the counters as they are.
 */
export async function updateOrganizationSettings(input: {
  organizationId: string;
  triageSlaMinutes?: number;
  triageThreshold?: number;
  spotCheckRates?: TSpotCheckRates;
}) {
  return db().$transaction(async (tx) => {
    if (input.triageSlaMinutes !== undefined || input.triageThreshold !== undefined) {
      const { count } = await tx.organization.updateMany({
        where: { id: input.organizationId },
        data: { triageSlaMinutes: input.triageSlaMinutes, triageThreshold: input.triageThreshold },
      });
      if (count === 0) throw notFound("Organization");
    }
    if (input.spotCheckRates !== undefined) {
      const count = await tx.$executeRaw`
        UPDATE organizations SET spot_check_rates = spot_check_rates || ${JSON.stringify(input.spotCheckRates)}::jsonb, updated_at = now()
        WHERE id = ${input.organizationId}::uuid`;
      if (count === 0) throw notFound("Organization");
    }
  }).then(() => getOrganization(input.organizationId));
}

/**
 * Minutes a new triage item may wait before it is overdue (an agent version's
 * review.sla_minutes overrides). Items already open keep their due_at.
 */
export async function setTriageSla(input: { organizationId: string; minutes: number }) {
  const { count } = await db().organization.updateMany({ where: { id: input.organizationId }, data: { triageSlaMinutes: input.minutes } });
  if (count === 0) throw notFound("Organization");
  return getOrganization(input.organizationId);
}

export async function setPlan(input: { organizationId: string; plan: Plan }) {
  const organization = await db()
    .organization.update({ where: { id: input.organizationId }, data: { plan: input.plan } })
    .catch((error: unknown) => {
      // Only "no such row" means the organization is missing; any other failure (database
      // down, invalid value) is reported as what it is, not hidden behind a 404.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Organization");
      throw error;
    });
  // Cached API key principals carry the plan (API access, daily cap).
  await invalidatePrincipals({ organizationId: organization.id });
  return { id: organization.id, name: organization.name, plan: organization.plan };
}

/** The admin CLI's create-member: `{id, email, role}` (docs/contract.md, "Operating the service"). */
export async function createMember(input: {
  organizationId: string;
  email: string;
  name: string;
  role: MemberRole;
  password: string;
}) {
  const member = await addMember(input);
  return { id: member.id, email: member.email, role: member.role };
}

export async function createApiKey(input: {
  organizationId: string;
  memberEmail?: string;
  name: string;
  scopes: TScope[];
  mode: TKeyMode;
  expiresAt?: Date;
}) {
  const organization = await db().organization.findUnique({ where: { id: input.organizationId } });
  if (!organization) throw notFound("Organization");
  let createdByMemberId: string | undefined;
  if (input.memberEmail) {
    const member = await findMemberByEmail(input.organizationId, input.memberEmail);
    if (!member) throw notFound("Member");
    createdByMemberId = member.id;
  }
  const { apiKey, key } = await insertApiKey({
    organizationId: input.organizationId,
    mode: input.mode,
    name: input.name,
    scopes: input.scopes,
    expiresAt: input.expiresAt,
    createdByMemberId,
  });
  return { id: apiKey.id, key, prefix: apiKey.prefix, scopes: apiKey.scopes, mode: input.mode };
}

export async function revokeApiKey(input: { apiKeyId: string }) {
  const apiKey = await db().apiKey.findUnique({ where: { id: input.apiKeyId } });
  if (!apiKey) throw notFound("API key");
  const revoked = apiKey.revokedAt
    ? apiKey
    : await db().apiKey.update({ where: { id: apiKey.id }, data: { revokedAt: new Date() } });
  await invalidatePrincipals({ apiKeyId: revoked.id });
  return { id: revoked.id, prefix: revoked.prefix, revoked_at: revoked.revokedAt!.toISOString() };
}
