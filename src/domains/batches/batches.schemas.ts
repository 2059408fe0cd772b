// Contracts of the batch endpoints.
import { z } from "zod";
import { optionalWholeNumber, ZPageInfo, ZPaginationQuery } from "../../foundation/pagination.ts";
import { ZAgentType, ZAgentTypeName } from "../agents/agent-types.ts";
import { ZAgentVersionNumber } from "../runs/runs.schemas.ts";
import { ZHttpsUrl, ZJsonObject, ZJsonObjectOutput, ZUuid } from "../../foundation/schemas.ts";

export const MAX_BATCH_ROWS = 500;
export const ZBatchStatus = z.enum(["pending", "running", "completed", "cancelled"]);

export const ZCreateBatchRequest = z.object({
  agent_type: ZAgentTypeName,
  // Addition: pin a version of a custom agent for every row; default its active one.
  agent_version: ZAgentVersionNumber.optional(),
  rows: z
    .array(
      z.object({
        task: z.string({ error: "task is required" }).trim().min(1, "task must not be empty").max(100_000),
        data: ZJsonObject.optional(),
      }),
      { error: "rows is required" },
    )
    .min(1, "rows must contain at least 1 row")
    .max(MAX_BATCH_ROWS, `rows must contain at most ${MAX_BATCH_ROWS} rows`),
  name: z.string().trim().min(1).max(200).optional(),
  webhook_url: ZHttpsUrl.optional(),
});
export type TCreateBatchRequest = z.infer<typeof ZCreateBatchRequest>;

export const ZBatchJob = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  agent_type: z.string(),
  status: ZBatchStatus,
  total_rows: z.number().int(),
  completed_rows: z.number().int(),
  failed_rows: z.number().int(),
  created_at: z.string(),
});

export const ZBatchRow = z.object({
  id: z.uuid(),
  row_index: z.number().int(),
  task: z.string(),
  // The row's input data as submitted (null when none was given).
  data: ZJsonObjectOutput.nullable(),
  status: z.enum(["pending", "running", "completed", "failed", "pending_triage", "cancelled"]),
  result: ZJsonObjectOutput.nullable(),
  error_message: z.string().nullable(),
  run_id: z.uuid().nullable(),
});

export const ZCreateBatchResponse = z.object({ job: ZBatchJob });
export type TCreateBatchResponse = z.infer<typeof ZCreateBatchResponse>;
export const ZListBatchesQuery = ZPaginationQuery.extend({ status: ZBatchStatus.optional() });
export const ZListBatchesResponse = z.object({ jobs: z.array(ZBatchJob), ...ZPageInfo });
export const ZBatchIdInput = z.object({ id: ZUuid("id") });
// Optional row paging (docs/api-conventions.md): without either parameter every row comes
// back, as the spec says; a poller that needs only the counts asks for rows_limit=0.
export const ZGetBatchQuery = ZBatchIdInput.extend({
  rows_limit: optionalWholeNumber("rows_limit", { min: 0, max: 10_000 }, "rows_limit must be a whole number between 0 and 10000"),
  rows_offset: optionalWholeNumber("rows_offset", { min: 0 }, "rows_offset must be a whole number, 0 or more"),
});
export const ZGetBatchResponse = z.object({ job: ZBatchJob, rows: z.array(ZBatchRow) });
// Dashboard only (no /v1 path): the schema the new-batch dialog maps CSV columns onto and
// checks each line against before sending; the same one createBatch checks at acceptance.
export const ZBatchInputSchemaQuery = z.object({ agent_type: ZAgentType });
export const ZBatchInputSchemaResponse = z.object({ agent_type: ZAgentType, input_schema: z.record(z.string(), z.unknown()) });
export const ZCancelBatchResponse = z.object({ cancelled: z.literal(true) });
