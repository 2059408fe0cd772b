// Triage: the queue of runs waiting for a person, and the decisions on them.
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import { settleBatchRowForRun } from "../runs/batch-row-settlement.ts";
import { db } from "../../foundation/db/client.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { conflict, notFound } from "../../foundation/errors.ts";
import { readPage, type TPagination } from "../../foundation/pagination.ts";
import { workDispatcher } from "../runs/dispatcher.ts";
import { publishRunChange } from "../runs/run-notifier.ts";
import { serializeTriageItem } from "../runs/serializers.ts";

export async function listPendingTriage(principal: TPrincipal, page: TPagination) {
  const where = { ...tenantScope(principal), status: "pending" as const };
  const { items, ...pageInfo } = await readPage(
    page,
    (window) =>
      db().triageItem.findMany({
        where,
        include: { run: { select: { id: true, agentType: true, confidenceScore: true } } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        ...window,
      }),
    () => db().triageItem.count({ where }),
  );
  return {
    data: items.map((item) => ({
      ...serializeTriageItem(item),
      agent_runs: { id: item.run.id, agent_type: item.run.agentType, confidence_score: item.run.confidenceScore },
    })),
    ...pageInfo,
  };
}

type TDecision = { approve: boolean; note?: string };

export async function resolveTriageItem(principal: TPrincipal, triageItemId: string, decision: TDecision) {
  const resolvedBy = actorLabel(principal);
  const { item, run } = await db().$transaction(async (tx) => {
    const existing = await tx.triageItem.findFirst({ where: { id: triageItemId, ...tenantScope(principal) } });
    if (!existing) throw notFound("Triage item");
    const resolvedAt = new Date();
    const { count } = await tx.triageItem.updateMany({
      where: { id: triageItemId, status: "pending" },
      data: {
        status: decision.approve ? "approved" : "rejected",
        resolvedAt,
        resolvedBy,
        resolutionNote: decision.note ?? null,
      },
    });
    if (count === 0) throw conflict(`Triage item is already ${existing.status}`);

    const proposed = (existing.proposedOutput ?? {}) as Record<string, unknown>;
    const output = decision.note ? { ...proposed, resolution_note: decision.note } : proposed;
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
  if (decision.approve) {
    // Approval completes the run: the spec's run.completed event (rejection has no event).
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
    },
  };
}
