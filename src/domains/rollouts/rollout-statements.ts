// The statements of canary rollouts, apart from what orchestrates them (rollouts.service.ts,
// rollout-guard.ts). The splitter that counts runs lives with the runs' acceptance
// (src/domains/runs/rollout-split.ts); both arms' counts with the quality report's
// (src/domains/quality/quality-statements.ts), so the two judge alike.
import { sqlStatement } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { rolloutArms, rolloutArmStatsSql, type TRolloutArms } from "../quality/quality-statements.ts";

type TTransaction = Prisma.TransactionClient;

export type TRolloutRow = {
  id: string;
  agent_definition_id: string;
  agent_name: string;
  version: number;
  baseline_version: number;
  percent: number;
  min_judged: number;
  min_agreement: number;
  spot_check_rate: number;
  status: "running" | "promoted" | "rolled_back" | "cancelled";
  reason: string | null;
  started_at: Date;
  ended_at: Date | null;
};

const COLUMNS = Prisma.sql`id, agent_definition_id, agent_name, version, baseline_version, percent, min_judged, min_agreement,
  spot_check_rate, status, reason, started_at, ended_at`;

export type TNewRollout = {
  organizationId: string;
  livemode: boolean;
  agentDefinitionId: string;
  agentName: string;
  version: number;
  baselineVersion: number;
  percent: number;
  minJudged: number;
  minAgreement: number;
  spotCheckRate: number;
  createdBy: string;
};

/** Starts a rollout; a second running one for the agent violates rollouts_one_running_per_agent (23505). */
export async function insertRollout(tx: TTransaction, rollout: TNewRollout): Promise<TRolloutRow> {
  const [row] = await tx.$queryRaw<TRolloutRow[]>`
    INSERT INTO rollouts (id, organization_id, livemode, agent_definition_id, agent_name, version, baseline_version, percent,
      min_judged, min_agreement, spot_check_rate, created_by)
    VALUES (gen_random_uuid(), ${rollout.organizationId}::uuid, ${rollout.livemode}, ${rollout.agentDefinitionId}::uuid, ${rollout.agentName},
      ${rollout.version}::int, ${rollout.baselineVersion}::int, ${rollout.percent}::int, ${rollout.minJudged}::int,
      ${rollout.minAgreement}::float8, ${rollout.spotCheckRate}::float8, ${rollout.createdBy})
    RETURNING ${COLUMNS}`;
  return row!;
}

/** The agent's current or last rollout (newest start first), or null before the first. */
export async function findLatestRollout(agentDefinitionId: string): Promise<TRolloutRow | null> {
  const [row] = await sqlStatement<TRolloutRow>(Prisma.sql`
    SELECT ${COLUMNS} FROM rollouts WHERE agent_definition_id = ${agentDefinitionId}::uuid ORDER BY started_at DESC, id DESC LIMIT 1`);
  return row ?? null;
}

/** One rollout by id. */
export async function findRollout(rolloutId: string): Promise<TRolloutRow | null> {
  const [row] = await sqlStatement<TRolloutRow>(Prisma.sql`SELECT ${COLUMNS} FROM rollouts WHERE id = ${rolloutId}::uuid`);
  return row ?? null;
}

/** The agent's running rollout under its row lock (the transaction ends it, or leaves it running), or null. */
export async function lockRunningRollout(tx: TTransaction, where: { agentDefinitionId: string } | { id: string }): Promise<TRolloutRow | null> {
  const condition = "id" in where ? Prisma.sql`id = ${where.id}::uuid` : Prisma.sql`agent_definition_id = ${where.agentDefinitionId}::uuid`;
  const [row] = await tx.$queryRaw<TRolloutRow[]>`SELECT ${COLUMNS} FROM rollouts WHERE ${condition} AND status = 'running' FOR UPDATE`;
  return row ?? null;
}

/**
 * running → `status`: one conditional UPDATE, so a rollout ends once (promote, cancel and
 * the guard can race). A rollback records the candidate's counts it was judged on.
 */
export async function endRollout(
  tx: TTransaction,
  rolloutId: string,
  end: { status: "promoted" | "cancelled" | "rolled_back"; by: string; reason: string | null; judged?: number; agreed?: number },
): Promise<TRolloutRow | null> {
  const [row] = await tx.$queryRaw<TRolloutRow[]>`
    UPDATE rollouts SET status = ${end.status}, ended_at = now(), ended_by = ${end.by}, reason = ${end.reason},
      ended_judged = ${end.judged ?? null}::int, ended_agreed = ${end.agreed ?? null}::int
    WHERE id = ${rolloutId}::uuid AND status = 'running'
    RETURNING ${COLUMNS}`;
  return row ?? null;
}

/** Both arms' runs, judged and agreed, read in the caller's transaction (the guard's, under the rollout's lock). */
export async function armStatsIn(tx: TTransaction, rolloutId: string): Promise<TRolloutArms> {
  return rolloutArms(await tx.$queryRaw<{ arm: string; runs: number; judged: number; agreed: number }[]>(rolloutArmStatsSql(rolloutId)));
}
