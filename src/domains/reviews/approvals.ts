// Two approvers (docs/api-conventions.md, "Two approvers"): an item whose route requires n > 1
// approvals records each approval with the person who gave it, and is decided only by the
// n-th distinct one. The person, not the actor label, makes approvals distinct: a link sent to
// a member's address is that member (src/domains/review-links/link-principal.ts says who a
// link's decider is).
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel } from "../auth/tenant.ts";
import { approvalsOf, triageItemActors } from "../runs/serializers.ts";
import { conflict } from "../../foundation/errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { TJsonObject } from "../../foundation/schemas.ts";
import { isDeepStrictEqual } from "node:util";

type TTransaction = Prisma.TransactionClient;

/** The person behind a principal: a link principal names its recipient; otherwise the actor label. */
export const approverOf = (principal: TPrincipal): string => principal.approver ?? actorLabel(principal);

const more = (count: number) => `it needs ${count} more`;

/**
 * Records `principal`'s approval of the pending item (locked for the rest of the transaction,
 * so two approvals at once count each other). An approver's edit becomes the item's proposal,
 * which every later approver sees and the n-th approval completes the run with. Answers how
 * many approvals the item has now, its current proposal and whether anyone edited it.
 * 409 when the item was decided meanwhile, or this person approved it before.
 */
export async function recordApproval(
  tx: TTransaction,
  triageItemId: string,
  principal: TPrincipal,
  approval: { required: number; output?: TJsonObject },
): Promise<{ given: number; proposal: unknown; anyEdit: boolean }> {
  const [locked] = await tx.$queryRaw<{ status: string; proposed_output: unknown; output_edited: boolean }[]>`
    SELECT status, proposed_output, output_edited FROM triage_items WHERE id = ${triageItemId}::uuid FOR UPDATE`;
  if (!locked || locked.status !== "pending") throw conflict(`Triage item is already ${locked?.status ?? "decided"}`);
  const [{ count: before } = { count: 0 }] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM triage_approvals WHERE triage_item_id = ${triageItemId}::uuid`;
  const edited = approval.output !== undefined && !isDeepStrictEqual(approval.output, locked.proposed_output);
  const inserted = await tx.$executeRaw`
    INSERT INTO triage_approvals (id, triage_item_id, approver, actor, actor_name, output_edited)
    VALUES (gen_random_uuid(), ${triageItemId}::uuid, ${approverOf(principal)}, ${actorLabel(principal)}, ${principal.actor.name}, ${edited})
    ON CONFLICT (triage_item_id, approver) DO NOTHING`;
  if (inserted === 0) throw conflict(`You already approved this item; ${more(Math.max(approval.required - before, 1))}`);
  if (edited) {
    await tx.triageItem.update({ where: { id: triageItemId }, data: { proposedOutput: approval.output as Prisma.InputJsonValue, outputEdited: true } });
  }
  return { given: before + 1, proposal: edited ? approval.output! : locked.proposed_output, anyEdit: locked.output_edited || edited };
}

/** The `approvals` state of one item, its approvers named (a decision's pending response). */
export async function approvalsState(organizationId: string, item: { id: string; approvalsRequired: number | null }) {
  const context = await triageItemActors(organizationId, [{ ...item, resolvedBy: null, resolvedByName: null, claimedBy: null, claimedByName: null }]);
  return approvalsOf(context, item.id);
}
