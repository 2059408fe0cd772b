// Evaluations and rollouts as the dashboard reads them (the procedures behind
// /v1/agents/{name}/evaluations and /v1/agents/{name}/rollout; docs/api-conventions.md).
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";

type TOutputs = inferRouterOutputs<TAppRouter>;
export type TEvaluation = TOutputs["evaluations"]["get"]["evaluation"];
export type TEvaluationCase = TOutputs["evaluations"]["cases"]["data"][number];
export type TRollout = TOutputs["rollouts"]["get"]["rollout"];
export type TVersionSummary = TOutputs["agents"]["get"]["versions"][number];

/** An evaluation still moving: the page polls it. */
export const evaluationLive = (status: string): boolean => status === "queued" || status === "running";

/** An evaluation's settled cases (the progress bar's value). */
export function settledCases(evaluation: Pick<TEvaluation, "completed_cases" | "failed_cases">): number {
  return evaluation.completed_cases + evaluation.failed_cases;
}

/** A signed difference of two shares in percentage points ("+1.5 pts"); "—" without both. */
export function formatPoints(rate: number | null | undefined, baseline: number | null | undefined): string {
  if (rate === null || rate === undefined || baseline === null || baseline === undefined) return "—";
  const points = Math.round((rate - baseline) * 1000) / 10;
  return `${points > 0 ? "+" : points < 0 ? "−" : "±"}${Math.abs(points).toFixed(1)} pts`;
}
