// Usage: this period's credits, the ledger (newest entries, or all of it by cursor), and usage per member.
import type { HttpClient, RequestOptions } from "../http.js";
import type { UsageHistory, UsageLedgerPage, UsageLedgerParams, UsageMembers, UsageSummary } from "../types.js";

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

  /** GET /v1/usage/ledger: one page of the whole ledger, newest first; pass `next_cursor` as `cursor` for the next. */
  ledger(params: UsageLedgerParams = {}, options: RequestOptions = {}): Promise<UsageLedgerPage> {
    return this.http.json("GET", "/v1/usage/ledger", { query: params, signal: options.signal });
  }

  /** GET /v1/usage/ledger?format=csv: the whole ledger (from `cursor` on) as CSV text with a header row. */
  async ledgerCsv(params: Pick<UsageLedgerParams, "cursor"> = {}, options: RequestOptions = {}): Promise<string> {
    const response = await this.http.open("GET", "/v1/usage/ledger", { query: { ...params, format: "csv" }, headers: { accept: "text/csv" }, signal: options.signal });
    return response.text();
  }

  /** GET /v1/usage/members: runs and credits per member this period. */
  members(options: RequestOptions = {}): Promise<UsageMembers> {
    return this.http.json("GET", "/v1/usage/members", options);
  }
}
