// What runs know of canary rollouts (docs/api-conventions.md, "Rollouts"): the counted
// splitter that sends a share of the unpinned runs to the candidate, written into the very
// statement that accepts them, and the guard work a decision on a candidate run asks for.
// The rollouts themselves (start, promote, the guard) live in src/domains/rollouts, above.
import { Prisma } from "../../generated/prisma/client.ts";
import type { TRolloutSplit } from "../agent-definitions/run-agent.ts";
import type { TWork } from "../work-queue/work.ts";


/**
 * The CTE `split`: counts `count` unpinned runs on the rollout, if it is still running and
 * `when` holds (the charge of the same statement went through, so a refused run counts
 * nothing). `before` is n before them; the i-th of them (1-based) is the (before + i)-th run,
 * sent to the candidate when floor(n·p/100) passes floor((n−1)·p/100), so exactly
 * floor(n·p/100) of n go there. The UPDATE's row lock orders concurrent acceptances. A
 * rollout that ended since it was read updates nothing: its runs go to the active version.
 */
export function rolloutSplitCte(split: TRolloutSplit, count: number, when: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`split AS (
      UPDATE rollouts SET split_runs = split_runs + ${count}::int,
        candidate_runs = ((split_runs + ${count}::int)::bigint * percent / 100)::int
      WHERE id = ${split.rolloutId}::uuid AND status = 'running' AND ${when}
      RETURNING id, version, percent, split_runs - ${count}::int AS before)`;
}

/** For the i-th (1-based, `position`) run counted by `split` s: whether it goes to the candidate. */
export const toCandidateSql = (position: Prisma.Sql) =>
  Prisma.sql`((s.before + ${position})::bigint * s.percent / 100 > (s.before + ${position} - 1)::bigint * s.percent / 100)`;

/** The version, rollout id and arm columns of a split run (`s` LEFT JOINed: null when not split). */
export function splitColumnsSql(activeVersion: number, position: Prisma.Sql): Prisma.Sql {
  const candidate = toCandidateSql(position);
  return Prisma.sql`CASE WHEN s.id IS NOT NULL AND ${candidate} THEN s.version ELSE ${activeVersion}::int END,
    s.id, CASE WHEN s.id IS NULL THEN NULL WHEN ${candidate} THEN 'candidate' ELSE 'baseline' END`;
}

/**
 * A batch's runs (inserted on the active version in this transaction, after their charge)
 * split in row order: each row is one unpinned run of the rollout. Answers how many went to
 * the candidate.
 */
export async function splitBatchRuns(tx: Prisma.TransactionClient, split: TRolloutSplit, runIds: string[]): Promise<number> {
  if (runIds.length === 0) return 0;
  return tx.$executeRaw`
    WITH ${rolloutSplitCte(split, runIds.length, Prisma.sql`true`)},
    input AS (SELECT * FROM unnest(${runIds}::uuid[]) WITH ORDINALITY AS row(run_id, position))
    UPDATE runs r SET rollout_id = s.id,
      rollout_arm = CASE WHEN ${toCandidateSql(Prisma.sql`input.position`)} THEN 'candidate' ELSE 'baseline' END,
      agent_version = CASE WHEN ${toCandidateSql(Prisma.sql`input.position`)} THEN s.version ELSE r.agent_version END
    FROM split s, input
    WHERE r.id = input.run_id`;
}

export type TGuardRolloutPayload = { rolloutId: string };

/**
 * The guard's check after a decision on a candidate run (src/jobs/functions/guard-rollout.ts):
 * one per decided item (its key), written in the deciding transaction.
 */
export function guardRolloutWork(rolloutId: string, triageItemId: string): TWork<TGuardRolloutPayload> {
  return { job: "guard-rollout", payload: { rolloutId }, key: triageItemId };
}
