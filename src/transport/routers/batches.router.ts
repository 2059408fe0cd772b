import { idempotent, ZIdempotencyRequestHeaders, ZIdempotencyResponseHeaders } from "../trpc/idempotent.ts";
import { apiProcedure, router } from "../trpc/init.ts";
import {
  ZBatchIdInput,
  ZBatchInputSchemaQuery,
  ZBatchInputSchemaResponse,
  ZGetBatchQuery,
  ZCancelBatchResponse,
  ZCreateBatchRequest,
  ZCreateBatchResponse,
  ZGetBatchResponse,
  ZListBatchesQuery,
  ZListBatchesResponse,
} from "../../domains/batches/batches.schemas.ts";
import { ZCsvMappingQuery, ZCsvMappingResponse, ZSaveCsvMappingRequest } from "../../domains/batches/csv-mappings.schemas.ts";
import { getCsvMapping, saveCsvMapping } from "../../domains/batches/csv-mappings.service.ts";
import { batchInputSchema, cancelBatch, createBatch, getBatch, listBatches } from "../../domains/batches/batches.service.ts";

const CREATE_STATUS = 201;

export const batchesRouter = router({
  create: apiProcedure
    .meta({
      scope: "batch:run",
      rateLimit: "batches",
      successStatus: CREATE_STATUS,
      errors: ["insufficient_credits", "test_mode_allowance_exhausted"],
      openapi: {
        method: "POST",
        path: "/v1/batches",
        tags: ["batches"],
        summary: "Run one agent type over up to 500 rows", description: "Creates one run per row and answers 201 with the job. A live key is charged for every row at once, all or nothing (402 `insufficient_credits` creates nothing); test keys are free. Rows are checked against the agent's input schema first (a 400 names `rows.N...`). Send an `Idempotency-Key` to retry safely.",
        requestHeaders: ZIdempotencyRequestHeaders,
        responseHeaders: ZIdempotencyResponseHeaders,
      },
    })
    .input(ZCreateBatchRequest)
    .output(ZCreateBatchResponse)
    .mutation(({ ctx, input }) =>
      idempotent({ ctx, endpoint: "POST /v1/batches", input, successStatus: CREATE_STATUS }, (record) =>
        createBatch(ctx.principal, input, record),
      ),
    ),

  // Dashboard only: the new-batch dialog's column mapping and line-by-line check.
  inputSchema: apiProcedure
    .meta({ scope: "batch:run" })
    .input(ZBatchInputSchemaQuery)
    .output(ZBatchInputSchemaResponse)
    .query(({ input }) => batchInputSchema(input.agent_type)),

  // Dashboard only: the column mapping last used for an agent type (per organization and
  // mode), saved when a batch is created from a CSV; the same permission as creating one.
  csvMapping: apiProcedure
    .meta({ scope: "batch:run" })
    .input(ZCsvMappingQuery)
    .output(ZCsvMappingResponse)
    .query(({ ctx, input }) => getCsvMapping(ctx.principal, input.agent_type)),

  saveCsvMapping: apiProcedure
    .meta({ scope: "batch:run" })
    .input(ZSaveCsvMappingRequest)
    .output(ZCsvMappingResponse)
    .mutation(({ ctx, input }) => saveCsvMapping(ctx.principal, input.agent_type, { columns: input.columns, key_column: input.key_column })),

  list: apiProcedure
    .meta({ scope: "batch:read", openapi: { method: "GET", path: "/v1/batches", tags: ["batches"], summary: "List batch jobs, newest first", description: "The batch jobs of the key's organization and mode, newest first, with their row counts." } })
    .input(ZListBatchesQuery)
    .output(ZListBatchesResponse)
    .query(({ ctx, input }) => listBatches(ctx.principal, input)),

  get: apiProcedure
    .meta({ scope: "batch:read", openapi: { method: "GET", path: "/v1/batches/{id}", tags: ["batches"], summary: "Get a batch job and its rows", description: "The job with its counts and its rows (each with its `run_id`) in row order; `rows_limit` and `rows_offset` return a window of the rows (`rows_limit=0`: the counts only)." } })
    .input(ZGetBatchQuery)
    .output(ZGetBatchResponse)
    .query(({ ctx, input }) => getBatch(ctx.principal, input.id, { limit: input.rows_limit, offset: input.rows_offset })),

  cancel: apiProcedure
    .meta({
      scope: "batch:run",
      openapi: { method: "POST", path: "/v1/batches/{id}/cancel", tags: ["batches"], summary: "Cancel a pending or running batch", description: "Rows not yet started are cancelled and never start; rows already running finish on their own. A job that is already finished or cancelled is a 400 naming `id`. Takes no body." },
    })
    .input(ZBatchIdInput)
    .output(ZCancelBatchResponse)
    .mutation(({ ctx, input }) => cancelBatch(ctx.principal, input.id)),
});
