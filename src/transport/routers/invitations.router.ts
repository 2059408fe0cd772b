// Dashboard-only (no /v1 path): the invited person's side. With the link's token, anyone
// holding it sees what it offers and a newcomer creates their account; a signed-in person
// lists, accepts and declines the invitations addressed to their own email.
import { z } from "zod";
import {
  ZCreateAccountRequest,
  ZInvitationIdInput,
  ZInvitationToken,
  ZJoinedResponse,
  ZPreviewInvitationResponse,
  ZReceivedInvitation,
  ZReceivedInvitationsResponse,
} from "../../domains/organizations/organizations.schemas.ts";
import {
  acceptInvitation,
  createAccountFromInvitation,
  declineInvitation,
  invitationsFor,
  previewInvitation,
} from "../../domains/organizations/invitations.service.ts";
import { accountProcedure, router, tokenProcedure } from "../trpc/init.ts";

export const invitationsRouter = router({
  preview: tokenProcedure
    .input(z.object({ token: ZInvitationToken }))
    .output(ZPreviewInvitationResponse)
    .query(({ input }) => previewInvitation(input.token)),

  createAccount: tokenProcedure
    .input(ZCreateAccountRequest)
    .output(ZJoinedResponse)
    .mutation(({ input }) => createAccountFromInvitation(input)),

  list: accountProcedure
    .input(z.object({}).optional())
    .output(ZReceivedInvitationsResponse)
    .query(({ ctx }) => invitationsFor(ctx.user)),

  accept: accountProcedure
    .input(ZInvitationIdInput)
    .output(ZJoinedResponse)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.user, input.id)),

  decline: accountProcedure
    .input(ZInvitationIdInput)
    .output(z.object({ data: ZReceivedInvitation }))
    .mutation(({ ctx, input }) => declineInvitation(ctx.user, input.id)),
});
