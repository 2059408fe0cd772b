// Contracts of the dashboard's organization, API keys and Members procedures (dashboard-only: no /v1 path).
import { z } from "zod";
import { ZActor } from "../auth/actors.schemas.ts";
import { ZUuid } from "../../foundation/schemas.ts";
import { SCOPES, ZScope } from "../auth/scopes.ts";
import { AGENT_TYPES } from "../agents/agent-types.ts";

export const ZCreateApiKeyRequest = z.object({
  name: z.string().trim().min(1, "name must not be empty").max(100),
  scopes: z
    .array(ZScope)
    .min(1, "choose at least one scope")
    .transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope))),
  expires_at: z.iso.datetime({ offset: true }).optional(),
});

export const ZMemberRole = z.enum(["admin", "reviewer", "viewer"]);

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ZScope),
  /** What the key can do now: `scopes` limited to what its creator's current role allows. */
  effective_scopes: z.array(ZScope),
  mode: z.enum(["live", "test"]),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_actor: ZActor.nullable(),
  /** The creator's current role, which limits the key; null for a key without a creator (the operator's). */
  created_by_role: ZMemberRole.nullable(),
});
export const ZListApiKeysResponse = z.object({ data: z.array(ZApiKey) });
export const ZCreateApiKeyResponse = z.object({ data: ZApiKey.extend({ key: z.string() }) });
export const ZApiKeyResponse = z.object({ data: ZApiKey });

export const ZApiKeyIdInput = z.object({ id: ZUuid("id") });

export const ZMember = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: ZMemberRole,
  created_at: z.string(),
});
export const ZListMembersResponse = z.object({ data: z.array(ZMember) });
export const ZMemberResponse = z.object({ data: ZMember });

export const ZChangeRoleRequest = z.object({ member_id: ZUuid("member_id"), role: ZMemberRole });
export const ZRemoveMemberRequest = z.object({
  member_id: ZUuid("member_id"),
  // Default false: the keys the member created are revoked with the membership.
  keep_keys: z.boolean().optional(),
});
export const ZRemovedMemberResponse = z.object({ data: ZMember.extend({ removed: z.boolean(), keys_revoked: z.number().int() }) });

const ZEmail = z.email("email must be an email address").max(254);
export const ZInviteMemberRequest = z.object({ email: ZEmail, role: ZMemberRole });
// The same shape whether or not the email has an account anywhere: nothing about it is read.
export const ZInviteMemberResponse = z.object({
  invitation: z.object({ id: z.uuid(), email: z.string(), role: ZMemberRole, expires_at: z.string(), url: z.string() }),
});
export const ZPendingInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: ZMemberRole,
  expires_at: z.string(),
  created_at: z.string(),
  expired: z.boolean(),
});
export const ZListInvitationsResponse = z.object({ data: z.array(ZPendingInvitation) });
export const ZInvitationIdInput = z.object({ id: ZUuid("id") });

/** An invitation as the invited person sees it. */
export const ZReceivedInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: ZMemberRole,
  organization_id: z.uuid(),
  organization_name: z.string(),
  expires_at: z.string(),
});
export const ZInvitationToken = z.string().trim().min(1, "token must not be empty").max(200);
export const ZPreviewInvitationResponse = z.object({ invitation: ZReceivedInvitation });
export const ZReceivedInvitationsResponse = z.object({ data: z.array(ZReceivedInvitation) });
export const ZJoinedResponse = z.object({ data: ZReceivedInvitation.extend({ member_id: z.uuid() }) });
export const ZCreateAccountRequest = z.object({
  token: ZInvitationToken,
  name: z.string().trim().min(1, "name must not be empty").max(100),
  password: z.string().min(8, "password must be at least 8 characters").max(128),
});

export const PLANS = ["starter", "pro", "team", "growth", "enterprise"] as const;
export const ZPlan = z.enum(PLANS);

export const ZOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  plan: ZPlan,
  triage_threshold: z.number(),
  triage_sla_minutes: z.number().int().meta({ description: "Minutes a new triage item may wait before it is overdue." }),
  spot_check_rates: z
    .partialRecord(z.enum(AGENT_TYPES), z.number())
    .meta({ description: "Per built-in agent type, the share of runs that completed on their own sent to a spot check (absent: 0)." }),
});

export const TRIAGE_SLA_BOUNDS = { min: 1, max: 10080 } as const;
export const ZTriageSlaMinutes = z
  .number({ error: "triage_sla_minutes must be a whole number of minutes" })
  .int("triage_sla_minutes must be a whole number of minutes")
  .min(TRIAGE_SLA_BOUNDS.min, "triage_sla_minutes must be between 1 and 10080 (a week)")
  .max(TRIAGE_SLA_BOUNDS.max, "triage_sla_minutes must be between 1 and 10080 (a week)");
export const ZTriageThreshold = z
  .number({ error: "triage_threshold must be a number" })
  .min(0, "triage_threshold must be between 0 and 1")
  .max(1, "triage_threshold must be between 0 and 1");

export const ZSpotCheckRate = z
  .number({ error: "a spot-check rate must be a number between 0 and 1" })
  .min(0, "a spot-check rate must be between 0 and 1")
  .max(1, "a spot-check rate must be between 0 and 1");
/** Rates of built-in agent types to set (types left out keep theirs); a custom agent sets its own review.spot_check_rate. */
export const ZSpotCheckRates = z.partialRecord(
  z.enum(AGENT_TYPES, { error: `spot_check_rates keys must be built-in agent types: ${AGENT_TYPES.join(", ")}` }),
  ZSpotCheckRate,
);
export type TSpotCheckRates = z.infer<typeof ZSpotCheckRates>;

/** Each setting is optional (what is left out stays as it is), but at least one is sent. */
export const ZUpdateOrganizationSettingsRequest = z
  .object({
    triage_sla_minutes: ZTriageSlaMinutes.optional(),
    // Built-in agents' runs below this confidence wait for a person (the Quality page's Apply).
    triage_threshold: ZTriageThreshold.optional(),
    spot_check_rates: ZSpotCheckRates.optional(),
  })
  .refine((settings) => Object.values(settings).some((value) => value !== undefined), {
    message: "send triage_sla_minutes, triage_threshold or spot_check_rates",
  });
export type TUpdateOrganizationSettingsRequest = z.infer<typeof ZUpdateOrganizationSettingsRequest>;
