// Day buckets of a billing period: the database returns only the days that had activity;
// the chart wants every day of the period up to today, in UTC, with zeros in between.

export type TDayUsage = { date: string; credits: number; runs: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** "YYYY-MM-DD" of a date in UTC. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Every UTC day from `periodStart` through `today` (inclusive, capped at `periodEnd`
 * exclusive), each with the matching row's numbers or zeros. Rows outside the range are
 * ignored.
 */
export function fillDays(
  rows: readonly TDayUsage[],
  range: { periodStart: Date; periodEnd: Date; today: Date },
): TDayUsage[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const start = Date.UTC(range.periodStart.getUTCFullYear(), range.periodStart.getUTCMonth(), range.periodStart.getUTCDate());
  const last = Math.min(range.today.getTime(), range.periodEnd.getTime() - 1);
  const days: TDayUsage[] = [];
  for (let time = start; time <= last; time += DAY_MS) {
    const date = utcDay(new Date(time));
    const row = byDate.get(date);
    days.push({ date, credits: row?.credits ?? 0, runs: row?.runs ?? 0 });
  }
  return days;
}
