// The Review routing form's state and its translation to and from the API's route
// (docs/api-conventions.md, "Review routes"): a recipient is typed as one line (an email
// address, or an https chat webhook URL), and the server's validation issues are placed on
// the field their path names (`notify.0.email`, `escalation.1.after_minutes`, …).
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";

export type TReviewRoute = inferRouterOutputs<TAppRouter>["reviewRoutes"]["get"]["route"];
export type TPutRouteInput = inferRouterInputs<TAppRouter>["reviewRoutes"]["put"];
export type TRecipientInput = TPutRouteInput["notify"] extends (infer R)[] | undefined ? R : never;

export type TRecipientDraft = { key: string; value: string };
export type TStepDraft = { key: string; afterMinutes: string; notify: TRecipientDraft[] };
export type TRouteDraft = {
  notify: TRecipientDraft[];
  escalation: TStepDraft[];
  required: string;
  conditional: boolean;
  path: string;
  gt: string;
};

let nextKey = 0;
/** A React key for a row the person adds (rows have no id of their own). */
export const newKey = (): string => `row-${(nextKey += 1)}`;

const recipientText = (recipient: TReviewRoute["notify"][number]): string => ("email" in recipient ? recipient.email : recipient.chat_webhook_url);

export function draftOf(route: TReviewRoute): TRouteDraft {
  return {
    notify: route.notify.map((recipient) => ({ key: newKey(), value: recipientText(recipient) })),
    escalation: route.escalation.map((step) => ({
      key: newKey(),
      afterMinutes: String(step.after_minutes),
      notify: step.notify.map((recipient) => ({ key: newKey(), value: recipientText(recipient) })),
    })),
    required: String(route.approvals.required),
    conditional: route.approvals.when !== null,
    path: route.approvals.when?.path ?? "",
    gt: route.approvals.when ? String(route.approvals.when.gt) : "",
  };
}

/** A line that starts with http(s):// is a chat webhook URL (the server insists on https); anything else an email address. */
export function recipientOf(value: string): TRecipientInput {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? { chat_webhook_url: trimmed } : { email: trimmed };
}

export function inputOf(agentType: string, draft: TRouteDraft): TPutRouteInput {
  return {
    agent_type: agentType,
    notify: draft.notify.map((recipient) => recipientOf(recipient.value)),
    escalation: draft.escalation.map((step) => ({ after_minutes: Number(step.afterMinutes), notify: step.notify.map((recipient) => recipientOf(recipient.value)) })),
    approvals: {
      required: Number(draft.required),
      ...(draft.conditional ? { when: { path: draft.path.trim(), gt: Number(draft.gt) } } : {}),
    },
  };
}

/** "2 recipients · 1 escalation step · 2 approvals above /invoice/total > 10000", or "Nobody notified · 1 approval". */
export function summarizeRoute(route: TReviewRoute | undefined): string {
  if (!route) return "Nobody notified · 1 approval";
  const recipients = route.notify.length;
  const parts = [recipients === 0 ? "Nobody notified" : `${recipients} ${recipients === 1 ? "recipient" : "recipients"}`];
  if (route.escalation.length > 0) parts.push(`${route.escalation.length} escalation ${route.escalation.length === 1 ? "step" : "steps"}`);
  const { required, when } = route.approvals;
  parts.push(`${required} ${required === 1 ? "approval" : "approvals"}${when && required > 1 ? ` when ${when.path} > ${when.gt}` : ""}`);
  return parts.join(" · ");
}

export type TIssue = { path: string; message: string };

/** The validation issues of a failed save (the typed 400's `issues`), or none. */
export function issuesOf(error: unknown): TIssue[] {
  const issues = (error as { data?: { body?: { issues?: TIssue[] } } } | null)?.data?.body?.issues;
  return Array.isArray(issues) ? issues : [];
}

/** The message for a field: an issue at `path` exactly, or (with `within`) inside it (`notify.0` holds `notify.0.email`). */
export function issueAt(issues: TIssue[], path: string, within = false): string | undefined {
  return issues.find((issue) => issue.path === path || (within && issue.path.startsWith(`${path}.`)))?.message;
}
