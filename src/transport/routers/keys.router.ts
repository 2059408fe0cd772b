// Dashboard-only (no /v1 path): an organization's admins manage the API keys of the mode
// they are in. The plaintext key is in the create response and nowhere else.
import { z } from "zod";
import {
  ZApiKeyIdInput,
  ZApiKeyResponse,
  ZCreateApiKeyRequest,
  ZCreateApiKeyResponse,
  ZListApiKeysResponse,
} from "../../domains/organizations/organizations.schemas.ts";
import { createApiKeyFor, listApiKeys, revokeApiKeyFor } from "../../domains/organizations/api-keys.service.ts";
import { apiProcedure, router } from "../trpc/init.ts";

export const keysRouter = router({
  list: apiProcedure
    .meta({ role: "admin" })
    .input(z.object({}).optional())
    .output(ZListApiKeysResponse)
    .query(({ ctx }) => listApiKeys(ctx.principal)),

  create: apiProcedure
    .meta({ role: "admin" })
    .input(ZCreateApiKeyRequest)
    .output(ZCreateApiKeyResponse)
    .mutation(({ ctx, input }) => createApiKeyFor(ctx.principal, input)),

  revoke: apiProcedure
    .meta({ role: "admin" })
    .input(ZApiKeyIdInput)
    .output(ZApiKeyResponse)
    .mutation(({ ctx, input }) => revokeApiKeyFor(ctx.principal, input.id)),
});
