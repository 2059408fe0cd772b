// What each plan includes (docs/contract.md, "Plans and credits").
export const INCLUDED_MONTHLY_CREDITS: Record<string, number | "unlimited"> = {
  starter: 0,
  pro: 0,
  team: 0,
  growth: 10_000,
  enterprise: "unlimited",
};

export const TOPUP_PRICE_PER_1000_USD = 10;

/** The billing period a date falls in: its UTC month, "YYYY-MM". */
export function billingPeriod(date = new Date()): { label: string; start: Date; end: Date } {
  const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const end = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return { label: start.toISOString().slice(0, 7), start, end };
}
