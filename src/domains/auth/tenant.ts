// Every tenant-owned query filters by organization and mode: another tenant's rows (or
// the other mode's) are simply not found, which the API reports as 404.
import type { TPrincipal } from "./authenticate.ts";

export function tenantScope(principal: TPrincipal) {
  return { organizationId: principal.organizationId, livemode: principal.livemode };
}

/** Who made a decision, recorded on triage resolutions. */
export function actorLabel(principal: TPrincipal): string {
  return principal.actor.id;
}
