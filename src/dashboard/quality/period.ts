// The periods the Quality page asks reports for: the chosen one, ending now, and its
// consecutive slices for the review rate over time.
import type { TPeriodDays } from "./use-quality-params";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How the period is cut for the review rate over time: days per slice (7 days: daily; 30: 5 × 6 days; 90: 9 × 10 days). */
const SLICE_DAYS: Record<TPeriodDays, number> = { 7: 1, 30: 6, 90: 10 };

export type TSlice = { from: string; to: string };

/** Consecutive slices ending at `now`, oldest first. */
export function periodSlices(now: Date, days: TPeriodDays): TSlice[] {
  const length = SLICE_DAYS[days] * DAY_MS;
  const count = Math.round(days / SLICE_DAYS[days]);
  return Array.from({ length: count }, (_, index) => {
    const end = now.getTime() - (count - 1 - index) * length;
    return { from: new Date(end - length).toISOString(), to: new Date(end).toISOString() };
  });
}

export function periodStart(now: Date, days: TPeriodDays): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}
