// Runs: create (idempotent), get, list (pages on its own), steps, stream (SSE, resumes with
// Last-Event-ID), wait (the stream, falling back to polling), cancel.
import { AgentWorkforceError, AuthenticationError, NotFoundError, PermissionError, ValidationError, WaitTimeoutError } from "../errors.js";
import { anySignal, segment, sleep, type HttpClient, type RequestOptions } from "../http.js";
import { PagedList } from "../paging.js";
import { parseSse } from "../sse.js";
import type {
  CancelRunResponse,
  CreateRunParams,
  CreateRunResponse,
  GetRunResponse,
  ListRunsParams,
  ListRunsResponse,
  RunListItem,
  RunStatus,
  RunSteps,
  RunUpdate,
} from "../types.js";

/** States a run does not leave. */
export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ["completed", "failed", "cancelled"];
/** What `wait` stops on by default: the terminal states and waiting for a person. */
export const SETTLED_RUN_STATUSES: readonly RunStatus[] = ["completed", "failed", "cancelled", "pending_triage"];

export type CreateOptions = RequestOptions & {
  /** Makes a retry safe: the same key and body within 24 h create nothing new. Generated when absent. */
  idempotencyKey?: string;
};

export type StreamOptions = RequestOptions & {
  /** Resume after this update id (the `id` of a RunUpdate already seen). */
  lastEventId?: string;
  /** Reconnect when the connection drops or the server ends the stream before a terminal state (default true). */
  reconnect?: boolean;
  /** Reconnections in a row without an update before giving up (default 5). */
  maxReconnects?: number;
  /** Wait before reconnecting; default the server's `retry:` (2 s). */
  reconnectDelayMs?: number;
};

export type WaitOptions = RequestOptions & {
  /** Give up after this long with WaitTimeoutError (default 10 minutes). */
  timeoutMs?: number;
  /** The states to stop on (default completed, failed, cancelled, pending_triage). A terminal state always ends the wait. */
  until?: readonly RunStatus[];
  /** Poll interval when the stream is unavailable (default 1 s). */
  pollIntervalMs?: number;
  /** Use the event stream (default true); false polls only. */
  stream?: boolean;
};

export type ListOptions = ListRunsParams;

const newIdempotencyKey = (): string => crypto.randomUUID();

/** Errors that polling would meet as well: not worth falling back for. */
const isFinal = (error: unknown) =>
  error instanceof AuthenticationError || error instanceof PermissionError || error instanceof NotFoundError || error instanceof ValidationError;

export class Runs {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/run (202). Sends an Idempotency-Key (yours or a new UUID), so retries never start a second run. */
  create(params: CreateRunParams, options: CreateOptions = {}): Promise<CreateRunResponse> {
    return this.http.json("POST", "/v1/run", {
      body: params,
      headers: { "idempotency-key": options.idempotencyKey ?? newIdempotencyKey() },
      repeatable: true,
      signal: options.signal,
    });
  }

  /** GET /v1/runs/{id}: the run and its triage item. */
  get(id: string, options: RequestOptions = {}): Promise<GetRunResponse> {
    return this.http.json("GET", `/v1/runs/${segment(id)}`, options);
  }

  /** GET /v1/runs, newest first: iterate it (`for await`) and it pages on its own; `limit` is the page size. */
  list(params: ListOptions = {}, options: RequestOptions = {}): PagedList<RunListItem, ListRunsResponse> {
    const { offset, ...query } = params;
    return new PagedList(
      (at) => this.http.json<ListRunsResponse>("GET", "/v1/runs", { query: { ...query, offset: at }, signal: options.signal }),
      (page) => page.data,
      offset ?? 0,
    );
  }

  /** GET /v1/runs/{id}/steps: model and tool calls, findings, triage and review, in order. */
  steps(id: string, options: RequestOptions = {}): Promise<RunSteps> {
    return this.http.json("GET", `/v1/runs/${segment(id)}/steps`, options);
  }

  /** POST /v1/runs/{id}/cancel: a queued, running or waiting run (409 otherwise). */
  cancel(id: string, options: RequestOptions = {}): Promise<CancelRunResponse> {
    return this.http.json("POST", `/v1/runs/${segment(id)}/cancel`, options);
  }

  /**
   * GET /v1/runs/{id}/stream: the run's updates as they happen, ending after a terminal state.
   * A dropped connection (or the server's 30 s limit) reconnects with Last-Event-ID, so no
   * update is seen twice and none is missed; a run already finished at the last seen id ends at once.
   */
  async *stream(id: string, options: StreamOptions = {}): AsyncGenerator<RunUpdate, void, undefined> {
    let lastEventId = options.lastEventId;
    let serverRetryMs = 2_000;
    let failures = 0;
    const maxReconnects = options.maxReconnects ?? 5;
    const reconnect = options.reconnect ?? true;

    for (;;) {
      // Ends this connection when the caller stops iterating (or aborts).
      const abort = new AbortController();
      const signal = anySignal([options.signal, abort.signal]);
      try {
        let response: Response;
        try {
          response = await this.http.open("GET", `/v1/runs/${segment(id)}/stream`, {
            headers: { accept: "text/event-stream", "last-event-id": lastEventId },
            signal: signal.signal,
          });
        } catch (error) {
          if (options.signal?.aborted || !reconnect || !(error instanceof AgentWorkforceError) || error.status !== undefined) throw error;
          if (++failures > maxReconnects) throw error;
          await sleep(options.reconnectDelayMs ?? serverRetryMs, options.signal);
          continue;
        }
        // 204: the last seen update was the final one.
        if (response.status === 204 || !response.body) return;
        try {
          for await (const frame of parseSse(response.body)) {
            if (frame.retry !== undefined) serverRetryMs = frame.retry;
            if (frame.data === undefined) continue;
            if (frame.id !== undefined) lastEventId = frame.id;
            failures = 0;
            const update: RunUpdate = { ...(JSON.parse(frame.data) as Omit<RunUpdate, "id">), id: frame.id };
            yield update;
            if (TERMINAL_RUN_STATUSES.includes(update.status)) return;
          }
        } catch (error) {
          if (options.signal?.aborted) throw options.signal.reason ?? error;
          if (error instanceof SyntaxError) throw new AgentWorkforceError("The run stream sent an update that is not JSON", { cause: error });
          // The connection dropped mid-stream: reconnect below.
          if (!reconnect || ++failures > maxReconnects) throw new AgentWorkforceError(`The run stream was cut: ${String(error)}`, { cause: error });
        }
        if (!reconnect) return;
        await sleep(options.reconnectDelayMs ?? serverRetryMs, options.signal);
      } finally {
        abort.abort();
        signal.dispose();
      }
    }
  }

  /**
   * Resolves with GET /v1/runs/{id} once the run reaches one of `until` (default: completed,
   * failed, cancelled, pending_triage) or any terminal state. Follows the event stream; if
   * the stream is unavailable (rate limited, network), polls every `pollIntervalMs`.
   */
  async wait(id: string, options: WaitOptions = {}): Promise<GetRunResponse> {
    const until = options.until ?? SETTLED_RUN_STATUSES;
    const timeoutMs = options.timeoutMs ?? 600_000;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new WaitTimeoutError(`Run ${id} did not reach ${until.join(", ")} within ${timeoutMs} ms`)), timeoutMs);
    const combined = anySignal([options.signal, timeout.signal]);
    const signal = combined.signal;
    const reached = (status: RunStatus) => until.includes(status) || TERMINAL_RUN_STATUSES.includes(status);
    try {
      let current = await this.get(id, { signal });
      if (reached(current.run.status)) return current;
      if (options.stream ?? true) {
        try {
          for await (const update of this.stream(id, { signal })) {
            if (reached(update.status)) break;
          }
          current = await this.get(id, { signal });
          if (reached(current.run.status)) return current;
        } catch (error) {
          if (signal.aborted || isFinal(error)) throw error;
          // The stream is unavailable: poll instead.
        }
      }
      for (;;) {
        await sleep(options.pollIntervalMs ?? 1_000, signal);
        current = await this.get(id, { signal });
        if (reached(current.run.status)) return current;
      }
    } catch (error) {
      if (timeout.signal.aborted && !options.signal?.aborted) throw timeout.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      combined.dispose();
    }
  }
}
