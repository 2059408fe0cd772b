"use client";
// The quality reports the page shows, all from agents.quality (GET /v1/agents/{name}/quality):
// the chosen period, consecutive slices of it (review rate over time) and each version.
import { useQueries, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc";

export type TReportInput = { name: string; from: string; to: string; target_agreement: number; version?: number };

export function useQualityReport(input: TReportInput) {
  return useQuery(useTRPC().agents.quality.queryOptions(input));
}

export function useQualityReports(inputs: TReportInput[]) {
  const trpc = useTRPC();
  return useQueries({ queries: inputs.map((input) => trpc.agents.quality.queryOptions(input)) });
}

/** What to refresh after the threshold changed: every quality report in the cache. */
export function useQualityQueryKey() {
  return useTRPC().agents.quality.pathKey();
}
