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
        summary: "Run one agent type over up to 500 rows",
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

  list: apiProcedure
    .meta({ scope: "batch:read", openapi: { method: "GET", path: "/v1/batches", tags: ["batches"], summary: "List batch jobs, newest first" } })
    .input(ZListBatchesQuery)
    .output(ZListBatchesResponse)
    .query(({ ctx, input }) => listBatches(ctx.principal, input)),

  get: apiProcedure
    .meta({ scope: "batch:read", openapi: { method: "GET", path: "/v1/batches/{id}", tags: ["batches"], summary: "Get a batch job and its rows" } })
    .input(ZGetBatchQuery)
    .output(ZGetBatchResponse)
    .query(({ ctx, input }) => getBatch(ctx.principal, input.id, { limit: input.rows_limit, offset: input.rows_offset })),

  cancel: apiProcedure
    .meta({
      scope: "batch:run",
      openapi: { method: "POST", path: "/v1/batches/{id}/cancel", tags: ["batches"], summary: "Cancel a pending or running batch" },
    })
    .input(ZBatchIdInput)
    .output(ZCancelBatchResponse)
    .mutation(({ ctx, input }) => cancelBatch(ctx.principal, input.id)),
});
