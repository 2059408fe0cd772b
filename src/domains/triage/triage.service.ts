// Triage: the queue of runs waiting for a person, and the decisions on them.
import { isDeepStrictEqual } from "node:util";
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import { settleBatchRowForRun } from "../runs/batch-row-statements.ts";
import { cancelRuns, completeRunOnApproval } from "../runs/run-statements.ts";
import { CLAIM_CLEARED, decideTriageItems } from "../runs/triage-item-statements.ts";
import { db } from "../../foundation/db/client.ts";
import type { Prisma, TriageItem } from "../../generated/prisma/client.ts";
import { AppError, conflict, notFound, validationError } from "../../foundation/errors.ts";
import { logger } from "../../foundation/logger.ts";
import { readPage, type TPagination } from "../../foundation/pagination.ts";
import { asJsonObject, type TJsonObject } from "../../foundation/schemas.ts";
import { runOutcomeWork, triageDecidedEvent } from "../runs/run-work.ts";
import { announceWorkQueued, enqueueWork, publishWaitEvent } from "../work-queue/enqueue.ts";
import { publishRunChange, publishTriageChange } from "../runs/run-notifier.ts";
import type { TRejectReasonCode, TRunResolution } from "../runs/runs.schemas.ts";
import { serializeTriageItem, triageItemActors, withTriageItemActors } from "../runs/serializers.ts";
import { principalActor } from "../auth/actors.ts";
import { assertMayDecide, decidableWhere } from "../reviews/claims.ts";
import { assertReviewItem } from "../reviews/spot-checks.ts";
import { approvalsState, recordApproval } from "../reviews/approvals.ts";
import { settleApprovalsRequired } from "../review-routes/quorum.ts";
import type { TBulkDecision, TTriageClaimFilter, TTriageKind, TTriageListStatus } from "./triage.schemas.ts";

const STATUS_FILTER = {
  pending: "pending",
  approved: "approved",
  rejected: "rejected",
  checked: "checked",
  // Every decided item, a round sent back for changes included.
  resolved: { in: ["approved", "rejected", "changes_requested", "checked"] },
} as const satisfies Record<TTriageListStatus, Prisma.TriageItemWhereInput["status"]>;

type TTriageListQuery = TPagination & {
  status?: TTriageListStatus;
  kind?: TTriageKind;
  claimed?: TTriageClaimFilter;
  overdue?: boolean;
  batch_id?: string;
};

/** The claim and due-time filters of the pending queue (an expired lease counts as unclaimed). */
function pendingFilters(principal: TPrincipal, query: TTriageListQuery, now: Date): Prisma.TriageItemWhereInput[] {
  const actor = actorLabel(principal);
  const live = { claimedBy: { not: null }, claimedUntil: { gt: now } } satisfies Prisma.TriageItemWhereInput;
  const filters: Prisma.TriageItemWhereInput[] = [];
  if (query.claimed === "mine") filters.push({ claimedBy: actor, claimedUntil: { gt: now } });
  if (query.claimed === "others") filters.push(live, { NOT: { claimedBy: actor } });
  if (query.claimed === "none") filters.push({ OR: [{ claimedBy: null }, { claimedUntil: null }, { claimedUntil: { lte: now } }] });
  if (query.overdue !== undefined) filters.push({ dueAt: query.overdue ? { lte: now } : { gt: now } });
  return filters;
}

/**
 * The pending queue by due time (what falls due first comes first; then who waited longest);
 * decisions newest first (the dashboard's "recently resolved").
 */
export async function listTriage(principal: TPrincipal, query: TTriageListQuery) {
  const status = query.status ?? "pending";
  if (status !== "pending" && (query.claimed !== undefined || query.overdue !== undefined)) {
    const message = "claimed and overdue filter the pending queue: leave out status (or send status=pending) to use them";
    throw validationError(message, [{ path: query.claimed !== undefined ? "claimed" : "overdue", message }]);
  }
  const where: Prisma.TriageItemWhereInput = {
    ...tenantScope(principal),
    status: STATUS_FILTER[status],
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.batch_id ? { run: { batchJobId: query.batch_id } } : {}),
    AND: status === "pending" ? pendingFilters(principal, query, new Date()) : [],
  };
  const orderBy: Prisma.TriageItemOrderByWithRelationInput[] =
    status === "pending" ? [{ dueAt: "asc" }, { createdAt: "asc" }, { id: "asc" }] : [{ resolvedAt: "desc" }, { id: "desc" }];
  const { items, ...pageInfo } = await readPage(
    query,
    (window) =>
      db().triageItem.findMany({
        where,
        include: { run: { select: { id: true, agentType: true, confidenceScore: true, task: true, data: true, output: true } } },
        orderBy,
        ...window,
      }),
    () => db().triageItem.count({ where }),
  );
  const context = await triageItemActors(principal.organizationId, items);
  return {
    data: items.map((item) => ({
      ...withTriageItemActors(serializeTriageItem(item), context),
      agent_runs: {
        id: item.run.id,
        agent_type: item.run.agentType,
        confidence_score: item.run.confidenceScore,
        task: item.run.task,
        data: asJsonObject(item.run.data),
        output: asJsonObject(item.run.output),
      },
    })),
    ...pageInfo,
  };
}

/** Approve (optionally with the reviewer's edited output) or reject (with a reason code), with an optional note. */
type TDecision = { approve: boolean; note?: string; output?: TJsonObject; reasonCode?: TRejectReasonCode; force?: boolean };

export async function resolveTriageItem(principal: TPrincipal, triageItemId: string, decision: TDecision) {
  const resolvedBy = actorLabel(principal);
  const outcome = await db().$transaction(async (tx) => {
    // An approval may be one of several: the item is read under its lock, so the claim and
    // the approvals counted are those the approval is written against.
    if (decision.approve) await tx.$queryRaw`SELECT id FROM triage_items WHERE id = ${triageItemId}::uuid FOR UPDATE`;
    const existing = await tx.triageItem.findFirst({ where: { id: triageItemId, ...tenantScope(principal) } });
    if (!existing) throw notFound("Triage item");
    assertReviewItem(existing);
    if (existing.status !== "pending") throw conflict(`Triage item is already ${existing.status}`);
    const now = new Date();
    await assertMayDecide(tx, existing, principal, decision.force, now);
    let proposed = asJsonObject(existing.proposedOutput) ?? {};
    let edited = decision.approve && decision.output !== undefined && !isDeepStrictEqual(decision.output, proposed);
    // Two approvers (docs/api-conventions.md): an approval short of the item's quorum is
    // recorded and leaves it pending; the n-th completes the run with the current proposal.
    const required = decision.approve ? await settleApprovalsRequired(tx, triageItemId) : 1;
    if (required > 1) {
      const approval = await recordApproval(tx, triageItemId, principal, { required, output: decision.output });
      if (approval.given < required) {
        // The approver is done with it: their claim ends so the next approver can take it.
        await tx.triageItem.updateMany({ where: { id: triageItemId, claimedBy: resolvedBy }, data: CLAIM_CLEARED });
        return { pending: await tx.triageItem.findUniqueOrThrow({ where: { id: triageItemId } }) };
      }
      proposed = asJsonObject(approval.proposal) ?? {};
      edited = approval.anyEdit;
    }
    const approved = edited && required <= 1 ? decision.output! : proposed;
    const resolution: TRunResolution = decision.approve ? (edited ? "approved_edited" : "approved") : "rejected";
    const resolvedAt = now;
    // Conditional on the item still being open (one pending item per run: its current round)
    // and on nobody else having claimed it since it was read.
    const count = await decideTriageItems(tx, { id: triageItemId, ...decidableWhere(principal, decision.force, now) }, {
      status: decision.approve ? "approved" : "rejected",
      at: resolvedAt,
      by: { label: resolvedBy, name: principal.actor.name },
      resolutionNote: decision.note ?? null,
      outputEdited: edited,
      reasonCode: decision.approve ? null : (decision.reasonCode ?? null),
    });
    if (count === 0) {
      const current = await tx.triageItem.findUniqueOrThrow({ where: { id: triageItemId } });
      if (current.status !== "pending") throw conflict(`Triage item is already ${current.status}`);
      await assertMayDecide(tx, current, principal, decision.force, now);
      throw conflict("Triage item changed while it was being decided; try again");
    }

    // The run's output is the approved proposal (edited or not) and nothing else: the note
    // stays on the item, where the decision is recorded (docs/api-conventions.md, "Actors
    // and notes"), so a program reading results meets only the agent's fields.
    const output = approved;
    const runMoved = decision.approve
      ? await completeRunOnApproval(tx, existing.runId, output as Prisma.InputJsonValue, resolvedAt, edited ? "approved_edited" : "approved")
      : (await cancelRuns(tx, { id: existing.runId, status: "pending_triage" }, resolvedAt, resolution)) > 0;
    if (!runMoved) throw conflict("The run is no longer waiting for a person");
    const run = await tx.run.findUniqueOrThrow({ where: { id: existing.runId } });
    await settleBatchRowForRun(tx, run);
    if (decision.approve) {
      // Approval completes the run: the run.completed event (rejection has no event), whose
      // payload reads the run's stored output, i.e. the approved (possibly edited) one.
      await enqueueWork(tx, [
        runOutcomeWork({ event: "run.completed", runId: run.id, organizationId: run.organizationId, batchJobId: run.batchJobId, triageItemId: null }),
      ]);
    }
    await publishWaitEvent(tx, triageDecidedEvent(triageItemId));
    return { decided: await tx.triageItem.findUniqueOrThrow({ where: { id: triageItemId } }), run };
  });
  if (outcome.pending) return pendingApprovalResponse(principal, outcome.pending);
  const { decided: item, run } = outcome;
  publishRunChange(run.id);
  publishTriageChange(run.organizationId, run.livemode);
  announceWorkQueued();
  const serialized = serializeTriageItem(item);
  return {
    data: {
      id: serialized.id,
      status: serialized.status as "approved" | "rejected" | "pending",
      resolved_at: serialized.resolved_at,
      resolution_note: serialized.resolution_note,
      resolved_by: resolvedBy as string | null,
      run_id: run.id,
      resolved_by_name: serialized.resolved_by_name,
      resolved_by_actor: await principalActor(principal),
      output_edited: serialized.output_edited,
      reason_code: serialized.reason_code,
      ...((item.approvalsRequired ?? 1) > 1 ? { approvals: await approvalsState(principal.organizationId, item) } : {}),
    },
  };
}

/** An approval short of the quorum: the item stays pending, and says who approved so far. */
async function pendingApprovalResponse(principal: TPrincipal, item: TriageItem) {
  publishRunChange(item.runId);
  publishTriageChange(item.organizationId, item.livemode);
  return {
    data: {
      id: item.id,
      status: "pending" as "approved" | "rejected" | "pending",
      resolved_at: null as string | null,
      resolution_note: null,
      resolved_by: null as string | null,
      run_id: item.runId,
      resolved_by_name: null,
      output_edited: item.outputEdited,
      reason_code: null,
      approvals: await approvalsState(principal.organizationId, item),
    },
  };
}

type TBulkResult = { id: string; status: "approved" | "rejected" | "pending" | "error"; error?: { type: string; message: string } };

/**
 * One decision on up to 100 items, each in its own transaction and in the order given: an
 * item that cannot be decided (unknown, resolved, claimed by someone else) is reported in
 * its result and does not stop the others. On an item that needs several approvals, an
 * approval counts as one of them ("pending" while it needs more).
 */
export async function decideInBulk(principal: TPrincipal, input: TBulkDecision): Promise<{ results: TBulkResult[] }> {
  const approve = input.decision === "approve";
  const results: TBulkResult[] = [];
  for (const id of input.ids) {
    try {
      const { data } = await resolveTriageItem(principal, id, {
        approve,
        note: input.resolution_note,
        reasonCode: approve ? undefined : input.reason_code,
        force: input.force,
      });
      results.push({ id, status: data.status });
    } catch (error) {
      if (error instanceof AppError) {
        results.push({ id, status: "error", error: { type: error.type, message: error.message } });
        continue;
      }
      // The item's own transaction failed for another reason (the database went away): say
      // so for this item, keep going, and leave the stack in the log.
      logger.error("bulk decision failed on one item", { triageItemId: id, error: error instanceof Error ? error.stack : String(error) });
      results.push({ id, status: "error", error: { type: "internal_error", message: "An unexpected error occurred; read the item to see whether it was decided" } });
    }
  }
  return { results };
}
