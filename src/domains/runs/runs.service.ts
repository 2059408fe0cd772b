// Runs: accept, read, list and cancel. State changes are single conditional updates
// inside transactions, so two concurrent callers can never both win a transition.
import { randomUUID } from "node:crypto";
import { assertAgentKnown, pinAgentVersion } from "../agent-definitions/run-agent.ts";
import { isBuiltInAgentType } from "../agents/agent-types.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import { Prisma, type RunStatus } from "../../generated/prisma/client.ts";
import { conflict, notFound, validationError } from "../../foundation/errors.ts";
import type { TPagination } from "../../foundation/pagination.ts";
import { chargeAndInsert } from "../usage/credits.ts";
import { acceptInOneStatement, assertInputsFit, type TRecordAccepted } from "./accept-work.ts";
import { settleBatchRowForRun } from "./batch-row-statements.ts";
import { announceWorkQueued, enqueueWorkSql } from "../work-queue/enqueue.ts";
import { executeRunWork } from "./run-work.ts";
import { publishRunChange, publishTriageChange } from "./run-notifier.ts";
import { findRunPage, findRunWithTriage } from "./run-queries.ts";
import { cancelRuns } from "./run-statements.ts";
import { buildRunSteps } from "./run-steps.ts";
import { usesModel } from "./agent-calls.ts";
import { TASK_PREVIEW_LENGTH, type TCreateRunRequest, type TCreateRunResponse } from "./runs.schemas.ts";
import { serializeRun, serializeRunListItem, serializeTriageItem, triageItemActors, withTriageItemActors } from "./serializers.ts";
import { actorOf, resolveActors } from "../auth/actors.ts";
import { decideTriageItems } from "./triage-item-statements.ts";
import { rolloutSplitCte, splitColumnsSql } from "./rollout-split.ts";

/**
 * Accepts a run: the run, its job, its charge and ledger entry are one statement (with
 * `recordAccepted`, the idempotency record, in the same transaction).
 */
export async function createRun(
  principal: TPrincipal,
  request: TCreateRunRequest,
  recordAccepted?: TRecordAccepted<TCreateRunResponse>,
  options: { agentLivemode?: boolean } = {},
): Promise<TCreateRunResponse> {
  // A custom agent of the other mode (the dashboard's "Try it" of a live agent runs in test mode):
  // it is looked up, pinned and later run from that mode's definitions.
  const agentLivemode = options.agentLivemode !== undefined && options.agentLivemode !== principal.livemode && !isBuiltInAgentType(request.agent_type)
    ? options.agentLivemode
    : null;
  const agentOwner = agentLivemode === null ? principal : { ...principal, livemode: agentLivemode };
  // Built-ins: availability only; a custom agent: exists, has a model, data fits its input_schema.
  const pinned = await pinAgentVersion(agentOwner, {
    agentType: request.agent_type,
    agentVersion: request.agent_version,
    inputs: [{ data: request.data, root: "data" }],
    // "Try it" of the other mode's agent is a preview, not traffic: a canary does not split it.
    split: agentLivemode === null,
  });
  // A built-in's data is checked against its published input_schema (a custom agent's was, above).
  if (isBuiltInAgentType(request.agent_type)) assertInputsFit(request.agent_type, [{ data: request.data, root: "data" }]);
  // A test-mode run that will call the model counts against the day's allowance (credits.ts).
  const modelBacked = !principal.livemode && usesModel({ agentType: request.agent_type, task: request.task, data: request.data ?? null });
  const runId = randomUUID();
  const priority = request.priority;
  const acceptedAt = new Date();
  const data = request.data === undefined || request.data === null ? null : JSON.stringify(request.data);
  // Runs only when the charge went through (`charged` has its one row). An unpinned run of an
  // agent with a running canary is counted by the rollout's splitter in the same statement
  // (only when charged), which picks its version and arm (src/domains/runs/rollout-split.ts).
  const split = pinned.split ? rolloutSplitCte(pinned.split, 1, Prisma.sql`EXISTS (SELECT 1 FROM charged)`) : undefined;
  const versionColumns = pinned.split
    ? splitColumnsSql(pinned.version, Prisma.sql`1`)
    : Prisma.sql`${pinned.version}::int, NULL::uuid, NULL::text`;
  const insertRun = Prisma.sql`
    INSERT INTO runs (id, organization_id, livemode, agent_type, agent_version, rollout_id, rollout_arm, agent_livemode, priority, task, data, webhook_url, api_key_id, created_at, updated_at)
    SELECT ${runId}::uuid, ${principal.organizationId}::uuid, ${principal.livemode}, ${request.agent_type}, ${versionColumns}, ${agentLivemode}::boolean, ${priority}::"RunPriority",
           ${request.task}, ${data}::jsonb, ${request.webhook_url ?? null}, ${principal.apiKeyId}::uuid, ${acceptedAt}::timestamptz, ${acceptedAt}::timestamptz
    FROM charged ${pinned.split ? Prisma.sql`LEFT JOIN split s ON true` : Prisma.empty}`;
  // Its job, only when the run was inserted (the same condition).
  const queueRun = enqueueWorkSql([executeRunWork({ runId, priority })], Prisma.sql`EXISTS (SELECT 1 FROM charged)`);
  return acceptInOneStatement({
    webhookUrl: request.webhook_url,
    recordAccepted,
    response: { run_id: runId, status: "queued", agent_type: request.agent_type, estimated_completion: "async" },
    write: (client) =>
      chargeAndInsert(client, principal, [{ runId, agentType: request.agent_type, modelBacked }], insertRun, queueRun, split),
  });
}

/** Counting stops this many runs past the offset (docs/api-conventions.md, "Lists"). */
export const RUN_LIST_COUNT_CAP = 1_000;

export async function listRuns(
  principal: TPrincipal,
  query: TPagination & { status?: RunStatus; agent_type?: string; q?: string; created_from?: string; created_to?: string },
) {
  // A calendar date is midnight UTC (new Date("2026-11-26") reads it so).
  const createdFrom = query.created_from === undefined ? undefined : new Date(query.created_from);
  const createdTo = query.created_to === undefined ? undefined : new Date(query.created_to);
  if (createdFrom && createdTo && createdFrom >= createdTo) {
    throw validationError("created_to must be later than created_from", [{ path: "created_to", message: "must be later than created_from" }]);
  }
  if (query.agent_type !== undefined) await assertAgentKnown(principal, query.agent_type);
  const { runs, counted, countedUpTo } = await findRunPage(
    { ...tenantScope(principal), status: query.status, agentType: query.agent_type, search: query.q, createdFrom, createdTo },
    { limit: query.limit, offset: query.offset, countCap: RUN_LIST_COUNT_CAP, taskPreviewLength: TASK_PREVIEW_LENGTH },
  );
  const totalExact = counted < countedUpTo;
  return {
    data: runs.map(serializeRunListItem),
    total: counted,
    limit: query.limit,
    offset: query.offset,
    has_more: counted > query.offset + runs.length,
    total_exact: totalExact,
  };
}

export async function getRun(principal: TPrincipal, runId: string) {
  const found = await findRunWithTriage(tenantScope(principal), runId);
  if (!found) throw notFound("Run");
  const actors = await triageItemActors(principal.organizationId, found.triageItem ? [found.triageItem] : []);
  const run = serializeRun(found.run, found.triageItem);
  return {
    run: { ...run, claimed_by_actor: actorOf(actors.actors, run.claimed_by) },
    triage_item: found.triageItem ? withTriageItemActors(serializeTriageItem(found.triageItem), actors) : null,
  };
}

/** The run's steps (src/domains/runs/run-steps.ts); another organization's or mode's run is not found. */
export async function listRunSteps(principal: TPrincipal, runId: string) {
  const run = await db().run.findFirst({
    where: { id: runId, ...tenantScope(principal) },
    include: { triageItems: { orderBy: { round: "asc" } } },
  });
  if (!run) throw notFound("Run");
  // Every round's item: the steps show each round's proposal, triage, messages, approvals and review.
  const itemIds = run.triageItems.map((item) => item.id);
  const [notifications, approvals] = await Promise.all([
    db().triageNotification.findMany({ where: { triageItemId: { in: itemIds } }, orderBy: { createdAt: "asc" } }),
    db().triageApproval.findMany({ where: { triageItemId: { in: itemIds } }, orderBy: { createdAt: "asc" } }),
  ]);
  const { actors } = await triageItemActors(principal.organizationId, run.triageItems);
  const approvers = await resolveActors(principal.organizationId, approvals.map((approval) => approval.actor), new Map(approvals.map((approval) => [approval.actor, approval.actorName])));
  return {
    data: buildRunSteps(run, run.triageItems, { notifications, approvals }).map((step) => {
      if (step.type === "review") return { ...step, detail: { ...step.detail, resolved_by_actor: actorOf(actors, step.detail.resolved_by) } };
      if (step.type === "approval") return { ...step, detail: { ...step.detail, by_actor: actorOf(approvers, step.detail.by) } };
      return step;
    }),
  };
}

const CANCELLABLE = ["queued", "running", "pending_triage"] as const;

export async function cancelRun(principal: TPrincipal, runId: string) {
  const { run, triageResolved } = await db().$transaction(async (tx) => {
    const existing = await tx.run.findFirst({ where: { id: runId, ...tenantScope(principal) } });
    if (!existing) throw notFound("Run");
    const now = new Date();
    const count = await cancelRuns(tx, { id: runId, status: { in: [...CANCELLABLE] } }, now, "cancelled_by_caller");
    if (count === 0) throw conflict(`Run is already ${existing.status} and cannot be cancelled`);
    const triageResolved = await decideTriageItems(tx, { runId }, {
      status: "rejected",
      at: now,
      by: { label: actorLabel(principal), name: principal.actor.name },
      resolutionNote: "run cancelled",
    });
    const cancelled = await tx.run.findUniqueOrThrow({ where: { id: runId } });
    await settleBatchRowForRun(tx, cancelled);
    return { run: cancelled, triageResolved };
  });
  publishRunChange(run.id);
  if (triageResolved > 0) {
    publishTriageChange(run.organizationId, run.livemode);
    announceWorkQueued();
  }
  return { run: serializeRun(run) };
}
