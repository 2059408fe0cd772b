"use client";
// The Quality page's choices live in the URL (?agent=…&days=30&target=0.95), so a view can be
// shared and survives a reload. Defaults are left out of the URL.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

export const PERIOD_DAYS = [7, 30, 90] as const;
export type TPeriodDays = (typeof PERIOD_DAYS)[number];
export const DEFAULT_DAYS: TPeriodDays = 30;
export const DEFAULT_TARGET = 0.95;

export type TQualityParams = { agent: string | null; days: TPeriodDays; target: number };

export function readQualityParams(params: URLSearchParams): TQualityParams {
  const days = Number(params.get("days"));
  const target = Number(params.get("target"));
  return {
    agent: params.get("agent") || null,
    days: (PERIOD_DAYS as readonly number[]).includes(days) ? (days as TPeriodDays) : DEFAULT_DAYS,
    // The API takes a target in (0, 1]; anything else in the URL falls back to the default.
    target: params.has("target") && target > 0 && target <= 1 ? target : DEFAULT_TARGET,
  };
}

export function writeQualityParams(choice: TQualityParams): string {
  const params = new URLSearchParams();
  if (choice.agent) params.set("agent", choice.agent);
  if (choice.days !== DEFAULT_DAYS) params.set("days", String(choice.days));
  if (choice.target !== DEFAULT_TARGET) params.set("target", String(choice.target));
  return params.toString();
}

export function useQualityParams(): [TQualityParams, (change: Partial<TQualityParams>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const choice = useMemo(() => readQualityParams(new URLSearchParams(params.toString())), [params]);
  const setChoice = useCallback(
    (change: Partial<TQualityParams>) => {
      const query = writeQualityParams({ ...choice, ...change });
      // replace: a change of view is not a page the Back button should step through.
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [choice, router, pathname],
  );
  return [choice, setChoice];
}

/**
 * The agent the page opens on when the URL names none: the one with the most judged runs in
 * the period (the most evidence to read), else the first listed. Reports still loading count
 * as unknown: the choice waits until every one is in (`null`).
 */
export function mostJudgedAgent(reports: { name: string; judged: number | undefined }[]): string | null {
  if (reports.length === 0) return null;
  if (reports.some((report) => report.judged === undefined)) return null;
  let best = reports[0]!;
  for (const report of reports) if ((report.judged ?? 0) > (best.judged ?? 0)) best = report;
  return best.name;
}
