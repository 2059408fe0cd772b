// The shapes the run pages show: the procedures' own outputs (type-only import).
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";

type TOutputs = inferRouterOutputs<TAppRouter>;
export type TRunListItem = TOutputs["runs"]["list"]["data"][number];
export type TRunDetail = TOutputs["runs"]["get"];
export type TRunStep = TOutputs["runs"]["steps"]["data"][number];
export type TRunDelivery = TOutputs["runs"]["deliveries"]["data"][number];
export type TRunStatus = TRunListItem["status"];

// Kept here rather than imported: the schema modules reach the database client.
export const RUN_STATUS_OPTIONS: TRunStatus[] = ["queued", "running", "pending_triage", "completed", "failed", "cancelled"];
export const CANCELLABLE_STATUSES: TRunStatus[] = ["queued", "running", "pending_triage"];
export const TERMINAL_STATUSES: TRunStatus[] = ["completed", "failed", "cancelled"];

export function formatConfidence(score: number | null): string {
  return score === null ? "—" : `${Math.round(score * 100)}%`;
}

/** Token and call counts with thousands separators, the same on server and client. */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

export function statusLabel(status: string): string {
  return status.replace("_", " ");
}
