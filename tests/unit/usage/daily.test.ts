// Zero-filling the usage chart's days: every UTC day of the period up to today.
import { describe, expect, it } from "vitest";
import { fillDays } from "../../../src/domains/usage/daily.ts";
import { billingPeriod } from "../../../src/domains/usage/plans.ts";

const range = (now: string) => {
  const today = new Date(now);
  const period = billingPeriod(today);
  return { periodStart: period.start, periodEnd: period.end, today };
};

describe("fillDays", () => {
  it("lists every day from the first of the month through today, zeros where nothing happened", () => {
    const days = fillDays([{ date: "2025-03-02", credits: 7, runs: 3 }], range("2025-03-04T12:00:00Z"));
    expect(days).toEqual([
      { date: "2025-03-01", credits: 0, runs: 0 },
      { date: "2025-03-02", credits: 7, runs: 3 },
      { date: "2025-03-03", credits: 0, runs: 0 },
      { date: "2025-03-04", credits: 0, runs: 0 },
    ]);
  });

  it("has one day on the first of the month, even at midnight UTC", () => {
    expect(fillDays([], range("2025-03-01T00:00:00Z"))).toEqual([{ date: "2025-03-01", credits: 0, runs: 0 }]);
  });

  it("covers a whole 31-day month on its last second and a leap February", () => {
    expect(fillDays([], range("2025-01-31T23:59:59.999Z"))).toHaveLength(31);
    const february = fillDays([{ date: "2024-02-29", credits: 1, runs: 1 }], range("2024-02-29T08:00:00Z"));
    expect(february).toHaveLength(29);
    expect(february.at(-1)).toEqual({ date: "2024-02-29", credits: 1, runs: 1 });
  });

  it("ignores rows outside the range and never runs past the period's end", () => {
    const march = billingPeriod(new Date("2025-03-10T00:00:00Z"));
    const days = fillDays(
      [
        { date: "2025-02-28", credits: 5, runs: 5 },
        { date: "2025-04-01", credits: 5, runs: 5 },
      ],
      { periodStart: march.start, periodEnd: march.end, today: new Date("2025-04-02T00:00:00Z") },
    );
    expect(days).toHaveLength(31);
    expect(days.every((day) => day.credits === 0 && day.runs === 0)).toBe(true);
  });
});
