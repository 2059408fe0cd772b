// Database rows → public JSON shapes. Output schemas re-check these on every response.
import type { Run, TriageItem } from "../../generated/prisma/client.ts";
import { actorOf, resolveActors } from "../auth/actors.ts";
import type { TActor } from "../auth/actors.schemas.ts";
import { db } from "../../foundation/db/client.ts";
import { asJsonObject, iso, isoOrNull } from "../../foundation/schemas.ts";
import { TASK_PREVIEW_LENGTH, type TRejectReasonCode, type TRunResolution } from "./runs.schemas.ts";

function serializeRunFields(run: Run) {
  return {
    id: run.id,
    agent_type: run.agentType,
    status: run.status,
    priority: run.priority,
    created_at: iso(run.createdAt),
    started_at: isoOrNull(run.startedAt),
    completed_at: isoOrNull(run.completedAt),
    confidence_score: run.confidenceScore,
    requires_triage: run.requiresTriage,
    error_message: run.errorMessage,
  };
}

export function serializeRunListItem(run: Run) {
  return { ...serializeRunFields(run), task_preview: run.task.slice(0, TASK_PREVIEW_LENGTH) };
}

/**
 * `latestItem`: the run's newest triage item, whose claim and due time show while it is open
 * (a review's only: a pending spot check does not make a completed run wait).
 */
export function serializeRun(run: Run, latestItem: TriageItem | null = null) {
  const open = latestItem?.status === "pending" && latestItem.kind === "review" ? latestItem : null;
  return {
    ...serializeRunFields(run),
    task: run.task,
    data: asJsonObject(run.data),
    output: asJsonObject(run.output),
    batch_id: run.batchJobId,
    livemode: run.livemode,
    agent_version: run.agentVersion,
    review_round: run.reviewRound,
    resolution: run.resolution as TRunResolution | null,
    reason_code: (latestItem?.reasonCode ?? null) as TRejectReasonCode | null,
    claimed_by: open ? activeClaim(open).claimed_by : null,
    claimed_until: open ? activeClaim(open).claimed_until : null,
    due_at: open ? iso(open.dueAt) : null,
    model_usage: (run.modelUsage ?? null) as { model: string; calls: number; input_tokens: number; output_tokens: number } | null,
  };
}

export function serializeTriageItem(item: TriageItem) {
  return {
    id: item.id,
    run_id: item.runId,
    status: item.status,
    triage_reason: item.triageReason,
    proposed_output: asJsonObject(item.proposedOutput),
    created_at: iso(item.createdAt),
    resolved_at: isoOrNull(item.resolvedAt),
    resolution_note: item.resolutionNote,
    resolved_by: item.resolvedBy,
    resolved_by_name: item.resolvedByName,
    output_edited: item.outputEdited,
    agent_version: item.agentVersion,
    round: item.round,
    review_round: item.round,
    // An expired lease is no claim.
    ...activeClaim(item),
    due_at: iso(item.dueAt),
    reason_code: item.reasonCode as TRejectReasonCode | null,
    feedback: item.feedback,
    data_patch: asJsonObject(item.dataPatch),
    kind: item.kind as "review" | "spot_check",
    verdict: item.verdict as "correct" | "incorrect" | null,
    corrected_output: asJsonObject(item.correctedOutput),
    // The agent's confidence in this round's proposal (the run's confidence_score is the last round's).
    confidence_score: item.confidenceScore,
  };
}

/** The item's claim while its lease runs; nulls once it expired (or nobody claimed it). */
export function activeClaim(item: Pick<TriageItem, "claimedBy" | "claimedByName" | "claimedUntil">, now = new Date()) {
  const held = item.claimedBy !== null && item.claimedUntil !== null && item.claimedUntil > now;
  return {
    claimed_by: held ? item.claimedBy : null,
    claimed_by_name: held ? item.claimedByName : null,
    claimed_until: held ? iso(item.claimedUntil!) : null,
  };
}

type TItemActors = Pick<TriageItem, "id" | "approvalsRequired" | "resolvedBy" | "resolvedByName" | "claimedBy" | "claimedByName">;

type TApprovalRow = { triageItemId: string; actor: string; actorName: string | null; outputEdited: boolean; createdAt: Date };

/** What a response about triage items shows beside their rows: the actors, named, and each item's approvals. */
export type TTriageItemsContext = {
  actors: ReadonlyMap<string, TActor>;
  approvals: ReadonlyMap<string, { required: number; rows: TApprovalRow[] }>;
};

/**
 * The actors of these triage items (who decided, who claims, who approved), named in one
 * lookup, and the approvals of those that need several (docs/api-conventions.md, "Two
 * approvers") in one more, only when any does. A member who has left keeps the name
 * recorded with the decision, claim or approval.
 */
export async function triageItemActors(organizationId: string, items: readonly TItemActors[]): Promise<TTriageItemsContext> {
  const quorumItems = items.filter((item) => (item.approvalsRequired ?? 1) > 1).map((item) => item.id);
  const rows =
    quorumItems.length === 0
      ? []
      : await db().triageApproval.findMany({
          where: { triageItemId: { in: quorumItems } },
          select: { triageItemId: true, actor: true, actorName: true, outputEdited: true, createdAt: true },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        });
  const recorded = new Map<string, string | null>();
  for (const item of items) {
    if (item.resolvedBy) recorded.set(item.resolvedBy, item.resolvedByName);
    if (item.claimedBy) recorded.set(item.claimedBy, item.claimedByName);
  }
  for (const row of rows) if (!recorded.has(row.actor)) recorded.set(row.actor, row.actorName);
  const approvals = new Map<string, { required: number; rows: TApprovalRow[] }>();
  for (const item of items) approvals.set(item.id, { required: item.approvalsRequired ?? 1, rows: [] });
  for (const row of rows) approvals.get(row.triageItemId)?.rows.push(row);
  return { actors: await resolveActors(organizationId, recorded.keys(), recorded), approvals };
}

/** An item's `approvals`: how many it needs and who gave them, in order. */
export function approvalsOf(context: TTriageItemsContext, triageItemId: string) {
  const state = context.approvals.get(triageItemId) ?? { required: 1, rows: [] };
  return {
    required: state.required,
    given: state.rows.map((row) => ({ by: row.actor, by_actor: actorOf(context.actors, row.actor), at: iso(row.createdAt), output_edited: row.outputEdited })),
  };
}

/** A serialized item with `resolved_by_actor`, `claimed_by_actor` and `approvals` beside the labels. */
export function withTriageItemActors<T extends { id: string; resolved_by: string | null; claimed_by: string | null }>(item: T, context: TTriageItemsContext) {
  return {
    ...item,
    resolved_by_actor: actorOf(context.actors, item.resolved_by),
    claimed_by_actor: actorOf(context.actors, item.claimed_by),
    approvals: approvalsOf(context, item.id),
  };
}
