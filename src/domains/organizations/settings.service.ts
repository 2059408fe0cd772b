// The organization's agent settings in the caller's mode (GET/PATCH /v1/settings): today the
// AP agent's tolerances (docs/api-conventions.md, "AP controls"). A new run uses what is set
// when it is recorded; runs already recorded keep their outcome.
import { z } from "zod";
import type { TPrincipal } from "../auth/authenticate.ts";
import { apSettingsFrom, apSettingsModeKey, ZApSettings, ZApSettingsPatch } from "../agents/ap-settings.ts";
import { db } from "../../foundation/db/client.ts";
import { notFound } from "../../foundation/errors.ts";

export const ZSettingsResponse = z.object({
  livemode: z.boolean().meta({ description: "The mode these settings apply to: the key's (or the dashboard's)." }),
  ap: ZApSettings.meta({ description: "The AP agent's tolerances in this mode (defaults where never set)." }),
});
export type TSettingsResponse = z.infer<typeof ZSettingsResponse>;

export const ZUpdateSettingsRequest = z.object({ ap: ZApSettingsPatch }).strict();
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

export async function getSettings(principal: Pick<TPrincipal, "organizationId" | "livemode">): Promise<TSettingsResponse> {
  const [organization] = await db().$queryRaw<{ ap_settings: unknown }[]>`
    SELECT ap_settings FROM organizations WHERE id = ${principal.organizationId}::uuid`;
  if (!organization) throw notFound("Organization");
  return { livemode: principal.livemode, ap: apSettingsFrom(organization.ap_settings, principal.livemode) };
}

/** Merges in the statement (jsonb ||), so two callers setting different fields do not undo each other. */
export async function updateSettings(
  principal: Pick<TPrincipal, "organizationId" | "livemode">,
  input: TUpdateSettingsRequest,
): Promise<TSettingsResponse> {
  const mode = apSettingsModeKey(principal.livemode);
  const count = await db().$executeRaw`
    UPDATE organizations SET ap_settings = ap_settings || jsonb_build_object(${mode}::text,
      COALESCE(ap_settings->${mode}::text, '{}'::jsonb) || ${JSON.stringify(input.ap)}::jsonb), updated_at = now()
    WHERE id = ${principal.organizationId}::uuid`;
  if (count === 0) throw notFound("Organization");
  return getSettings(principal);
}
