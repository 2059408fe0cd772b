// The shapes the batch pages show: the procedures' own outputs (type-only import).
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";

type TOutputs = inferRouterOutputs<TAppRouter>;
export type TBatchJob = TOutputs["batches"]["get"]["job"];
export type TBatchRow = TOutputs["batches"]["get"]["rows"][number];

export const ACTIVE_BATCH_STATUSES: TBatchJob["status"][] = ["pending", "running"];

export function progressText(job: TBatchJob): string {
  return `${job.completed_rows} completed · ${job.failed_rows} failed · ${job.total_rows} total`;
}
