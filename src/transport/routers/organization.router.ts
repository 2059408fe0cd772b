// Dashboard-only (no /v1 path): the signed-in member's organization. Its plan is read here and
// changed only by the operator (admin CLI `set-plan`): an organization cannot raise its own limits.
import { z } from "zod";
import { ZOrganization, ZUpdateOrganizationSettingsRequest } from "../../domains/organizations/organizations.schemas.ts";
import { getOrganization, updateOrganizationSettings } from "../../domains/organizations/organizations.service.ts";
import { apiProcedure, router } from "../trpc/init.ts";

export const organizationRouter = router({
  get: apiProcedure
    .meta({ signedIn: true })
    .input(z.object({}).optional())
    .output(ZOrganization)
    .query(({ ctx }) => getOrganization(ctx.principal.organizationId)),

  // Admins set how long a triage item may wait before it is overdue, the built-ins' triage
  // threshold (the Quality page's Apply) and their spot-check rates (also: admin CLI
  // set-triage-sla, set-spot-check-rate).
  updateSettings: apiProcedure
    .meta({ role: "admin", rateLimit: "standard" })
    .input(ZUpdateOrganizationSettingsRequest)
    .output(ZOrganization)
    .mutation(({ ctx, input }) =>
      updateOrganizationSettings({
        organizationId: ctx.principal.organizationId,
        triageSlaMinutes: input.triage_sla_minutes,
        triageThreshold: input.triage_threshold,
        spotCheckRates: input.spot_check_rates,
      }),
    ),
});
