// Dashboard-only (no /v1 path): the signed-in member's organization. Its plan is read here and
// changed only by the operator (admin CLI `set-plan`): an organization cannot raise its own limits.
import { z } from "zod";
import { ZOrganization } from "../../domains/organizations/organizations.schemas.ts";
import { getOrganization } from "../../domains/organizations/organizations.service.ts";
import { apiProcedure, router } from "../trpc/init.ts";

export const organizationRouter = router({
  get: apiProcedure
    .meta({ signedIn: true })
    .input(z.object({}).optional())
    .output(ZOrganization)
    .query(({ ctx }) => getOrganization(ctx.principal.organizationId)),
});
