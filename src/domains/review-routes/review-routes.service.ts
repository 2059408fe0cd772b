// Review routes per organization, mode and agent type (docs/api-conventions.md, "Review
// routes"): read with `triage:read`, written with `agents:write`. A chat webhook URL is a
// credential (whoever holds it posts to the channel): stored encrypted, and shown in full
// only to callers who may write routes; everyone else sees it masked.
import { createHash } from "node:crypto";
import { db } from "../../foundation/db/client.ts";
import { env } from "../../foundation/env.ts";
import { notFound, validationError } from "../../foundation/errors.ts";
import { decryptSecret, encryptSecret } from "../../foundation/secret-box.ts";
import { assertDeliverableUrl } from "../../foundation/ssrf-guard.ts";
import { Prisma, type ReviewRoute } from "../../generated/prisma/client.ts";
import { isBuiltInAgentType } from "../agents/agent-types.ts";
import { findDefinition } from "../agent-definitions/agent-statements.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import type { TApprovalCondition, TPutReviewRouteInput, TRecipient, TReviewRoute } from "./review-routes.schemas.ts";

/** A recipient as stored: an address, or a chat URL sealed with its mask beside it. */
export type TStoredRecipient = { email: string } | { chat_webhook_url_encrypted: string; chat_webhook_url_masked: string };
type TStoredStep = { after_minutes: number; notify: TStoredRecipient[] };

/** "https://hooks.slack.com/…/••••3xQz": the host and the last four characters. */
export function maskChatUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}/…/••••${url.slice(-4)}`;
}

/** SHA-256 of the full destination: one message per recipient however it is written. */
export function recipientKey(recipient: TRecipient): string {
  const destination = "email" in recipient ? `email:${recipient.email.trim().toLowerCase()}` : `chat:${recipient.chat_webhook_url}`;
  return createHash("sha256").update(destination).digest("hex");
}

/** A stored recipient as a sender needs it (the chat URL decrypted). */
export function openRecipient(stored: TStoredRecipient): TRecipient {
  return "email" in stored ? { email: stored.email } : { chat_webhook_url: decryptSecret(stored.chat_webhook_url_encrypted) };
}

/** What people read for a recipient: the address, or the chat URL masked. */
export function recipientLabel(stored: TStoredRecipient): string {
  return "email" in stored ? stored.email : stored.chat_webhook_url_masked;
}

const sealRecipient = (recipient: TRecipient): TStoredRecipient =>
  "email" in recipient
    ? { email: recipient.email.trim() }
    : { chat_webhook_url_encrypted: encryptSecret(recipient.chat_webhook_url), chat_webhook_url_masked: maskChatUrl(recipient.chat_webhook_url) };

const storedList = (value: Prisma.JsonValue): TStoredRecipient[] => (Array.isArray(value) ? (value as TStoredRecipient[]) : []);
export const storedNotify = (route: Pick<ReviewRoute, "notify">): TStoredRecipient[] => storedList(route.notify);
export const storedEscalation = (route: Pick<ReviewRoute, "escalation">): TStoredStep[] =>
  Array.isArray(route.escalation) ? (route.escalation as TStoredStep[]) : [];

function serializeRoute(route: ReviewRoute, revealUrls: boolean): TReviewRoute {
  const show = (stored: TStoredRecipient): TRecipient =>
    "email" in stored ? { email: stored.email } : { chat_webhook_url: revealUrls ? decryptSecret(stored.chat_webhook_url_encrypted) : stored.chat_webhook_url_masked };
  return {
    agent_type: route.agentType,
    notify: storedNotify(route).map(show),
    escalation: storedEscalation(route).map((step) => ({ after_minutes: step.after_minutes, notify: step.notify.map(show) })),
    approvals: { required: route.approvalsRequired, when: (route.approvalsWhen as TApprovalCondition | null) ?? null },
    updated_at: route.updatedAt.toISOString(),
  };
}

/** The route an agent type has before anyone set one: nobody told, one approval. */
function defaultRoute(agentType: string): TReviewRoute {
  return { agent_type: agentType, notify: [], escalation: [], approvals: { required: 1, when: null }, updated_at: new Date(0).toISOString() };
}

const mayWrite = (principal: TPrincipal) => principal.scopes.includes("agents:write");

/** 404 unless the organization has the agent in this mode: a built-in type or its own (archived included). */
export async function assertAgentExists(principal: TPrincipal, agentType: string): Promise<void> {
  if (isBuiltInAgentType(agentType)) return;
  if (!(await findDefinition(tenantScope(principal), agentType))) throw notFound("Agent");
}

export async function listReviewRoutes(principal: TPrincipal): Promise<{ data: TReviewRoute[] }> {
  const routes = await db().reviewRoute.findMany({ where: tenantScope(principal), orderBy: { agentType: "asc" } });
  return { data: routes.map((route) => serializeRoute(route, mayWrite(principal))) };
}

export async function getReviewRoute(principal: TPrincipal, agentType: string): Promise<{ route: TReviewRoute }> {
  await assertAgentExists(principal, agentType);
  const route = await db().reviewRoute.findUnique({ where: { organizationId_livemode_agentType: { ...tenantScope(principal), agentType } } });
  return { route: route ? serializeRoute(route, mayWrite(principal)) : defaultRoute(agentType) };
}

/** Every recipient of the route with its path in the request, for the checks below. */
function recipientsOf(input: TPutReviewRouteInput): { recipient: TRecipient; path: string }[] {
  return [
    ...input.notify.map((recipient, index) => ({ recipient, path: `notify.${index}` })),
    ...input.escalation.flatMap((step, stepIndex) => step.notify.map((recipient, index) => ({ recipient, path: `escalation.${stepIndex}.notify.${index}` }))),
  ];
}

/** Email needs the operator's SMTP server; a chat URL must be deliverable under the egress policy. */
export async function assertRecipientsUsable(recipients: { recipient: TRecipient; path: string }[]): Promise<void> {
  const email = recipients.find(({ recipient }) => "email" in recipient);
  if (email && !env().SMTP_URL) {
    const message = "Email recipients need an SMTP server: the operator sets SMTP_URL (and SMTP_FROM) on the service";
    throw validationError(message, [{ path: `${email.path}.email`, message }]);
  }
  for (const { recipient, path } of recipients) {
    if ("chat_webhook_url" in recipient) {
      await assertDeliverableUrl(recipient.chat_webhook_url, { path: `${path}.chat_webhook_url` });
    }
  }
}

export async function putReviewRoute(principal: TPrincipal, input: TPutReviewRouteInput): Promise<{ route: TReviewRoute }> {
  await assertAgentExists(principal, input.agent_type);
  await assertRecipientsUsable(recipientsOf(input));
  const fields = {
    notify: input.notify.map(sealRecipient),
    escalation: input.escalation.map((step) => ({ after_minutes: step.after_minutes, notify: step.notify.map(sealRecipient) })),
    approvalsRequired: input.approvals.required,
    approvalsWhen: input.approvals.when ?? Prisma.DbNull,
    updatedBy: actorLabel(principal),
  };
  const route = await db().reviewRoute.upsert({
    where: { organizationId_livemode_agentType: { ...tenantScope(principal), agentType: input.agent_type } },
    create: { ...tenantScope(principal), agentType: input.agent_type, ...fields },
    update: fields,
  });
  return { route: serializeRoute(route, true) };
}

export async function deleteReviewRoute(principal: TPrincipal, agentType: string): Promise<{ deleted: true }> {
  await assertAgentExists(principal, agentType);
  const { count } = await db().reviewRoute.deleteMany({ where: { ...tenantScope(principal), agentType } });
  if (count === 0) throw notFound("Review route");
  return { deleted: true };
}

/** The route of an item's agent type in its organization and mode, or null. */
export function findReviewRoute(tenant: { organizationId: string; livemode: boolean }, agentType: string): Promise<ReviewRoute | null> {
  return db().reviewRoute.findUnique({ where: { organizationId_livemode_agentType: { ...tenant, agentType } } });
}
