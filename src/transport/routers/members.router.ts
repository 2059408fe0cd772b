// Dashboard-only (no /v1 path): an organization's admins invite people, change their roles and
// remove them. The organization always keeps an admin (409 otherwise). People join only by
// accepting an invitation (invitations.router.ts); the operator's admin CLI can still add them.
import { z } from "zod";
import {
  ZChangeRoleRequest,
  ZInvitationIdInput,
  ZInviteMemberRequest,
  ZInviteMemberResponse,
  ZListInvitationsResponse,
  ZListMembersResponse,
  ZMemberResponse,
  ZPendingInvitation,
  ZRemovedMemberResponse,
  ZRemoveMemberRequest,
} from "../../domains/organizations/organizations.schemas.ts";
import { createInvitation, listInvitations, revokeInvitation } from "../../domains/organizations/invitations.service.ts";
import { changeMemberRole, listMembers, removeMember } from "../../domains/organizations/members.service.ts";
import { apiProcedure, router } from "../trpc/init.ts";

export const membersRouter = router({
  list: apiProcedure
    .meta({ role: "admin" })
    .input(z.object({}).optional())
    .output(ZListMembersResponse)
    .query(({ ctx }) => listMembers(ctx.principal)),

  invite: apiProcedure
    .meta({ role: "admin" })
    .input(ZInviteMemberRequest)
    .output(ZInviteMemberResponse)
    .mutation(({ ctx, input }) => createInvitation(ctx.principal, input, ctx.header("origin"))),

  invitations: apiProcedure
    .meta({ role: "admin" })
    .input(z.object({}).optional())
    .output(ZListInvitationsResponse)
    .query(({ ctx }) => listInvitations(ctx.principal)),

  revokeInvitation: apiProcedure
    .meta({ role: "admin" })
    .input(ZInvitationIdInput)
    .output(z.object({ data: ZPendingInvitation }))
    .mutation(({ ctx, input }) => revokeInvitation(ctx.principal, input.id)),

  changeRole: apiProcedure
    .meta({ role: "admin" })
    .input(ZChangeRoleRequest)
    .output(ZMemberResponse)
    .mutation(async ({ ctx, input }) => ({ data: await changeMemberRole(ctx.principal, input.member_id, input.role) })),

  remove: apiProcedure
    .meta({ role: "admin" })
    .input(ZRemoveMemberRequest)
    .output(ZRemovedMemberResponse)
    .mutation(async ({ ctx, input }) => ({ data: await removeMember(ctx.principal, input.member_id, { keepKeys: input.keep_keys }) })),
});
