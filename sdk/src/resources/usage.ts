// Usage: this period's credits, the ledger's newest entries, and usage per member.
import type { HttpClient, RequestOptions } from "../http.js";
import type { UsageHistory, UsageMembers, UsageSummary } from "../types.js";

export class Usage {
  constructor(private readonly http: HttpClient) {}

  /** GET /v1/usage: plan, included, used and remaining credits of the current period. */
  summary(options: RequestOptions = {}): Promise<UsageSummary> {
    return this.http.json("GET", "/v1/usage", options);
  }

  /** GET /v1/usage/history: the newest 50 ledger entries. */
  history(options: RequestOptions = {}): Promise<UsageHistory> {
    return this.http.json("GET", "/v1/usage/history", options);
  }

  /** GET /v1/usage/members: runs and credits per member this period. */
  members(options: RequestOptions = {}): Promise<UsageMembers> {
    return this.http.json("GET", "/v1/usage/members", options);
  }
}
