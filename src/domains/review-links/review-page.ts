// The review page of a signed decision link (/review/<token>; docs/api-conventions.md, "Signed
// decision links"): what the dashboard card shows about the item, and the link's state. The
// token is looked up by its SHA-256 only (never compared raw), after a shape check.
import { hashReviewToken, isReviewTokenShaped } from "../review-reach/review-links.ts";
import { actorOf, resolveActors } from "../auth/actors.ts";
import { db } from "../../foundation/db/client.ts";
import { asJsonObject, iso, type TJsonObject } from "../../foundation/schemas.ts";
import { buildRunSteps } from "../runs/run-steps.ts";
import { activeClaim, approvalsOf, triageItemActors } from "../runs/serializers.ts";
import { reviewSchemas } from "../reviews/review-schemas.ts";
import { linkPrincipal } from "./link-principal.ts";
import type { ReviewLink } from "../../generated/prisma/client.ts";

/** The token messages use for a test: a sample page that decides nothing. */
export const SAMPLE_TOKEN = "sample";

export type TLinkState = "open" | "decided" | "expired" | "used" | "sample";

export type TReviewPage = {
  state: TLinkState;
  organization: string;
  agent: { type: string; version: number };
  item: {
    id: string;
    kind: "review" | "spot_check";
    round: number;
    task: string;
    data: TJsonObject | null;
    proposed_output: TJsonObject | null;
    triage_reason: string;
    due_at: string;
    status: string;
  };
  steps: string[];
  link: { channel: "email" | "chat"; recipient: string; expires_at: string; used_at: string | null };
  /** Someone holds the item's claim: the page names them and offers "decide anyway". */
  claim: { name: string; until: string } | null;
  approvals: { required: number; given: { name: string; at: string }[] };
  /** Who decided, what and when ("approved by Ada at 14:02 UTC"), once the item is decided. */
  decided: { status: string; by: string; at: string } | null;
  output_schema: Record<string, unknown> | null;
  data_patch: boolean;
};

/** "14:02 UTC on 27 Nov 2026": people read the page in their own day. */
export function readableTime(at: string | Date): string {
  const date = typeof at === "string" ? new Date(at) : at;
  const day = date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return `${date.toISOString().slice(11, 16)} UTC on ${day}`;
}

/** The link behind a token, with its item, run and organization; null for a token of no link. */
export async function findLinkByToken(token: string) {
  if (!isReviewTokenShaped(token)) return null;
  return db().reviewLink.findUnique({
    where: { tokenHash: hashReviewToken(token) },
    include: { triageItem: { include: { run: true, organization: { select: { name: true } } } } },
  });
}

type TFoundLink = NonNullable<Awaited<ReturnType<typeof findLinkByToken>>>;

/** A link's state now: decided items first (whatever the clock), then used, expired, open. */
export function linkState(link: Pick<ReviewLink, "expiresAt" | "usedAt">, itemStatus: string, now = new Date()): TLinkState {
  if (itemStatus !== "pending") return "decided";
  if (link.usedAt) return "used";
  return link.expiresAt <= now ? "expired" : "open";
}

/** Short lines about what the agent did: its model calls and what it found (src/domains/runs/run-steps.ts). */
function stepsSummary(found: TFoundLink): string[] {
  const { run } = found.triageItem;
  const steps = buildRunSteps(run, [found.triageItem]);
  const calls = steps.filter((step) => step.type === "model_call").length;
  const lines: string[] = [];
  if (calls > 0) lines.push(`${calls} model call${calls === 1 ? "" : "s"}`);
  for (const step of steps) {
    if (step.type !== "agent") continue;
    lines.push(step.detail.summary);
    for (const finding of step.detail.found.slice(0, 5)) lines.push(`• ${finding.message}`);
  }
  return lines.slice(0, 8);
}

/** The page's view of the link behind `token`; null when there is none (a 404 page). */
export async function readReviewPage(token: string): Promise<TReviewPage | null> {
  if (token === SAMPLE_TOKEN) return SAMPLE_PAGE;
  const found = await findLinkByToken(token);
  if (!found) return null;
  const item = found.triageItem;
  const context = await triageItemActors(found.organizationId, [item]);
  const claim = activeClaim(item);
  const approvals = approvalsOf(context, item.id);
  const names = await resolveActors(found.organizationId, [claim.claimed_by, item.resolvedBy], new Map([[claim.claimed_by ?? "", claim.claimed_by_name], [item.resolvedBy ?? "", item.resolvedByName]]));
  const principal = await linkPrincipal(found, found.recipient);
  const schemas = item.kind === "review" ? await reviewSchemas(principal, item.id) : null;
  return {
    state: linkState(found, item.status),
    organization: item.organization.name,
    agent: { type: item.run.agentType, version: item.agentVersion },
    item: {
      id: item.id,
      kind: item.kind as "review" | "spot_check",
      round: item.round,
      task: item.run.task,
      data: asJsonObject(item.run.data),
      proposed_output: asJsonObject(item.proposedOutput),
      triage_reason: item.triageReason,
      due_at: iso(item.dueAt),
      status: item.status,
    },
    steps: stepsSummary(found),
    link: { channel: found.channel as "email" | "chat", recipient: found.recipient, expires_at: iso(found.expiresAt), used_at: found.usedAt ? iso(found.usedAt) : null },
    claim: claim.claimed_by ? { name: actorOf(names, claim.claimed_by)?.name ?? claim.claimed_by_name ?? "Someone", until: claim.claimed_until! } : null,
    approvals: { required: approvals.required, given: approvals.given.map((given) => ({ name: given.by_actor?.name ?? given.by, at: given.at })) },
    decided:
      item.status !== "pending" && item.resolvedAt
        ? { status: item.status, by: actorOf(names, item.resolvedBy)?.name ?? item.resolvedByName ?? "someone", at: iso(item.resolvedAt) }
        : null,
    output_schema: schemas?.output_schema ?? null,
    data_patch: schemas?.data_patch ?? false,
  };
}

const SAMPLE_PAGE: TReviewPage = {
  state: "sample",
  organization: "Sample organization",
  agent: { type: "ap_specialist", version: 1 },
  item: {
    id: "00000000-0000-4000-8000-000000000000",
    kind: "review",
    round: 0,
    task: "Pay invoice INV-1001 from Acme Supplies",
    data: { invoice: { invoice_number: "INV-1001", vendor: "Acme Supplies", total: 42000, currency: "USD" } },
    proposed_output: { decision: "approve_payment", invoice_number: "INV-1001", matched: "two_way", discrepancies: [] },
    triage_reason: "This is a sample: a test message links here, and nothing on this page decides anything.",
    due_at: new Date(Date.UTC(2030, 0, 1, 12)).toISOString(),
    status: "pending",
  },
  steps: ["1 model call", "two_way match of invoice INV-1001: no discrepancies, payment proposed for a person to approve"],
  link: { channel: "email", recipient: "reviewer@example.com", expires_at: new Date(Date.UTC(2030, 0, 1, 12)).toISOString(), used_at: null },
  claim: null,
  approvals: { required: 1, given: [] },
  decided: null,
  output_schema: null,
  data_patch: false,
};
