// Triage: the queue of runs waiting for a person, and the decisions on them.
import { isDeepStrictEqual } from "node:util";
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import { settleBatchRowForRun } from "../runs/batch-row-settlement.ts";
import { db } from "../../foundation/db/client.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { conflict, notFound } from "../../foundation/errors.ts";
import { readPage, type TPagination } from "../../foundation/pagination.ts";
import { asJsonObject, type TJsonObject } from "../../foundation/schemas.ts";
import { workDispatcher } from "../runs/dispatcher.ts";
import { publishRunChange, publishTriageChange } from "../runs/run-notifier.ts";
import { serializeTriageItem } from "../runs/serializers.ts";
import type { TTriageListStatus } from "./triage.schemas.ts";

const STATUS_FILTER = {
  pending: "pending",
  approved: "approved",
  rejected: "rejected",
  resolved: { in: ["approved", "rejected"] },
} as const satisfies Record<TTriageListStatus, Prisma.TriageItemWhereInput["status"]>;

/**
 * The pending queue oldest first (who waited longest comes first); decisions newest first
 * (the dashboard's "recently resolved").
 */
export async function listTriage(principal: TPrincipal, query: TPagination & { status?: TTriageListStatus }) {
  const status = query.status ?? "pending";
  const where = { ...tenantScope(principal), status: STATUS_FILTER[status] };
  const orderBy: Prisma.TriageItemOrderByWithRelationInput[] =
    status === "pending" ? [{ createdAt: "asc" }, { id: "asc" }] : [{ resolvedAt: "desc" }, { id: "desc" }];
  const { items, ...pageInfo } = await readPage(
    query,
    (window) =>
      db().triageItem.findMany({
        where,
        include: { run: { select: { id: true, agentType: true, confidenceScore: true, task: true, data: true } } },
        orderBy,
        ...window,
      }),
    () => db().triageItem.count({ where }),
  );
  return {
    data: items.map((item) => ({
      ...serializeTriageItem(item),
      agent_runs: {
        id: item.run.id,
        agent_type: item.run.agentType,
        confidence_score: item.run.confidenceScore,
        task: item.run.task,
        data: asJsonObject(item.run.data),
      },
    })),
    ...pageInfo,
  };
}

/** Approve (optionally with the reviewer's edited output) or reject, with an optional note. */
type TDecision = { approve: boolean; note?: string; output?: TJsonObject };

export async function resolveTriageItem(principal: TPrincipal, triageItemId: string, decision: TDecision) {
  const resolvedBy = actorLabel(principal);
  const { item, run } = await db().$transaction(async (tx) => {
    const existing = await tx.triageItem.findFirst({ where: { id: triageItemId, ...tenantScope(principal) } });
    if (!existing) throw notFound("Triage item");
    const proposed = asJsonObject(existing.proposedOutput) ?? {};
    const edited = decision.approve && decision.output !== undefined && !isDeepStrictEqual(decision.output, proposed);
    const approved = edited ? decision.output! : proposed;
    const resolvedAt = new Date();
    const { count } = await tx.triageItem.updateMany({
      where: { id: triageItemId, status: "pending" },
      data: {
        status: decision.approve ? "approved" : "rejected",
        resolvedAt,
        resolvedBy,
        resolvedByName: principal.actor.name,
        resolutionNote: decision.note ?? null,
        outputEdited: edited,
      },
    });
    if (count === 0) throw conflict(`Triage item is already ${existing.status}`);

    // The note travels with the output, edited or not (the /v1 contract of approve).
    const output = decision.note ? { ...approved, resolution_note: decision.note } : approved;
    const { count: runsMoved } = await tx.run.updateMany({
      where: { id: existing.runId, status: "pending_triage" },
      data: decision.approve
        ? { status: "completed", output: output as Prisma.InputJsonValue, completedAt: resolvedAt }
        : { status: "cancelled", completedAt: resolvedAt },
    });
    if (runsMoved === 0) throw conflict("The run is no longer waiting for a person");
    const run = await tx.run.findUniqueOrThrow({ where: { id: existing.runId } });
    await settleBatchRowForRun(tx, run);
    return { item: await tx.triageItem.findUniqueOrThrow({ where: { id: triageItemId } }), run };
  });
  publishRunChange(run.id);
  publishTriageChange(run.organizationId, run.livemode);
  if (decision.approve) {
    // Approval completes the run: the spec's run.completed event (rejection has no event).
    // Its payload reads the run's stored output, i.e. the approved (possibly edited) one.
    await workDispatcher().runOutcome({
      event: "run.completed",
      runId: run.id,
      organizationId: run.organizationId,
      batchJobId: run.batchJobId,
      triageItemId: null,
    });
  }
  const serialized = serializeTriageItem(item);
  return {
    data: {
      id: serialized.id,
      status: serialized.status as "approved" | "rejected",
      resolved_at: serialized.resolved_at!,
      resolution_note: serialized.resolution_note,
      resolved_by: resolvedBy,
      run_id: run.id,
      resolved_by_name: serialized.resolved_by_name,
      output_edited: serialized.output_edited,
    },
  };
}
