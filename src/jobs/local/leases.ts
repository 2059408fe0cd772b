// An engine's claim on a job is a lease: `locked_by` its instance, `locked_until` a
// moment it renews while the job runs. A crashed process stops renewing, so its jobs are
// taken back once the lease runs out; a process shutting down hands them back at once.
import { db } from "../../foundation/db/client.ts";

/**
 * Queues again every job whose lease ran out (its engine crashed or stalled), or with `all`
 * every running job (at start on the embedded database, whose one owner is this process).
 */
export async function reclaimExpiredLeases(options: { all?: boolean } = {}): Promise<number> {
  const { count } = await db().jobRun.updateMany({
    where: options.all ? { status: "running" } : { status: "running", lockedUntil: { lt: new Date() } },
    data: { status: "queued", lockedBy: null, lockedUntil: null },
  });
  return count;
}

/** Extends the leases this engine still holds on `jobIds`. */
export async function renewLeases(instanceId: string, jobIds: string[], leaseMs: number): Promise<void> {
  if (jobIds.length === 0) return;
  await db().jobRun.updateMany({
    where: { id: { in: jobIds }, lockedBy: instanceId },
    data: { lockedUntil: new Date(Date.now() + leaseMs) },
  });
}

/**
 * Hands back every job this engine holds: queued again, runnable now, so another
 * instance takes it over at once instead of after the lease. Safe because every
 * function's parts may run again: execute-run carries on with a run already running and
 * records an outcome only while the run is running (credits are charged at acceptance,
 * deliveries are keyed by event id); start-batch hands back only rows still waiting and
 * each run request's event id is its run's; deliver-webhook re-sends the step's request
 * with the same event id (receivers de-duplicate on it) as one more attempt;
 * fan-out-run-event's deliveries are keyed. Steps already saved are not run again.
 * Whatever this process still does for a released job cannot be saved: every write of a
 * job's state is guarded by `locked_by`.
 */
export async function releaseClaims(instanceId: string): Promise<number> {
  const { count } = await db().jobRun.updateMany({
    where: { lockedBy: instanceId, status: "running" },
    data: { status: "queued", lockedBy: null, lockedUntil: null },
  });
  return count;
}
