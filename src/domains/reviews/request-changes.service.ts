// Request changes (POST /v1/triage/:id/request-changes; docs/api-conventions.md, "Review
// rounds"): the reviewer sends the run back with feedback, and its agent runs again. One
// transaction closes the round's item, applies a built-in agent's data patch, queues the
// run with its next round and writes that round's job, so the round cannot be lost.
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import { isBuiltInAgentType } from "../agents/agent-types.ts";
import { assertInputsFit, countTestModeRound } from "../runs/accept-work.ts";
import { settleBatchRowForRun } from "../runs/batch-row-statements.ts";
import { requeueRunForNextRound } from "../runs/run-statements.ts";
import { decideTriageItems } from "../runs/triage-item-statements.ts";
import { executeRunWork, triageDecidedEvent } from "../runs/run-work.ts";
import { announceWorkQueued, enqueueWork, publishWaitEvent } from "../work-queue/enqueue.ts";
import { publishRunChange, publishTriageChange } from "../runs/run-notifier.ts";
import { db } from "../../foundation/db/client.ts";
import { conflict, notFound, validationError } from "../../foundation/errors.ts";
import { iso } from "../../foundation/schemas.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { assertMayDecide, decidableWhere } from "./claims.ts";
import { maxReviewRounds, patchedData } from "./review-rounds.ts";
import { assertReviewItem } from "./spot-checks.ts";

export type TRequestChanges = { feedback: string; data_patch?: Record<string, unknown>; force?: boolean };

export async function requestChanges(principal: TPrincipal, triageItemId: string, request: TRequestChanges) {
  const { item, run } = await db().$transaction(async (tx) => {
    const existing = await tx.triageItem.findFirst({ where: { id: triageItemId, ...tenantScope(principal) } });
    if (!existing) throw notFound("Triage item");
    assertReviewItem(existing);
    if (existing.status !== "pending") throw conflict(`Triage item is already ${existing.status}`);
    await assertMayDecide(tx, existing, principal, request.force);
    const current = await tx.run.findUniqueOrThrow({ where: { id: existing.runId } });
    if (current.status !== "pending_triage" || current.reviewRound !== existing.round) {
      throw conflict("The run is no longer waiting for a person");
    }
    const maxRounds = await maxReviewRounds(tx, current);
    if (current.reviewRound >= maxRounds) {
      throw conflict(
        `The run was already sent back ${current.reviewRound} time${current.reviewRound === 1 ? "" : "s"}, ` +
          `the most its agent allows (${maxRounds}); approve or reject it`,
      );
    }
    let data: Prisma.InputJsonValue | undefined;
    if (request.data_patch !== undefined) {
      // Model-backed agents read the reviewer's words instead (the conversation goes on).
      if (!isBuiltInAgentType(current.agentType) || current.agentType === "assistant") {
        const message = `data_patch applies to built-in agents' data only; tell agent ${current.agentType} what to change in feedback`;
        throw validationError(message, [{ path: "data_patch", message }]);
      }
      const patched = patchedData(current.data, request.data_patch);
      assertInputsFit(current.agentType, [{ data: patched, root: "data" }]);
      data = patched as Prisma.InputJsonValue;
    }

    const resolvedAt = new Date();
    const count = await decideTriageItems(tx, { id: existing.id, ...decidableWhere(principal, request.force) }, {
      status: "changes_requested",
      at: resolvedAt,
      by: { label: actorLabel(principal), name: principal.actor.name },
      feedback: request.feedback,
      dataPatch: request.data_patch as Prisma.InputJsonValue | undefined,
    });
    if (count === 0) throw conflict("Triage item was decided or claimed by someone else meanwhile");
    // Queued for the next round (run-statements.ts says why queued and not running); its job is queued below, in this transaction.
    const runMoved = await requeueRunForNextRound(tx, current.id, existing.round, data);
    if (!runMoved) throw conflict("The run is no longer waiting for a person");
    const run = await tx.run.findUniqueOrThrow({ where: { id: current.id } });
    // Another round of a model-backed run in test mode counts against the day's allowance.
    await countTestModeRound(tx, principal, run);
    // A batch row goes back to pending (not settled while it waited, so no counter moves).
    await settleBatchRowForRun(tx, run);
    await enqueueWork(tx, [executeRunWork({ runId: run.id, priority: run.priority, batchJobId: run.batchJobId, reviewRound: run.reviewRound })]);
    await publishWaitEvent(tx, triageDecidedEvent(existing.id));
    return { item: { id: existing.id, resolvedAt }, run };
  });
  publishRunChange(run.id);
  publishTriageChange(run.organizationId, run.livemode);
  announceWorkQueued();
  return {
    data: { id: item.id, status: "changes_requested" as const, resolved_at: iso(item.resolvedAt), run_id: run.id, review_round: run.reviewRound },
  };
}
