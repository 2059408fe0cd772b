// Whether a signed-in member still has the access a long-lived dashboard call (a live
// stream) was opened with: the same session still signed in, the same membership still in
// the organization, its role still carrying the scope. A stream authorised once at open
// would otherwise keep sending a removed or signed-out member what the organization approves.
import { db } from "../../foundation/db/client.ts";
import { AppError } from "../../foundation/errors.ts";
import { requireScope, type THeaderReader, type TPrincipal } from "./authenticate.ts";
import { ROLE_SCOPES } from "./roles.ts";
import type { TScope } from "./scopes.ts";
import { signedInUser } from "./session-auth.ts";

/** Throws the typed error a new call would get (401, 403) once the access is gone. */
export async function confirmMemberAccess(principal: TPrincipal, header: THeaderReader, scope?: TScope): Promise<void> {
  const user = await signedInUser(header);
  if (!user || user.id !== principal.userId) {
    throw new AppError("authentication_error", "Your session has ended: sign in again to continue");
  }
  const membership = principal.memberId
    ? await db().member.findFirst({
        where: { id: principal.memberId, organizationId: principal.organizationId, userId: user.id },
        select: { role: true },
      })
    : null;
  if (!membership) {
    throw new AppError("insufficient_role", "You are no longer a member of this organization", { required: "member", role: "none" });
  }
  if (scope) requireScope({ ...principal, role: membership.role, scopes: [...ROLE_SCOPES[membership.role]] }, scope);
}
