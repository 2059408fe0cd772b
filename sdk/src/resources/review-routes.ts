// Review routes (docs/api-conventions.md, "Review routes"): who hears of an agent type's
// review items by email and chat, who is told next if nobody decides, and how many people
// must approve. Reading needs `triage:read` (chat URLs come back masked), writing `agents:write`.
import { segment, type HttpClient, type RequestOptions } from "../http.js";
import type {
  DeleteReviewRouteResponse,
  ListReviewRoutesResponse,
  Recipient,
  ReviewRouteParams,
  ReviewRouteResponse,
  TestMessageResponse,
} from "../types.js";

export class ReviewRoutes {
  constructor(private readonly http: HttpClient) {}

  /** GET /v1/review-routes: the organization's routes in the key's mode (agent types without one are not listed). */
  list(options: RequestOptions = {}): Promise<ListReviewRoutesResponse> {
    return this.http.json("GET", "/v1/review-routes", options);
  }

  /** GET /v1/review-routes/{agent_type}: its route, or the default (nobody told, one approval); NotFoundError for an agent the organization does not have. */
  get(agentType: string, options: RequestOptions = {}): Promise<ReviewRouteResponse> {
    return this.http.json("GET", `/v1/review-routes/${segment(agentType)}`, options);
  }

  /**
   * PUT /v1/review-routes/{agent_type}: replaces the whole route (what `params` leaves out
   * becomes its default). An email recipient on a server without SMTP_URL, or a chat URL the
   * egress policy refuses: ValidationError naming the field.
   */
  set(agentType: string, params: ReviewRouteParams, options: RequestOptions = {}): Promise<ReviewRouteResponse> {
    return this.http.json("PUT", `/v1/review-routes/${segment(agentType)}`, { body: params, signal: options.signal });
  }

  /** DELETE /v1/review-routes/{agent_type}: its items reach nobody by message and need one approval again (NotFoundError without a route). */
  delete(agentType: string, options: RequestOptions = {}): Promise<DeleteReviewRouteResponse> {
    return this.http.json("DELETE", `/v1/review-routes/${segment(agentType)}`, options);
  }

  /**
   * POST /v1/review-routes/{agent_type}/test-message: sends a sample message to one recipient
   * now (not queued, not retried). Refused by the mail server or the chat webhook:
   * MessageNotDeliveredError (502) with the `reason`.
   */
  testMessage(agentType: string, recipient: Recipient, options: RequestOptions = {}): Promise<TestMessageResponse> {
    return this.http.json("POST", `/v1/review-routes/${segment(agentType)}/test-message`, { body: { recipient }, signal: options.signal });
  }
}
