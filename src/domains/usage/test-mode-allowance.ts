// Test mode is free, but a model call is not (docs/api-conventions.md, "Test mode and
// models"): each organization may start TEST_MODE_MODEL_RUNS_PER_DAY model-backed runs
// (and review rounds) per UTC day in test mode. The count is one row per organization and
// day (test_mode_model_runs), raised by ONE conditional upsert in the statement or
// transaction that accepts the work: the row's lock orders concurrent requests on every
// instance, and the condition is checked against its latest version, so the allowance can
// never be passed, and refused work counts nothing.
import type { TDatabase } from "../../foundation/db/client.ts";
import { env } from "../../foundation/env.ts";
import { AppError } from "../../foundation/errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";

type TClient = TDatabase | Prisma.TransactionClient;

/** The UTC day `now` falls in (as a date) and the moment the next one begins. */
export function allowanceDay(now = new Date()): { day: string; resetsAt: Date } {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { day: new Date(start).toISOString().slice(0, 10), resetsAt: new Date(start + 24 * 3600 * 1000) };
}

/**
 * The CTE `charged`: one row (the day's count after this request) when the allowance
 * covers `count` more model-backed runs and they were counted; none when it does not
 * (nothing counted). The first request of a day inserts the row; a concurrent one that
 * finds it meanwhile updates it under its lock, the condition re-checked there.
 */
export function countTestModeModelRunsSql(organizationId: string, count: number, now = new Date()): Prisma.Sql {
  const allowance = env().TEST_MODE_MODEL_RUNS_PER_DAY;
  const { day } = allowanceDay(now);
  return Prisma.sql`
    charged AS (
      INSERT INTO test_mode_model_runs AS kept (organization_id, day, runs, updated_at)
      SELECT ${organizationId}::uuid, ${day}::date, ${count}::int, ${now}::timestamptz
      WHERE ${count}::int <= ${allowance}::int
      ON CONFLICT (organization_id, day) DO UPDATE SET runs = kept.runs + EXCLUDED.runs, updated_at = EXCLUDED.updated_at
        WHERE kept.runs + EXCLUDED.runs <= ${allowance}::int
      RETURNING kept.runs)`;
}

/** The 429 for work the day's allowance does not cover, with what was used (read after the refusal). */
export async function allowanceExhausted(client: TClient, organizationId: string, count: number, now = new Date()): Promise<AppError> {
  const allowance = env().TEST_MODE_MODEL_RUNS_PER_DAY;
  const { day, resetsAt } = allowanceDay(now);
  const statement = Prisma.sql`SELECT runs FROM test_mode_model_runs WHERE organization_id = ${organizationId}::uuid AND day = ${day}::date`;
  const [row] = await client.$queryRaw<{ runs: number }[]>(statement);
  const used = Math.min(allowance, row?.runs ?? 0);
  const left = allowance - used;
  const what = count === 1 ? "a model-backed run" : `${count} model-backed runs`;
  return new AppError(
    "test_mode_allowance_exhausted",
    `Test mode allows ${allowance} model-backed runs per organization per day (UTC) and ${left} remain today; ` +
      `this request needs ${what}. Nothing was accepted: use a live key, or retry after ${resetsAt.toISOString()}`,
    { allowance, used, resets_at: resetsAt.toISOString() },
    { "Retry-After": String(Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000))) },
  );
}

/**
 * Counts `count` model-backed test-mode runs (a batch's, a review round) inside the caller's
 * transaction, or throws `test_mode_allowance_exhausted` (429) so the transaction rolls back.
 */
export async function countTestModeModelRuns(tx: Prisma.TransactionClient, organizationId: string, count: number): Promise<void> {
  if (count <= 0) return;
  const now = new Date();
  const [outcome] = await tx.$queryRaw<{ counted: boolean }[]>`
    WITH ${countTestModeModelRunsSql(organizationId, count, now)} SELECT EXISTS (SELECT 1 FROM charged) AS counted`;
  if (!outcome?.counted) throw await allowanceExhausted(tx, organizationId, count, now);
}
