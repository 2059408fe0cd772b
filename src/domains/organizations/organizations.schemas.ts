// Contracts of the dashboard's organization, API keys and Members procedures (dashboard-only: no /v1 path).
import { z } from "zod";
import { ZUuid } from "../../foundation/schemas.ts";
import { SCOPES, ZScope } from "../auth/scopes.ts";

export const ZCreateApiKeyRequest = z.object({
  name: z.string().trim().min(1, "name must not be empty").max(100),
  scopes: z
    .array(ZScope)
    .min(1, "choose at least one scope")
    .transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope))),
  expires_at: z.iso.datetime({ offset: true }).optional(),
});

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ZScope),
  mode: z.enum(["live", "test"]),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_by: z.string().nullable(),
});
export const ZListApiKeysResponse = z.object({ data: z.array(ZApiKey) });
export const ZCreateApiKeyResponse = z.object({ data: ZApiKey.extend({ key: z.string() }) });
export const ZApiKeyResponse = z.object({ data: ZApiKey });

export const ZApiKeyIdInput = z.object({ id: ZUuid("id") });

export const ZMemberRole = z.enum(["admin", "reviewer", "viewer"]);

export const ZMember = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: ZMemberRole,
  created_at: z.string(),
});
export const ZListMembersResponse = z.object({ data: z.array(ZMember) });
export const ZMemberResponse = z.object({ data: ZMember });

export const ZAddMemberRequest = z.object({
  email: z.email("email must be an email address").max(254),
  name: z.string().trim().min(1, "name must not be empty").max(100),
  role: ZMemberRole,
  // Only for a person with no account yet (addMember says so when it is missing).
  password: z.string().min(8, "password must be at least 8 characters").max(128).optional(),
});
export const ZChangeRoleRequest = z.object({ member_id: ZUuid("member_id"), role: ZMemberRole });
export const ZRemoveMemberRequest = z.object({ member_id: ZUuid("member_id") });

export const PLANS = ["starter", "pro", "team", "growth", "enterprise"] as const;
export const ZPlan = z.enum(PLANS);

export const ZOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  plan: ZPlan,
  triage_threshold: z.number(),
});
