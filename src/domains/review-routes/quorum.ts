// How many approvals a review item needs (docs/api-conventions.md, "Two approvers"): its
// route's `approvals.required`, or 1 when the route's condition does not hold for the run's
// input data (a spot check always needs one verdict). Fixed on the item the first time anyone
// asks (the job that tells the recipients, or the first decision), so editing the route later
// does not move the bar under an item already waiting.
import { Prisma } from "../../generated/prisma/client.ts";
import type { TApprovalCondition } from "./review-routes.schemas.ts";

type TTransaction = Prisma.TransactionClient;

/** The value at a JSON Pointer (RFC 6901), or undefined. */
export function valueAtPointer(document: unknown, pointer: string): unknown {
  if (pointer === "") return document;
  let current: unknown = document;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (current === null || typeof current !== "object") return undefined;
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      current = current[Number(key)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
      current = (current as Record<string, unknown>)[key];
    }
  }
  return current;
}

/** The quorum a route asks of a run with `data`: `required` when the condition holds (or there is none), else 1. */
export function quorumFor(route: { approvalsRequired: number; approvalsWhen: unknown } | null, data: unknown): number {
  if (!route || route.approvalsRequired <= 1) return 1;
  const when = route.approvalsWhen as TApprovalCondition | null;
  if (!when) return route.approvalsRequired;
  const value = valueAtPointer(data, when.path);
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number > when.gt ? route.approvalsRequired : 1;
}

/**
 * The item's approvals_required, fixing it from its route and its run's data if nobody has
 * yet (a conditional update: two callers at once fix the same value). Answers it.
 */
export async function settleApprovalsRequired(tx: TTransaction | Prisma.DefaultPrismaClient, triageItemId: string): Promise<number> {
  const [item] = await tx.$queryRaw<{ approvals_required: number | null; kind: string; organization_id: string; livemode: boolean; agent_type: string; data: unknown }[]>`
    SELECT t.approvals_required, t.kind, t.organization_id, t.livemode, r.agent_type, r.data
    FROM triage_items t JOIN runs r ON r.id = t.run_id WHERE t.id = ${triageItemId}::uuid`;
  if (!item) return 1;
  if (item.approvals_required !== null) return item.approvals_required;
  const route =
    item.kind === "review"
      ? await tx.reviewRoute.findUnique({
          where: { organizationId_livemode_agentType: { organizationId: item.organization_id, livemode: item.livemode, agentType: item.agent_type } },
          select: { approvalsRequired: true, approvalsWhen: true },
        })
      : null;
  const required = quorumFor(route, item.data);
  const [fixed] = await tx.$queryRaw<{ approvals_required: number }[]>`
    UPDATE triage_items SET approvals_required = COALESCE(approvals_required, ${required}) WHERE id = ${triageItemId}::uuid RETURNING approvals_required`;
  return fixed?.approvals_required ?? required;
}
