// What each dashboard role may do, expressed as the API scopes it grants, so one procedure
// declares one scope and serves both an API key and a signed-in member.
import type { MemberRole } from "../../generated/prisma/client.ts";
import { AppError } from "../../foundation/errors.ts";
import type { TPrincipal } from "./authenticate.ts";
import { SCOPES, type TScope } from "./scopes.ts";

const READ_SCOPES: TScope[] = ["agents:read", "triage:read", "webhooks:read", "batch:read"];

export const ROLE_SCOPES: Record<MemberRole, readonly TScope[]> = {
  // Keys, webhooks, members and plan, and everything below.
  admin: SCOPES,
  // Decides triage and starts work (runs, CSV batches); sees everything.
  reviewer: [...READ_SCOPES, "triage:write", "agents:run", "batch:run"],
  // Read-only.
  viewer: READ_SCOPES,
};

export { ROLE_DESCRIPTIONS } from "./role-descriptions.ts";

/** Dashboard-only procedures (keys, members, plan) require a signed-in admin. */
export function requireRole(principal: TPrincipal, role: MemberRole): void {
  if (principal.kind !== "member" || principal.role !== role) {
    throw new AppError("insufficient_role", `Only an organization ${role} can do this`, {
      required: role,
      role: principal.role ?? "api_key",
    });
  }
}
