// Invitations: an organization's admin invites an email with a role; the person behind that
// email joins by accepting, either through the link (a single-use token the admin copies,
// since there is no mail server) or, once signed in, from their list of pending invitations.
// Inviting reveals nothing about the email's account (the answer is the same whether or not
// one exists); accepting requires the signed-in user's email to be the invited one.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { db } from "../../foundation/db/client.ts";
import { env } from "../../foundation/env.ts";
import { AppError, conflict, notFound } from "../../foundation/errors.ts";
import type { Invitation, MemberRole, Prisma } from "../../generated/prisma/client.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { hashPassword } from "../auth/passwords.ts";
import { dashboardOrigins, type TSignedInUser } from "../auth/session-auth.ts";
import { lockTenant } from "../auth/tenant.ts";
import { CREDENTIAL_PROVIDER } from "./members.service.ts";

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
const TOKEN_PREFIX = "inv_";

const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The page a link opens: /invite/<token> on PUBLIC_BASE_URL, or (unset) on whichever of the
 * dashboard's own origins the admin's request came from; never an origin the request names.
 */
function invitationUrl(requestOrigin: string | undefined, token: string): string {
  const origins = dashboardOrigins(env());
  const origin = requestOrigin && origins.includes(requestOrigin) ? requestOrigin : origins[0]!;
  return `${origin}/invite/${token}`;
}

type TInvitationRow = Omit<Invitation, "tokenHash">;
type TInvitationWithOrg = TInvitationRow & { organization: { name: string } };

/** Refuses an invitation that can no longer be answered: used, declined, revoked (409) or expired (410). */
function assertOpen(invitation: Pick<Invitation, "status" | "expiresAt">): void {
  if (invitation.status !== "pending") throw conflict(`This invitation was already ${invitation.status}`);
  if (invitation.expiresAt.getTime() <= Date.now()) {
    throw new AppError("invitation_expired", "This invitation has expired: ask an admin of the organization to invite you again");
  }
}

const serializeForAdmin = (invitation: TInvitationRow) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  expires_at: invitation.expiresAt.toISOString(),
  created_at: invitation.createdAt.toISOString(),
  expired: invitation.expiresAt.getTime() <= Date.now(),
});

const serializeForInvitee = (invitation: TInvitationWithOrg) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  organization_id: invitation.organizationId,
  organization_name: invitation.organization.name,
  expires_at: invitation.expiresAt.toISOString(),
});

/**
 * A new invitation with a fresh single-use token (returned only here; the row keeps its
 * SHA-256). A pending invitation to the same email is replaced, so a lost link is fixed by
 * inviting again. 409 only for someone already a member of this organization, which the
 * admin sees on the Members page anyway; nothing is read from the email's account.
 */
export async function createInvitation(principal: TPrincipal, input: { email: string; role: MemberRole }, requestOrigin?: string) {
  const email = normalizeEmail(input.email);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const invitation = await db().$transaction(async (tx) => {
    await lockTenant(tx, principal.organizationId);
    const member = await tx.member.findFirst({ where: { organizationId: principal.organizationId, user: { email } }, select: { id: true } });
    if (member) throw conflict(`${email} is already a member of this organization`);
    await tx.invitation.updateMany({
      where: { organizationId: principal.organizationId, email, status: "pending" },
      data: { status: "revoked", respondedAt: new Date() },
    });
    return tx.invitation.create({
      data: {
        organizationId: principal.organizationId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedByMemberId: principal.memberId ?? undefined,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      },
      omit: { tokenHash: true },
    });
  });
  return {
    invitation: {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt.toISOString(),
      url: invitationUrl(requestOrigin, token),
    },
  };
}

/** The organization's pending invitations (expired ones marked), newest first. */
export async function listInvitations(principal: TPrincipal) {
  const invitations = await db().invitation.findMany({
    where: { organizationId: principal.organizationId, status: "pending" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { data: invitations.map(serializeForAdmin) };
}

/** Revokes a pending invitation of the caller's organization: its link stops working. 404 otherwise. */
export async function revokeInvitation(principal: TPrincipal, id: string) {
  const where = { id, organizationId: principal.organizationId };
  const { count } = await db().invitation.updateMany({ where: { ...where, status: "pending" }, data: { status: "revoked", respondedAt: new Date() } });
  const invitation = await db().invitation.findFirst({ where });
  if (!invitation || (count === 0 && invitation.status !== "revoked")) throw notFound("Pending invitation");
  return { data: serializeForAdmin(invitation) };
}

async function findByToken(tx: Prisma.TransactionClient, token: string): Promise<TInvitationWithOrg> {
  const invitation = await tx.invitation.findUnique({ where: { tokenHash: hashToken(token) }, include: { organization: { select: { name: true } } } });
  if (!invitation) throw notFound("Invitation");
  return invitation;
}

/** What the link's page shows: organization, email and role (409/410 once it cannot be answered). */
export async function previewInvitation(token: string) {
  const invitation = await db().$transaction((tx) => findByToken(tx, token));
  assertOpen(invitation);
  return { invitation: serializeForInvitee(invitation) };
}

/** Pending, unexpired invitations addressed to the signed-in user's email. */
export async function invitationsFor(user: TSignedInUser) {
  const invitations = await db().invitation.findMany({
    where: { email: normalizeEmail(user.email), status: "pending", expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { organization: { select: { name: true } } },
  });
  return { data: invitations.map(serializeForInvitee) };
}

/**
 * Marks the invitation answered with one conditional update, so a link used twice at once
 * (or accepted and declined together) has exactly one winner; the loser gets 409.
 */
async function answer(tx: Prisma.TransactionClient, invitation: TInvitationRow, status: "accepted" | "declined"): Promise<void> {
  assertOpen(invitation);
  const { count } = await tx.invitation.updateMany({ where: { id: invitation.id, status: "pending" }, data: { status, respondedAt: new Date() } });
  if (count !== 1) throw conflict("This invitation was already answered");
}

async function join(tx: Prisma.TransactionClient, invitation: TInvitationWithOrg, userId: string) {
  await lockTenant(tx, invitation.organizationId);
  const existing = await tx.member.findUnique({ where: { organizationId_userId: { organizationId: invitation.organizationId, userId } } });
  if (existing) throw conflict("You are already a member of this organization");
  const member = await tx.member.create({ data: { organizationId: invitation.organizationId, userId, role: invitation.role } });
  return { data: { ...serializeForInvitee(invitation), member_id: member.id } };
}

/** An invitation addressed to this user (404 for anyone else's, so ids cannot be probed). */
async function findForUser(tx: Prisma.TransactionClient, user: TSignedInUser, id: string): Promise<TInvitationWithOrg> {
  const invitation = await tx.invitation.findFirst({
    where: { id, email: normalizeEmail(user.email) },
    include: { organization: { select: { name: true } } },
  });
  if (!invitation) throw notFound("Invitation");
  return invitation;
}

/** The signed-in user accepts an invitation to their email: they become a member with its role. */
export function acceptInvitation(user: TSignedInUser, id: string) {
  return db().$transaction(async (tx) => {
    const invitation = await findForUser(tx, user, id);
    await answer(tx, invitation, "accepted");
    return join(tx, invitation, user.id);
  });
}

export function declineInvitation(user: TSignedInUser, id: string) {
  return db().$transaction(async (tx) => {
    const invitation = await findForUser(tx, user, id);
    await answer(tx, invitation, "declined");
    return { data: serializeForInvitee(invitation) };
  });
}

/**
 * Someone new opens the link and sets a name and password: their account and membership are
 * created and the token used up, in one transaction; the page then signs them in. An email
 * that already has an account must sign in instead (409): the link's holder alone learns that.
 */
export async function createAccountFromInvitation(input: { token: string; name: string; password: string }) {
  // The token is checked before the (deliberately slow) password hash, so a caller without a
  // valid link cannot make the server hash at will; the transaction checks it again.
  await previewInvitation(input.token);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const invitation = await findByToken(tx, input.token);
    assertOpen(invitation);
    if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
      throw conflict("An account with this email already exists: sign in to accept the invitation");
    }
    await answer(tx, invitation, "accepted");
    const userId = randomUUID();
    await tx.user.create({
      data: {
        id: userId,
        email: invitation.email,
        name: input.name,
        accounts: { create: { accountId: userId, providerId: CREDENTIAL_PROVIDER, password: passwordHash } },
      },
    });
    return join(tx, invitation, userId);
  });
}
