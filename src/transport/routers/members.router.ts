// Dashboard-only (no /v1 path): an organization's admins add people, change their roles and
// remove them. The organization always keeps an admin (409 otherwise).
import { z } from "zod";
import {
  ZAddMemberRequest,
  ZChangeRoleRequest,
  ZListMembersResponse,
  ZMember,
  ZMemberResponse,
  ZRemoveMemberRequest,
} from "../../domains/organizations/organizations.schemas.ts";
import { addMember, changeMemberRole, listMembers, removeMember } from "../../domains/organizations/members.service.ts";
import { apiProcedure, router } from "../trpc/init.ts";

export const membersRouter = router({
  list: apiProcedure
    .meta({ role: "admin" })
    .input(z.object({}).optional())
    .output(ZListMembersResponse)
    .query(({ ctx }) => listMembers(ctx.principal)),

  add: apiProcedure
    .meta({ role: "admin" })
    .input(ZAddMemberRequest)
    .output(ZMemberResponse)
    .mutation(async ({ ctx, input }) => ({ data: await addMember({ organizationId: ctx.principal.organizationId, ...input }) })),

  changeRole: apiProcedure
    .meta({ role: "admin" })
    .input(ZChangeRoleRequest)
    .output(ZMemberResponse)
    .mutation(async ({ ctx, input }) => ({ data: await changeMemberRole(ctx.principal, input.member_id, input.role) })),

  remove: apiProcedure
    .meta({ role: "admin" })
    .input(ZRemoveMemberRequest)
    .output(z.object({ data: ZMember.extend({ removed: z.boolean().optional() }) }))
    .mutation(async ({ ctx, input }) => ({ data: await removeMember(ctx.principal, input.member_id) })),
});
