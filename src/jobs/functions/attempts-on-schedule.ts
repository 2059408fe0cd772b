// Attempts on a retry schedule, as webhook deliveries and review messages make them: each
// attempt is one step (saved with the time its retry falls due), each wait a durable timer
// to that time, so a restart neither loses a pending retry nor moves it. After the last
// delay comes one more attempt: a schedule of n delays makes n + 1 attempts.
import type { TJobIO } from "../job.ts";

export type TScheduledAttempt<T> = {
  /** Saved as the step's result, beside `retryAt`: what a replay reads back. */
  attempt: (number: number, delayMs: number | null) => Promise<T>;
  /** Whether no further attempt follows this result (delivered, or retrying cannot help). */
  done: (result: T) => boolean;
};

/** Answers how many attempts were made and the last one's result. */
export async function attemptOnSchedule<T extends object>(io: TJobIO, scheduleMs: number[], spec: TScheduledAttempt<T>): Promise<{ attempts: number; last: T }> {
  for (let number = 1; ; number += 1) {
    const delayMs = scheduleMs[number - 1] ?? null;
    const result = await io.run(`attempt-${number}`, async () => ({
      ...(await spec.attempt(number, delayMs)),
      retryAt: delayMs === null ? null : Date.now() + delayMs,
    }));
    if (spec.done(result) || result.retryAt === null) return { attempts: number, last: result };
    await io.sleepUntil(`wait-after-${number}`, new Date(result.retryAt));
  }
}
