// Who decides through a signed link (docs/api-conventions.md, "Signed decision links"): the
// link stands in for a key or a member. It may do what a reviewer's decision needs
// (triage:write) in the link's organization and mode, is recorded as `link:<id>` with the
// name entered on the page, and counts as one person among approvers: the organization's
// member whose address the email went to, else the address, else (chat) the channel and name.
import type { TPrincipal } from "../auth/authenticate.ts";
import { db } from "../../foundation/db/client.ts";
import type { ReviewLink } from "../../generated/prisma/client.ts";

type TLink = Pick<ReviewLink, "id" | "organizationId" | "livemode" | "channel" | "recipient" | "notificationId">;

/** The person approving through `link` as the name `name`, for distinct approvals. */
async function linkApprover(link: TLink, name: string): Promise<string> {
  if (link.channel === "email") {
    const address = link.recipient.trim().toLowerCase();
    const [member] = await db().$queryRaw<{ id: string }[]>`
      SELECT m.id::text AS id FROM members m JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = ${link.organizationId}::uuid AND lower(u.email) = ${address} LIMIT 1`;
    return member ? `member:${member.id}` : `email:${address}`;
  }
  // A chat channel is many people: its key (the full URL's hash) and the name each enters.
  const notification = link.notificationId
    ? await db().triageNotification.findUnique({ where: { id: link.notificationId }, select: { recipientKey: true } })
    : null;
  return `chat:${notification?.recipientKey ?? link.recipient}:${name.trim().toLowerCase()}`;
}

export async function linkPrincipal(link: TLink, name: string): Promise<TPrincipal> {
  const organization = await db().organization.findUniqueOrThrow({ where: { id: link.organizationId }, select: { plan: true } });
  return {
    kind: "link",
    organizationId: link.organizationId,
    livemode: link.livemode,
    apiKeyId: null,
    memberId: null,
    role: null,
    scopes: ["triage:write"],
    plan: organization.plan,
    actor: { id: `link:${link.id}`, name },
    approver: await linkApprover(link, name),
  };
}
