// A retry schedule as the settings write it ("5s,30s,2m,…": WEBHOOK_RETRY_SCHEDULE,
// REVIEW_MESSAGE_RETRY_SCHEDULE; env.ts checks the shape at start-up): the waits between
// attempts, in milliseconds. One schedule of n waits gives n + 1 attempts.
const DURATION = /^(\d+)(ms|s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseRetrySchedule(value: string, setting: string): number[] {
  return value.split(",").map((delay) => {
    const match = DURATION.exec(delay.trim());
    if (!match) throw new Error(`${setting}: cannot read "${delay}"`);
    return Number(match[1]) * UNIT_MS[match[2]!]!;
  });
}
