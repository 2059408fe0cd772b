// Spot checks (docs/api-conventions.md, "Spot checks"): a share of the runs that completed on
// their own is sampled into the triage queue (the counted sampler in
// src/domains/runs/triage-item-statements.ts), and a person gives a verdict on each. A verdict changes
// only its item: the run, its output, credits, batch and webhooks stay as they were.
import type { TPrincipal } from "../auth/authenticate.ts";
import { principalActor } from "../auth/actors.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import { publishRunChange, publishTriageChange } from "../runs/run-notifier.ts";
import { db } from "../../foundation/db/client.ts";
import { conflict, notFound, validationError } from "../../foundation/errors.ts";
import { iso } from "../../foundation/schemas.ts";
import type { Prisma, TriageItem } from "../../generated/prisma/client.ts";
import { assertMayDecide, decidableWhere } from "./claims.ts";
import { decideTriageItems } from "../runs/triage-item-statements.ts";
import { announceWorkQueued } from "../work-queue/enqueue.ts";

/** Approve, reject and request changes decide reviews; a spot check takes a verdict (409 otherwise). */
export function assertReviewItem(item: Pick<TriageItem, "kind">): void {
  if (item.kind === "spot_check") {
    throw conflict("This triage item is a spot check of a completed run: give a verdict (POST /v1/triage/{id}/verdict)");
  }
}

export type TVerdict = { verdict: "correct" | "incorrect"; corrected_output?: Record<string, unknown>; note?: string; force?: boolean };

export async function recordVerdict(principal: TPrincipal, triageItemId: string, request: TVerdict) {
  if (request.corrected_output !== undefined && request.verdict !== "incorrect") {
    const message = "corrected_output goes with verdict incorrect (the output was right as it was)";
    throw validationError(message, [{ path: "corrected_output", message }]);
  }
  const resolvedBy = actorLabel(principal);
  const item = await db().$transaction(async (tx) => {
    const existing = await tx.triageItem.findFirst({ where: { id: triageItemId, ...tenantScope(principal) } });
    if (!existing) throw notFound("Triage item");
    if (existing.kind !== "spot_check") {
      throw conflict("This triage item is a review: approve, reject or request changes (a verdict is for spot checks)");
    }
    if (existing.status !== "pending") throw conflict(`Triage item is already ${existing.status}`);
    const now = new Date();
    await assertMayDecide(tx, existing, principal, request.force, now);
    // Conditional on the item still being open and on nobody else having claimed it since it was read.
    const count = await decideTriageItems(tx, { id: triageItemId, ...decidableWhere(principal, request.force, now) }, {
      status: "checked",
      at: now,
      by: { label: resolvedBy, name: principal.actor.name },
      verdict: request.verdict,
      correctedOutput: (request.corrected_output ?? undefined) as Prisma.InputJsonValue | undefined,
      resolutionNote: request.note ?? null,
    });
    if (count === 0) {
      const current = await tx.triageItem.findUniqueOrThrow({ where: { id: triageItemId } });
      if (current.status !== "pending") throw conflict(`Triage item is already ${current.status}`);
      await assertMayDecide(tx, current, principal, request.force, now);
      throw conflict("Triage item changed while it was being decided; try again");
    }
    return tx.triageItem.findUniqueOrThrow({ where: { id: triageItemId } });
  });
  // The run page shows its steps (the verdict among them); the queue loses the item; a
  // canary's guard may have been asked to look (decideTriageItems).
  publishRunChange(item.runId);
  announceWorkQueued();
  publishTriageChange(item.organizationId, item.livemode);
  return {
    data: {
      id: item.id,
      status: "checked" as const,
      verdict: request.verdict,
      resolved_at: iso(item.resolvedAt!),
      resolved_by: resolvedBy,
      resolved_by_name: item.resolvedByName,
      resolved_by_actor: await principalActor(principal),
      run_id: item.runId,
    },
  };
}
