// Reads an Inngest function's public options (fn.opts) the way an Inngest server would.
// Keys and priorities are CEL expressions; the SDK ships no evaluator, so the embedded
// executor supports `event.data.<path>` and refuses anything else loudly.
import type { InngestFunction } from "inngest";

type TEvent = { name: string; data?: unknown };
type TConcurrency = number | { limit: number; key?: string; scope?: string };

export function evaluateEventPath(expression: string, event: TEvent): unknown {
  const match = /^event\.data((?:\.[A-Za-z_][A-Za-z0-9_]*)+)$/.exec(expression.trim());
  if (!match) throw new Error(`Embedded executor supports only event.data.<path> expressions, got "${expression}"`);
  let value: unknown = event.data;
  for (const part of match[1]!.slice(1).split(".")) {
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}

type TOptions = {
  triggers?: { event?: string }[];
  onFailure?: unknown;
  retries?: number;
  concurrency?: TConcurrency | TConcurrency[];
  idempotency?: string;
  priority?: { run?: string };
};

export function optionsOf(fn: InngestFunction.Any): TOptions {
  return (fn as unknown as { opts: TOptions }).opts;
}

export function triggerEvents(fn: InngestFunction.Any): string[] {
  return (optionsOf(fn).triggers ?? []).flatMap((trigger) => (trigger.event ? [trigger.event] : []));
}

/** True when the function declares an `onFailure` handler (the SDK serves it as "<id>-failure"). */
export function hasFailureHandler(fn: InngestFunction.Any): boolean {
  return typeof optionsOf(fn).onFailure === "function";
}

export function maxAttempts(fn: InngestFunction.Any): number {
  return (optionsOf(fn).retries ?? 3) + 1; // Inngest's default is 3 retries
}

/** The keyed limit a run of this function counts against (the tightest one). */
export function concurrencyFor(fn: InngestFunction.Any, event: TEvent): { key: string; limit: number } | null {
  const raw = optionsOf(fn).concurrency;
  if (raw === undefined) return null;
  const entries = (Array.isArray(raw) ? raw : [raw]).map((entry) => (typeof entry === "number" ? { limit: entry } : entry));
  const limits = entries.map((entry) => ({
    key: entry.key ? `${String(evaluateEventPath(entry.key, event))}` : "*",
    limit: entry.limit,
  }));
  return limits.sort((a, b) => a.limit - b.limit)[0] ?? null;
}

export function idempotencyKeyFor(fn: InngestFunction.Any, event: TEvent): string | null {
  const expression = optionsOf(fn).idempotency;
  if (!expression) return null;
  const value = evaluateEventPath(expression, event);
  return value === undefined || value === null ? null : String(value);
}

export function priorityFor(fn: InngestFunction.Any, event: TEvent): number {
  const expression = optionsOf(fn).priority?.run;
  if (!expression) return 0;
  // A whole-number literal (a fixed priority for every run of the function) or an event path.
  const literal = /^\s*(-?\d+)\s*$/.exec(expression);
  const value = literal ? Number(literal[1]) : Number(evaluateEventPath(expression, event));
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}
