// Batches: one agent type over up to 500 rows. create is idempotent like runs.create.
import { segment, type HttpClient, type RequestOptions } from "../http.js";
import { pollUntil } from "../poll.js";
import { PagedList } from "../paging.js";
import type {
  BatchJob,
  BatchRow,
  CancelBatchResponse,
  CreateBatchParams,
  CreateBatchResponse,
  GetBatchParams,
  GetBatchResponse,
  ListBatchesParams,
  ListBatchesResponse,
} from "../types.js";
import type { CreateOptions } from "./runs.js";

/** Job states a batch does not leave. */
export const FINISHED_BATCH_STATUSES: readonly BatchJob["status"][] = ["completed", "cancelled"];

export type BatchWaitOptions = RequestOptions & {
  /** Give up after this long with WaitTimeoutError (default 30 minutes). */
  timeoutMs?: number;
  /** How often to read the job's counts (default 2 s). */
  pollIntervalMs?: number;
};

export class Batches {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/batches (201). Sends an Idempotency-Key (yours or a new UUID), so retries never create a second batch. */
  create(params: CreateBatchParams, options: CreateOptions = {}): Promise<CreateBatchResponse> {
    return this.http.json("POST", "/v1/batches", {
      body: params,
      headers: { "idempotency-key": options.idempotencyKey ?? crypto.randomUUID() },
      repeatable: true,
      signal: options.signal,
    });
  }

  /** GET /v1/batches/{id}: the job and its rows (every row unless `rows_limit` / `rows_offset` say otherwise). */
  get(id: string, params: GetBatchParams = {}, options: RequestOptions = {}): Promise<GetBatchResponse> {
    return this.http.json("GET", `/v1/batches/${segment(id)}`, { query: params, signal: options.signal });
  }

  /** GET /v1/batches, newest first; pages on its own. */
  list(params: ListBatchesParams = {}, options: RequestOptions = {}): PagedList<BatchJob, ListBatchesResponse> {
    const { offset, ...query } = params;
    return new PagedList(
      (at) => this.http.json<ListBatchesResponse>("GET", "/v1/batches", { query: { ...query, offset: at }, signal: options.signal }),
      (page) => page.jobs,
      offset ?? 0,
    );
  }

  /** POST /v1/batches/{id}/cancel: a pending or running batch. */
  cancel(id: string, options: RequestOptions = {}): Promise<CancelBatchResponse> {
    return this.http.json("POST", `/v1/batches/${segment(id)}/cancel`, options);
  }

  /** The rows in `row_index` order, read `pageSize` at a time (default 100). */
  async *rows(id: string, options: RequestOptions & { pageSize?: number } = {}): AsyncGenerator<BatchRow, void, undefined> {
    const pageSize = options.pageSize ?? 100;
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.get(id, { rows_limit: pageSize, rows_offset: offset }, options);
      yield* page.rows;
      if (page.rows.length < pageSize || offset + pageSize >= page.job.total_rows) return;
    }
  }

  /** Polls the job's counts (no rows) until it is completed or cancelled; resolves with the job. */
  async wait(id: string, options: BatchWaitOptions = {}): Promise<BatchJob> {
    return pollUntil(
      async (signal) => (await this.get(id, { rows_limit: 0 }, { signal })).job,
      (job) => FINISHED_BATCH_STATUSES.includes(job.status),
      options,
      `Batch ${id}`,
    );
  }
}
