// Triage: the queue and its decisions. requestChanges, claim, release and bulk follow the
// contracts in src/domains/triage/triage.schemas.ts (issue 20); see types.ts.
import { segment, type HttpClient, type RequestOptions } from "../http.js";
import { PagedList } from "../paging.js";
import type {
  ApproveTriageParams,
  BulkDecisionParams,
  BulkDecisionResponse,
  ClaimResponse,
  ListTriageNotificationsResponse,
  ListTriageParams,
  ListTriageResponse,
  RejectTriageParams,
  ReleaseResponse,
  RequestChangesParams,
  RequestChangesResponse,
  ResolveTriageResponse,
  TriageItem,
  VerdictParams,
  VerdictResponse,
} from "../types.js";

export class Triage {
  constructor(private readonly http: HttpClient) {}

  /** GET /v1/triage: pending items by default (`status`, `kind`, `claimed`, `overdue` filter); pages on its own. */
  list(params: ListTriageParams = {}, options: RequestOptions = {}): PagedList<TriageItem, ListTriageResponse> {
    const { offset, ...query } = params;
    return new PagedList(
      (at) => this.http.json<ListTriageResponse>("GET", "/v1/triage", { query: { ...query, offset: at }, signal: options.signal }),
      (page) => page.data,
      offset ?? 0,
    );
  }

  /**
   * POST /v1/triage/{id}/approve: the run completes (with `output`, when you edit the proposal).
   * An item whose review route asks more than one approval answers `status: "pending"` until
   * that many distinct people approved (`data.approvals`); the same person twice: ConflictError.
   */
  approve(id: string, params: ApproveTriageParams = {}, options: RequestOptions = {}): Promise<ResolveTriageResponse> {
    return this.http.json("POST", `/v1/triage/${segment(id)}/approve`, { body: params, signal: options.signal });
  }

  /** POST /v1/triage/{id}/reject, with an optional `reason` and `reason_code`. */
  reject(id: string, params: RejectTriageParams = {}, options: RequestOptions = {}): Promise<ResolveTriageResponse> {
    return this.http.json("POST", `/v1/triage/${segment(id)}/reject`, { body: params, signal: options.signal });
  }

  /** POST /v1/triage/{id}/request-changes: the agent runs again with the feedback (and `data_patch`). */
  requestChanges(id: string, params: RequestChangesParams, options: RequestOptions = {}): Promise<RequestChangesResponse> {
    return this.http.json("POST", `/v1/triage/${segment(id)}/request-changes`, { body: params, signal: options.signal });
  }

  /** POST /v1/triage/{id}/verdict: a spot check's verdict (`correct`, or `incorrect` with `corrected_output`); the run does not change. */
  verdict(id: string, params: VerdictParams, options: RequestOptions = {}): Promise<VerdictResponse> {
    return this.http.json("POST", `/v1/triage/${segment(id)}/verdict`, { body: params, signal: options.signal });
  }

  /** POST /v1/triage/{id}/claim: a 15-minute lease on the item, renewed by claiming again. */
  claim(id: string, options: RequestOptions = {}): Promise<ClaimResponse> {
    return this.http.json("POST", `/v1/triage/${segment(id)}/claim`, { signal: options.signal });
  }

  /** POST /v1/triage/{id}/release: gives the claim up. */
  release(id: string, options: RequestOptions = {}): Promise<ReleaseResponse> {
    return this.http.json("POST", `/v1/triage/${segment(id)}/release`, { signal: options.signal });
  }

  /** GET /v1/triage/{id}/notifications: the messages its review route sent for it (email, chat; opened, escalated), oldest first. */
  notifications(id: string, options: RequestOptions = {}): Promise<ListTriageNotificationsResponse> {
    return this.http.json("GET", `/v1/triage/${segment(id)}/notifications`, options);
  }

  /** POST /v1/triage/bulk: approve or reject up to 100 items, each on its own (see `results`). */
  bulk(params: BulkDecisionParams, options: RequestOptions = {}): Promise<BulkDecisionResponse> {
    return this.http.json("POST", "/v1/triage/bulk", { body: params, signal: options.signal });
  }
}
