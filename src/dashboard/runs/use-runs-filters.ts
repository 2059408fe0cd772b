"use client";
// The runs list's filters live in the URL (?status=…&agent=…&q=…&from=2026-11-01&to=2026-11-26),
// so a search can be shared and survives a reload. Defaults are left out of the URL.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { AGENT_TYPES, type TAgentType } from "../../domains/agents/agent-types";
import { RUN_STATUS_OPTIONS, type TRunStatus } from "./types";

/** `from` and `to` are calendar days in the viewer's time zone, both included. */
export type TRunsFilters = { status: TRunStatus | ""; agent: TAgentType | ""; q: string; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | "" =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : "";

export function readRunsFilters(params: URLSearchParams): TRunsFilters {
  const day = (name: string) => (DAY.test(params.get(name) ?? "") ? params.get(name)! : "");
  return {
    status: pick(params.get("status"), RUN_STATUS_OPTIONS),
    agent: pick(params.get("agent"), AGENT_TYPES),
    q: (params.get("q") ?? "").slice(0, 100),
    from: day("from"),
    to: day("to"),
  };
}

export function writeRunsFilters(filters: TRunsFilters): string {
  const params = new URLSearchParams();
  for (const name of ["status", "agent", "q", "from", "to"] as const) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  return params.toString();
}

/**
 * The API's window for the chosen days: [start of `from`, start of the day after `to`) in the
 * viewer's time zone, as ISO instants (created_from is inclusive, created_to exclusive).
 */
export function createdWindow(filters: Pick<TRunsFilters, "from" | "to">): { created_from?: string; created_to?: string } {
  const startOf = (day: string, addDays = 0) => {
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    return new Date(year, month - 1, date + addDays).toISOString();
  };
  return {
    ...(filters.from ? { created_from: startOf(filters.from) } : {}),
    ...(filters.to ? { created_to: startOf(filters.to, 1) } : {}),
  };
}

export function useRunsFilters(): [TRunsFilters, (change: Partial<TRunsFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const fromUrl = useMemo(() => readRunsFilters(new URLSearchParams(params.toString())), [params]);
  // The choice shows at once; the URL follows a moment later (a router transition).
  const [chosen, setChosen] = useState<TRunsFilters | null>(null);
  useEffect(() => setChosen(null), [fromUrl]);
  const filters = chosen ?? fromUrl;
  const setFilters = useCallback(
    (change: Partial<TRunsFilters>) => {
      const next = { ...filters, ...change };
      setChosen(next);
      const query = writeRunsFilters(next);
      // replace, not push: a filter change is not a page the Back button should step through.
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [filters, router, pathname],
  );
  return [filters, setFilters];
}
