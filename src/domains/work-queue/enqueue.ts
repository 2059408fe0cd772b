// Writing work where the work is created. The statement goes into the caller's transaction
// (or, for POST /v1/run, into the very statement that inserts the run and its charge), so
// work that commits always has its job and work that rolls back has none. With the local
// engine the row is the job itself (`job_runs`); with an Inngest server it is an outbox row
// (`job_outbox`) that the relay sends on (src/jobs/inngest/outbox-relay.ts).
import { Prisma } from "../../generated/prisma/client.ts";
import { publishChange } from "../../foundation/change-notifier.ts";
import { runDetached } from "../../foundation/detached.ts";
import { usesInngestServer } from "../../foundation/env.ts";
import { JOB_SPECS, waitKeyOf, type TJobSpecs, type TStatementClient, type TWaitEvent, type TWork } from "./work.ts";

/** The change topic that wakes the engine (the executor's loop or the outbox relay). */
export const WORK_QUEUED_TOPIC = "work-queued";

/** The id under which a job's event is sent to Inngest: the job and its key, so a repeat is one event. */
export const outboxEventId = (work: Pick<TWork, "job" | "key">): string => `${work.job}:${work.key}`;

/** The data of the Inngest event that triggers `work`: its payload and the request's options. */
export function outboxEventData(work: TWork) {
  return { payload: work.payload, key: work.key, concurrencyKey: work.concurrencyKey ?? work.key, priority: work.priority ?? 0 };
}

/**
 * One INSERT of every request, skipping any whose key already has its job (or outbox row).
 * `when`, if given, is a condition the rows are inserted under (e.g. that the charge of the
 * same statement went through).
 */
export function enqueueWorkSql(works: readonly TWork[], when?: Prisma.Sql, specs: TJobSpecs = JOB_SPECS): Prisma.Sql {
  if (works.length === 0) throw new Error("enqueueWorkSql: no work");
  const guard = when ? Prisma.sql`WHERE ${when}` : Prisma.empty;
  if (usesInngestServer()) {
    const rows = works.map(
      (work, position) => Prisma.sql`(${outboxEventId(work)}, ${specOf(specs, work).event}, ${JSON.stringify(outboxEventData(work))}::jsonb, ${position}::int)`,
    );
    return Prisma.sql`
      INSERT INTO job_outbox (event_id, name, data)
      SELECT event_id, name, data FROM (VALUES ${Prisma.join(rows)}) AS work(event_id, name, data, position) ${guard}
      ORDER BY position
      ON CONFLICT (event_id) DO NOTHING`;
  }
  const rows = works.map((work, position) => {
    const spec = specOf(specs, work);
    const limited = spec.concurrencyLimit !== null;
    return Prisma.sql`(${work.job}, ${JSON.stringify(work.payload)}::jsonb, ${work.key}, ${limited ? (work.concurrencyKey ?? work.key) : null}::text,
      ${spec.concurrencyLimit}::int, ${work.priority ?? 0}::int, ${spec.retries + 1}::int, ${position}::int)`;
  });
  return Prisma.sql`
    INSERT INTO job_runs (id, function_id, payload, idempotency_key, concurrency_key, concurrency_limit, priority, max_attempts, updated_at)
    SELECT gen_random_uuid(), function_id, payload, idempotency_key, concurrency_key, concurrency_limit, priority, max_attempts, now()
    FROM (VALUES ${Prisma.join(rows)}) AS work(function_id, payload, idempotency_key, concurrency_key, concurrency_limit, priority, max_attempts, position)
    ${guard}
    ORDER BY position
    ON CONFLICT (function_id, idempotency_key) DO NOTHING`;
}

function specOf(specs: TJobSpecs, work: TWork) {
  const spec = specs[work.job];
  if (!spec) throw new Error(`No job is named ${work.job}`);
  return spec;
}

/** Enqueues in the caller's transaction; call `announceWorkQueued` once it has committed. */
export async function enqueueWork(client: TStatementClient, works: readonly TWork[], specs: TJobSpecs = JOB_SPECS): Promise<void> {
  if (works.length === 0) return;
  await client.$executeRaw(enqueueWorkSql(works, undefined, specs));
}

/**
 * Resolves the jobs waiting for this event (local engine: in the caller's transaction, so a
 * decision and the wake-up of whatever waits on it commit together), or puts it in the
 * outbox for Inngest, which resolves its own waits.
 */
export async function publishWaitEvent(client: TStatementClient, event: TWaitEvent): Promise<void> {
  if (usesInngestServer()) {
    await client.$executeRaw(Prisma.sql`
      INSERT INTO job_outbox (event_id, name, data) VALUES (${event.id}, ${event.name}, ${JSON.stringify(event.data)}::jsonb)
      ON CONFLICT (event_id) DO NOTHING`);
    return;
  }
  await client.$executeRaw(Prisma.sql`
    UPDATE job_runs SET status = 'queued', run_after = now(), updated_at = now(),
      steps = steps || jsonb_build_object(waiting_for, jsonb_build_object('type', 'data', 'data', ${JSON.stringify({ name: event.name, id: event.id, data: event.data })}::jsonb))
    WHERE status = 'waiting' AND wait_event = ${event.name} AND wait_key = ${waitKeyOf(event)}`);
}

/**
 * Wakes the engine after a commit that queued work. Only a wake-up: the engine also polls,
 * so a lost one delays the work, never loses it.
 */
export function announceWorkQueued(): void {
  runDetached(publishChange(WORK_QUEUED_TOPIC), "waking the job engine");
}
