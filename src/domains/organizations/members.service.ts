// People and memberships: a user (email, name, password) signs in once and holds a
// membership, with a role, in each organization they belong to. The admin CLI and the
// dashboard's Members page both add people through addMember.
import { randomUUID } from "node:crypto";
import { db } from "../../foundation/db/client.ts";
import { conflict, notFound, validationError } from "../../foundation/errors.ts";
import type { MemberRole, Prisma } from "../../generated/prisma/client.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { hashPassword } from "../auth/passwords.ts";
import { lockTenant } from "../auth/tenant.ts";

/** better-auth's provider id for email + password accounts. */
const CREDENTIAL_PROVIDER = "credential";

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
 * Changes a role or removes a membership, refusing to leave the organization without an
 * admin (409): the admin check runs under the organization's row lock, so two admins
 * demoting each other at once cannot both succeed.
 */
async function changeMembership(principal: TPrincipal, memberId: string, change: { role: MemberRole } | "remove") {
  return db().$transaction(async (tx) => {
    await lockTenant(tx, principal.organizationId);
    const member = await tx.member.findFirst({
      where: { id: memberId, organizationId: principal.organizationId },
      include: { user: { select: { email: true, name: true } } },
    });
    if (!member) throw notFound("Member");
    const losesAdmin = member.role === "admin" && (change === "remove" || change.role !== "admin");
    if (losesAdmin) {
      const admins = await tx.member.count({ where: { organizationId: principal.organizationId, role: "admin" } });
      if (admins <= 1) throw conflict("An organization needs at least one admin: make someone else admin first");
    }
    if (change === "remove") {
      await tx.member.delete({ where: { id: member.id } });
      return { ...serializeMember(member), removed: true };
    }
    const updated = await tx.member.update({
      where: { id: member.id },
      data: { role: change.role },
      include: { user: { select: { email: true, name: true } } },
    });
    return serializeMember(updated);
  });
}

export const changeMemberRole = (principal: TPrincipal, memberId: string, role: MemberRole) =>
  changeMembership(principal, memberId, { role });

export const removeMember = (principal: TPrincipal, memberId: string) => changeMembership(principal, memberId, "remove");
