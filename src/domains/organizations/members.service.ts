// People and memberships: a user (email, name, password) signs in once and holds a
// membership, with a role, in each organization they belong to. The operator's admin CLI
// adds people through addMember; the dashboard invites them (invitations.service.ts).
import { randomUUID } from "node:crypto";
import { db } from "../../foundation/db/client.ts";
import { conflict, notFound, validationError } from "../../foundation/errors.ts";
import type { MemberRole, Prisma } from "../../generated/prisma/client.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { hashPassword } from "../auth/passwords.ts";
import { invalidatePrincipals } from "../auth/principal-cache.ts";
import { lockTenant } from "../auth/tenant.ts";

/** better-auth's provider id for email + password accounts. */
export const CREDENTIAL_PROVIDER = "credential";

type TNewMember = { organizationId: string; email: string; name: string; role: MemberRole; password?: string };

async function findOrCreateUser(tx: Prisma.TransactionClient, input: { email: string; name: string; password?: string }) {
  const email = input.email.trim().toLowerCase();
  const existing = await tx.user.findUnique({ where: { email } });
  if (existing) return existing;
  if (!input.password) {
    throw validationError("A password is required for a person who has no account yet", [
      { path: "password", message: "required for a new person" },
    ]);
  }
  const id = randomUUID();
  return tx.user.create({
    data: {
      id,
      email,
      name: input.name,
      accounts: { create: { accountId: id, providerId: CREDENTIAL_PROVIDER, password: await hashPassword(input.password) } },
    },
  });
}

/**
 * Adds a person to an organization: creates their user (with the password) if the email is
 * new, else reuses it (their password stays theirs), then the membership. 409 if they are
 * already a member.
 */
export async function addMember(input: TNewMember) {
  return db().$transaction(async (tx) => {
    const organization = await tx.organization.findUnique({ where: { id: input.organizationId }, select: { id: true } });
    if (!organization) throw notFound("Organization");
    const user = await findOrCreateUser(tx, input);
    const existing = await tx.member.findUnique({
      where: { organizationId_userId: { organizationId: input.organizationId, userId: user.id } },
    });
    if (existing) throw conflict(`${user.email} is already a member of this organization`);
    const member = await tx.member.create({ data: { organizationId: input.organizationId, userId: user.id, role: input.role } });
    return { id: member.id, email: user.email, name: user.name, role: member.role, created_at: member.createdAt.toISOString() };
  });
}

export async function findMemberByEmail(organizationId: string, email: string) {
  return db().member.findFirst({ where: { organizationId, user: { email: email.trim().toLowerCase() } } });
}

const serializeMember = (member: { id: string; role: MemberRole; createdAt: Date; user: { email: string; name: string } }) => ({
  id: member.id,
  email: member.user.email,
  name: member.user.name,
  role: member.role,
  created_at: member.createdAt.toISOString(),
});

export async function listMembers(principal: TPrincipal) {
  const members = await db().member.findMany({
    where: { organizationId: principal.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { user: { select: { email: true, name: true } } },
  });
  return { data: members.map(serializeMember) };
}

/**
 * The member about to change, under the organization's row lock, refusing a change that
 * would leave the organization without an admin (409): two admins demoting each other at
 * once cannot both succeed.
 */
async function lockedMember(tx: Prisma.TransactionClient, principal: TPrincipal, memberId: string, staysAdmin: boolean) {
  await lockTenant(tx, principal.organizationId);
  const member = await tx.member.findFirst({
    where: { id: memberId, organizationId: principal.organizationId },
    include: { user: { select: { email: true, name: true } } },
  });
  if (!member) throw notFound("Member");
  if (member.role === "admin" && !staysAdmin) {
    const admins = await tx.member.count({ where: { organizationId: principal.organizationId, role: "admin" } });
    if (admins <= 1) throw conflict("An organization needs at least one admin: make someone else admin first");
  }
  return member;
}

/**
 * Changes a member's role. The member's API keys act with at most the new role's scopes
 * (src/domains/auth/roles.ts, effectiveKeyScopes): once the change has committed, their
 * cached principals are cleared here and on every instance, like a revocation.
 */
export async function changeMemberRole(principal: TPrincipal, memberId: string, role: MemberRole) {
  const updated = await db().$transaction(async (tx) => {
    const member = await lockedMember(tx, principal, memberId, role === "admin");
    return tx.member.update({
      where: { id: member.id },
      data: { role },
      include: { user: { select: { email: true, name: true } } },
    });
  });
  await invalidatePrincipals({ memberId: updated.id });
  return serializeMember(updated);
}

/**
 * Removes a membership and, unless the admin keeps them, revokes the API keys the member
 * created (both modes). The revoked keys leave every instance's principal cache once the
 * transaction has committed, so they stop working at once (src/domains/auth/principal-cache.ts).
 */
export async function removeMember(principal: TPrincipal, memberId: string, options: { keepKeys?: boolean } = {}) {
  const { member, revokedKeyIds } = await db().$transaction(async (tx) => {
    const member = await lockedMember(tx, principal, memberId, false);
    const revokedKeyIds = options.keepKeys ? [] : await revokeKeysCreatedBy(tx, principal.organizationId, member.id);
    await tx.member.delete({ where: { id: member.id } });
    return { member, revokedKeyIds };
  });
  // Kept keys lose their creator (and the limit of the creator's role) with the membership.
  await Promise.all([...revokedKeyIds.map((apiKeyId) => invalidatePrincipals({ apiKeyId })), invalidatePrincipals({ memberId: member.id })]);
  return { ...serializeMember(member), removed: true, keys_revoked: revokedKeyIds.length };
}

/** Revokes the member's active keys in both modes; their ids, for the cache invalidation. */
async function revokeKeysCreatedBy(tx: Prisma.TransactionClient, organizationId: string, memberId: string): Promise<string[]> {
  const where = { organizationId, createdByMemberId: memberId, revokedAt: null };
  const keys = await tx.apiKey.findMany({ where, select: { id: true } });
  if (keys.length === 0) return [];
  await tx.apiKey.updateMany({ where: { id: { in: keys.map((key) => key.id) }, revokedAt: null }, data: { revokedAt: new Date() } });
  return keys.map((key) => key.id);
}

