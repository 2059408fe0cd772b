// Dashboard-only (no /v1 path): the signed-in member's organization and, for admins, its plan.
import { z } from "zod";
import { ZOrganization, ZPlan } from "../../domains/organizations/organizations.schemas.ts";
import { getOrganization, setPlan } from "../../domains/organizations/organizations.service.ts";
import { apiProcedure, router } from "../trpc/init.ts";

export const organizationRouter = router({
  get: apiProcedure
    .meta({ signedIn: true })
    .input(z.object({}).optional())
    .output(ZOrganization)
    .query(({ ctx }) => getOrganization(ctx.principal.organizationId)),

  setPlan: apiProcedure
    .meta({ role: "admin" })
    .input(z.object({ plan: ZPlan }))
    .output(ZOrganization.omit({ triage_threshold: true }))
    .mutation(({ ctx, input }) => setPlan({ organizationId: ctx.principal.organizationId, plan: input.plan })),
});
