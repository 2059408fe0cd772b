// The quality report as agents.quality returns it (GET /v1/agents/{name}/quality;
// docs/api-conventions.md, "Quality"), and how the page formats its numbers.
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";

type TOutputs = inferRouterOutputs<TAppRouter>;
export type TQuality = TOutputs["agents"]["quality"];
export type TQualityBucket = TQuality["buckets"][number];

/** A share (0..1) as a percentage with one decimal ("97.5%"); "—" when there is nothing to divide. */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined || Number.isNaN(rate) ? "—" : `${(rate * 100).toFixed(1)}%`;
}

/** A confidence band's label: "0.9–1.0". */
export function bandLabel(bucket: { min: number; max: number }): string {
  return `${bucket.min.toFixed(1)}–${bucket.max.toFixed(1)}`;
}

/** A threshold (0..1) as the API writes it, two decimals at most ("0.72"); "—" when unset. */
export function formatThreshold(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : String(Math.round(value * 100) / 100);
}
