// Dashboard-only: who is signed in, the organizations they belong to and the current
// organization, role and mode. Not part of /v1 (no OpenAPI path).
import { z } from "zod";
import { membershipsOf } from "../../domains/auth/session-auth.ts";
import { apiProcedure, router } from "../trpc/init.ts";

const ZRole = z.enum(["admin", "reviewer", "viewer"]);

export const ZSessionResponse = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  memberships: z.array(
    z.object({ organization_id: z.string(), organization_name: z.string(), role: ZRole, plan: z.string() }),
  ),
  current: z.object({
    organization_id: z.string(),
    organization_name: z.string(),
    member_id: z.string(),
    role: ZRole,
    mode: z.enum(["live", "test"]),
    scopes: z.array(z.string()),
    plan: z.string(),
  }),
});

export const sessionRouter = router({
  me: apiProcedure
    .meta({ signedIn: true })
    .output(ZSessionResponse)
    .query(async ({ ctx }) => {
      const { principal } = ctx;
      const memberships = await membershipsOf(principal.userId!);
      const current = memberships.find((membership) => membership.id === principal.memberId)!;
      const user = current.user;
      return {
        user: { id: user.id, email: user.email, name: user.name },
        memberships: memberships.map((membership) => ({
          organization_id: membership.organizationId,
          organization_name: membership.organization.name,
          role: membership.role,
          plan: membership.organization.plan,
        })),
        current: {
          organization_id: principal.organizationId,
          organization_name: current.organization.name,
          member_id: current.id,
          role: current.role,
          mode: principal.livemode ? ("live" as const) : ("test" as const),
          scopes: principal.scopes,
          plan: principal.plan,
        },
      };
    }),
});
