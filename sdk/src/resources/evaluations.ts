// Evaluations of a custom agent's version (docs/api-conventions.md, "Evaluations"): the
// agent's judged runs replayed through the version and compared with what people decided.
// Reached as `aw.agents.evaluations`.
import { segment, type HttpClient, type RequestOptions } from "../http.js";
import { pollUntil } from "../poll.js";
import { PagedList } from "../paging.js";
import type {
  Evaluation,
  EvaluationCase,
  EvaluationEstimate,
  EvaluationResponse,
  ListEvaluationCasesParams,
  ListEvaluationCasesResponse,
  ListEvaluationsParams,
  ListEvaluationsResponse,
  StartEvaluationParams,
} from "../types.js";

/** Evaluation states it does not leave. */
export const FINISHED_EVALUATION_STATUSES: readonly Evaluation["status"][] = ["completed", "failed", "cancelled"];

export type EvaluationWaitOptions = RequestOptions & {
  /** Give up after this long with WaitTimeoutError (default 30 minutes). */
  timeoutMs?: number;
  /** How often to read the evaluation (default 2 s). */
  pollIntervalMs?: number;
};

export class Evaluations {
  constructor(private readonly http: HttpClient) {}

  /**
   * POST /v1/agents/{name}/evaluations: starts an evaluation of `params.version` (202,
   * `{ evaluation }`, charged now); with `dry_run: true` the estimate `{ cases, credits }`
   * (200) and nothing is started or charged.
   */
  create(name: string, params: StartEvaluationParams & { dry_run: true }, options?: RequestOptions): Promise<EvaluationEstimate>;
  create(name: string, params: StartEvaluationParams & { dry_run?: false }, options?: RequestOptions): Promise<EvaluationResponse>;
  create(name: string, params: StartEvaluationParams, options?: RequestOptions): Promise<EvaluationResponse | EvaluationEstimate>;
  create(name: string, params: StartEvaluationParams, options: RequestOptions = {}): Promise<EvaluationResponse | EvaluationEstimate> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/evaluations`, { body: params, signal: options.signal });
  }

  /** GET /v1/agents/{name}/evaluations/{id}: progress, outcomes per confidence band, the baseline and the gate. */
  get(name: string, id: string, options: RequestOptions = {}): Promise<EvaluationResponse> {
    return this.http.json("GET", `/v1/agents/${segment(name)}/evaluations/${segment(id)}`, options);
  }

  /** GET /v1/agents/{name}/evaluations, newest first (`version` keeps one version's); pages on its own. */
  list(name: string, params: ListEvaluationsParams = {}, options: RequestOptions = {}): PagedList<Evaluation, ListEvaluationsResponse> {
    const { offset, ...query } = params;
    return new PagedList(
      (at) => this.http.json<ListEvaluationsResponse>("GET", `/v1/agents/${segment(name)}/evaluations`, { query: { ...query, offset: at }, signal: options.signal }),
      (page) => page.data,
      offset ?? 0,
    );
  }

  /**
   * GET /v1/agents/{name}/evaluations/{id}/cases: each case's expected outcome, the version's
   * output and the JSON Pointers where they differ (`outcome` keeps one outcome); pages on its own.
   */
  cases(name: string, id: string, params: ListEvaluationCasesParams = {}, options: RequestOptions = {}): PagedList<EvaluationCase, ListEvaluationCasesResponse> {
    const { offset, ...query } = params;
    return new PagedList(
      (at) =>
        this.http.json<ListEvaluationCasesResponse>("GET", `/v1/agents/${segment(name)}/evaluations/${segment(id)}/cases`, {
          query: { ...query, offset: at },
          signal: options.signal,
        }),
      (page) => page.data,
      offset ?? 0,
    );
  }

  /** POST /v1/agents/{name}/evaluations/{id}/cancel: cases not started are refunded (409 once it ended). */
  cancel(name: string, id: string, options: RequestOptions = {}): Promise<EvaluationResponse> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/evaluations/${segment(id)}/cancel`, options);
  }

  /** Polls `get` until the evaluation is completed, failed or cancelled; resolves with the evaluation. */
  async wait(name: string, id: string, options: EvaluationWaitOptions = {}): Promise<Evaluation> {
    return pollUntil(
      async (signal) => (await this.get(name, id, { signal })).evaluation,
      (evaluation) => FINISHED_EVALUATION_STATUSES.includes(evaluation.status),
      options,
      `Evaluation ${id}`,
    );
  }
}
