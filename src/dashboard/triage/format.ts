// Small formatters of the triage queue (pure: unit-tested in tests/unit/dashboard/triage-queue.test.ts
// and tests/unit/dashboard/decision-labels.test.ts).

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

export type TBulkTotal = {
  currency: string;
  /** Money that goes out: the AP payments plus other outputs' amounts (holds excluded). */
  amount: number;
  /** Outputs counted in `amount` (payments and others). */
  items: number;
  /** AP proposals to pay (decision approve_payment). */
  payments: number;
  /** AP proposals to hold: approving them holds, so their amounts are not counted. */
  holds: number;
};

export type TBulkSummary = {
  count: number;
  agents: { name: string; count: number }[];
  totals: TBulkTotal[];
  withoutAmount: number;
};

/**
 * What a bulk approval would do: how many items, of which agents, and per currency the money
 * that goes out. An approved hold holds, so a held invoice counts as a hold, not an amount.
 */
export function summarizeSelection(items: { agent: string; output: unknown }[]): TBulkSummary {
  const agents = new Map<string, number>();
  const totals = new Map<string, { cents: number; items: number; payments: number; holds: number }>();
  let withoutAmount = 0;
  for (const item of items) {
    agents.set(item.agent, (agents.get(item.agent) ?? 0) + 1);
    const amount = amountOf(item.output);
    const proposal = apProposalOf(item.output);
    if (!amount) {
      withoutAmount += 1;
      continue;
    }
    const total = totals.get(amount.currency) ?? { cents: 0, items: 0, payments: 0, holds: 0 };
    if (proposal?.decision === "hold") total.holds += 1;
    else {
      // Summed in cents, so 0.1 + 0.2 stays 0.30.
      total.cents += Math.round(amount.amount * 100);
      total.items += 1;
      if (proposal?.decision === "approve_payment") total.payments += 1;
    }
    totals.set(amount.currency, total);
  }
  return {
    count: items.length,
    agents: [...agents].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    totals: [...totals].map(([currency, total]) => ({ currency, amount: total.cents / 100, items: total.items, payments: total.payments, holds: total.holds })),
    withoutAmount,
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** One currency's line of the bulk summary: "USD 75.00 over 1 payment, 1 hold". */
export function describeBulkTotal(total: TBulkTotal): string {
  const others = total.items - total.payments;
  const counted = [
    ...(total.payments > 0 || others === 0 ? [plural(total.payments, "payment")] : []),
    ...(others > 0 ? [plural(others, total.payments > 0 ? "other item" : "item")] : []),
  ].join(" and ");
  const holds = total.holds > 0 ? `, ${plural(total.holds, "hold")}` : "";
  return `${formatAmount(total.amount, total.currency)} over ${counted}${holds}`;
}

/** 1234.5, "USD" → "USD 1,234.50" (no currency: the number alone). */
export function formatAmount(amount: number, currency: string): string {
  const number = amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${number}` : number;
}

/**
 * What an AP proposal does if it stands: pay an amount, or hold the invoice. Read from the
 * output's own `decision` (approve_payment or hold) and `amount_due`; null for any other output.
 */
export type TApProposal = { decision: "approve_payment" | "hold"; amount: number | null; currency: string };

export function apProposalOf(output: unknown): TApProposal | null {
  if (!output || typeof output !== "object" || Array.isArray(output)) return null;
  const record = output as Record<string, unknown>;
  if (record.decision !== "approve_payment" && record.decision !== "hold") return null;
  const amount = amountOf(output);
  return { decision: record.decision, amount: amount?.amount ?? null, currency: amount?.currency ?? "" };
}

/** 300, "USD" → "300.00 USD" (the order a button reads: "Pay 300.00 USD"). */
export function formatMoney(amount: number, currency: string): string {
  const number = amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${number} ${currency}` : number;
}

/**
 * The decision buttons named by their effect where the output says it. The API's approve
 * makes the proposal stand (a payment pays, a hold holds); its reject cancels the run with
 * no output, so nothing is paid either way (docs/api-conventions.md, "What a decision does
 * to an AP run"). `…Hint` is the longer sentence (the button's description).
 */
export type TDecisionLabels = { approve: string; approveHint: string; reject: string; rejectHint: string };

export function decisionLabels(output: unknown): TDecisionLabels {
  const proposal = apProposalOf(output);
  const cancelled = "the run is cancelled with no output";
  if (proposal?.decision === "approve_payment") {
    const money = proposal.amount === null ? "" : ` ${formatMoney(proposal.amount, proposal.currency)}`;
    return {
      approve: `Pay${money}`,
      approveHint: `Approve: the run completes with approve_payment${money}.`,
      reject: "Don't pay",
      rejectHint: `Reject: ${cancelled}; nothing is paid.`,
    };
  }
  if (proposal?.decision === "hold") {
    return {
      approve: "Hold",
      approveHint: "Approve the hold: the run completes with decision hold; nothing is paid.",
      reject: "Reject",
      rejectHint: `Reject: ${cancelled} (not held); nothing is paid.`,
    };
  }
  return {
    approve: "Approve",
    approveHint: "Approve: the run completes with the proposed output.",
    reject: "Reject",
    rejectHint: `Reject: ${cancelled}.`,
  };
}

/**
 * What a decided item did, in words, for "Recently resolved": "Paid 300.00 USD", "Held",
 * "Not paid (rejected)", "Sent back for changes". `output` is what the run completed with
 * (an approval, edited or not); `proposed` the item's proposal.
 */
export function describeOutcome(item: { status: string; verdict?: string | null; proposed_output: unknown; output?: unknown }): string {
  switch (item.status) {
    case "approved": {
      const proposal = apProposalOf(item.output ?? item.proposed_output);
      if (proposal?.decision === "approve_payment") return proposal.amount === null ? "Paid" : `Paid ${formatMoney(proposal.amount, proposal.currency)}`;
      if (proposal?.decision === "hold") return "Held";
      return "Approved";
    }
    case "rejected":
      return apProposalOf(item.proposed_output) ? "Not paid (rejected)" : "Rejected";
    case "changes_requested":
      return "Sent back for changes";
    case "checked":
      return item.verdict === "incorrect" ? "Checked: incorrect" : "Checked: correct";
    default:
      return item.status;
  }
}
