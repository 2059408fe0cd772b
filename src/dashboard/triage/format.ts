// Small formatters of the triage queue (pure: unit-tested in tests/unit/dashboard/triage-format.test.ts).

/** 0.42 → "42%"; no score → "—". */
export function formatConfidence(score: number | null | undefined): string {
  return score === null || score === undefined ? "—" : `${Math.round(score * 100)}%`;
}

/** How long an item has waited, coarse: "just now", "4 min", "3 h", "2 d". */
export function formatAge(createdAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** A span of minutes, coarse but exact enough to act on: "45 min", "3 h 5 min", "2 d 4 h". */
export function formatSpan(totalMinutes: number): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export type TDueState = { overdue: boolean; label: string };

/** "2 h 10 min left" or "overdue by 35 min", from the item's `due_at`; null without one. */
export function describeDue(dueAt: string | null | undefined, now: number): TDueState | null {
  if (!dueAt) return null;
  const minutes = (new Date(dueAt).getTime() - now) / 60_000;
  return minutes > 0 ? { overdue: false, label: `${formatSpan(Math.ceil(minutes))} left` } : { overdue: true, label: `overdue by ${formatSpan(-minutes)}` };
}

/** Parses an editor's text: a JSON object, or a message a reviewer can act on. */
export function parseOutputObject(
  text: string,
  subject = "The output",
  example = '{ "decision": "pay" }',
): { value: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { error: `${subject} must be a JSON object, e.g. ${example}.` };
  }
  return { value: value as Record<string, unknown> };
}

const AMOUNT_FIELDS = ["amount_due", "amount", "total"] as const;

/** The amount an output proposes (its first of amount_due, amount, total that is a number) and its currency. */
export function amountOf(output: unknown): { amount: number; currency: string } | null {
  if (!output || typeof output !== "object" || Array.isArray(output)) return null;
  const record = output as Record<string, unknown>;
  const field = AMOUNT_FIELDS.find((name) => typeof record[name] === "number" && Number.isFinite(record[name]));
  if (!field) return null;
  return { amount: record[field] as number, currency: typeof record.currency === "string" ? record.currency : "" };
}

export type TBulkSummary = {
  count: number;
  agents: { name: string; count: number }[];
  totals: { currency: string; amount: number; items: number }[];
  withoutAmount: number;
};

/** What a bulk approval would do: how many items, of which agents, and the amounts per currency. */
export function summarizeSelection(items: { agent: string; output: unknown }[]): TBulkSummary {
  const agents = new Map<string, number>();
  const totals = new Map<string, { cents: number; items: number }>();
  let withoutAmount = 0;
  for (const item of items) {
    agents.set(item.agent, (agents.get(item.agent) ?? 0) + 1);
    const amount = amountOf(item.output);
    if (!amount) {
      withoutAmount += 1;
      continue;
    }
    const total = totals.get(amount.currency) ?? { cents: 0, items: 0 };
    // Summed in cents, so 0.1 + 0.2 stays 0.30.
    total.cents += Math.round(amount.amount * 100);
    total.items += 1;
    totals.set(amount.currency, total);
  }
  return {
    count: items.length,
    agents: [...agents].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    totals: [...totals].map(([currency, total]) => ({ currency, amount: total.cents / 100, items: total.items })),
    withoutAmount,
  };
}

/** 1234.5, "USD" → "USD 1,234.50" (no currency: the number alone). */
export function formatAmount(amount: number, currency: string): string {
  const number = amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${number}` : number;
}
