// The dashboard roles and what each may do, in words. No imports, so client components
// (the Members page) can share them; roles.ts maps each role to its scopes.
export const MEMBER_ROLES = ["admin", "reviewer", "viewer"] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<TMemberRole, string> = {
  admin: "Everything: API keys, webhooks, members and plan, plus triage and batches.",
  reviewer: "Approves, edits and rejects triage items; starts runs and batches.",
  viewer: "Read-only: sees runs, batches, triage and usage.",
};
