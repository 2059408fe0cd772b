// The canary rollout of a custom agent (docs/api-conventions.md, "Rollouts"): a share of the
// unpinned runs goes to a candidate version, rolled back when people disagree with it.
// Reached as `aw.agents.rollout`.
import { segment, type HttpClient, type RequestOptions } from "../http.js";
import type { PromoteRolloutParams, RolloutResponse, StartRolloutParams } from "../types.js";

export class Rollouts {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/agents/{name}/rollout: starts a canary of `params.version` on `params.percent` % of the unpinned runs (409 while one runs). */
  start(name: string, params: StartRolloutParams, options: RequestOptions = {}): Promise<RolloutResponse> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/rollout`, { body: params, signal: options.signal });
  }

  /** GET /v1/agents/{name}/rollout: the current or last rollout (404 before the first). */
  get(name: string, options: RequestOptions = {}): Promise<RolloutResponse> {
    return this.http.json("GET", `/v1/agents/${segment(name)}/rollout`, options);
  }

  /**
   * POST /v1/agents/{name}/rollout/promote: the candidate becomes the active version. Its
   * release gate applies (GateNotPassedError, 409); `force: true` overrides it and is recorded.
   */
  promote(name: string, params: PromoteRolloutParams = {}, options: RequestOptions = {}): Promise<RolloutResponse> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/rollout/promote`, { body: params, signal: options.signal });
  }

  /** POST /v1/agents/{name}/rollout/cancel: new runs go to the active version again. */
  cancel(name: string, options: RequestOptions = {}): Promise<RolloutResponse> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/rollout/cancel`, options);
  }
}
