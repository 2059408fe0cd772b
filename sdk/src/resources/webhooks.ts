// Webhooks: registration and its delivery log, plus verify() for the receiving side.
import { segment, type HttpClient, type RequestOptions } from "../http.js";
import { PagedList } from "../paging.js";
import type {
  CreateWebhookParams,
  CreateWebhookResponse,
  DeleteWebhookResponse,
  EnableWebhookResponse,
  ListDeliveriesParams,
  ListDeliveriesResponse,
  ListWebhooksResponse,
  ResendDeliveryResponse,
  RotateSecretResponse,
  TestWebhookResponse,
  WebhookDelivery,
  WebhookEvent,
} from "../types.js";
import { verifyWebhook, type VerifyOptions, type WebhookHeaders } from "../webhook-verify.js";

export class Webhooks {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/webhooks (201): the answer carries the `whsec_` secret, shown this once. */
  create(params: CreateWebhookParams, options: RequestOptions = {}): Promise<CreateWebhookResponse> {
    return this.http.json("POST", "/v1/webhooks", { body: params, signal: options.signal });
  }

  /** GET /v1/webhooks: every webhook of the key's organization and mode. */
  list(options: RequestOptions = {}): Promise<ListWebhooksResponse> {
    return this.http.json("GET", "/v1/webhooks", options);
  }

  /** DELETE /v1/webhooks/{id}, with its delivery log. */
  delete(id: string, options: RequestOptions = {}): Promise<DeleteWebhookResponse> {
    return this.http.json("DELETE", `/v1/webhooks/${segment(id)}`, options);
  }

  /** GET /v1/webhooks/{id}/deliveries: delivery attempts, newest first; pages on its own. */
  deliveries(id: string, params: ListDeliveriesParams = {}, options: RequestOptions = {}): PagedList<WebhookDelivery, ListDeliveriesResponse> {
    const { offset, ...query } = params;
    return new PagedList(
      (at) => this.http.json<ListDeliveriesResponse>("GET", `/v1/webhooks/${segment(id)}/deliveries`, { query: { ...query, offset: at }, signal: options.signal }),
      (page) => page.data,
      offset ?? 0,
    );
  }

  /** POST /v1/webhooks/test/{orgId}: a signed test event to every active webhook (one attempt each). */
  test(organizationId: string, options: RequestOptions = {}): Promise<TestWebhookResponse> {
    return this.http.json("POST", `/v1/webhooks/test/${segment(organizationId)}`, options);
  }

  /** POST /v1/webhooks/{id}/enable: re-enables a disabled webhook (`enabled: false` when it was active). */
  enable(id: string, options: RequestOptions = {}): Promise<EnableWebhookResponse> {
    return this.http.json("POST", `/v1/webhooks/${segment(id)}/enable`, options);
  }

  /** POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend (202): the same event, as one new attempt. */
  resend(id: string, deliveryId: string, options: RequestOptions = {}): Promise<ResendDeliveryResponse> {
    return this.http.json("POST", `/v1/webhooks/${segment(id)}/deliveries/${segment(deliveryId)}/resend`, options);
  }

  /** POST /v1/webhooks/{id}/rotate-secret: a new secret (shown once); the old one also signs for 24 h. */
  rotateSecret(id: string, options: RequestOptions = {}): Promise<RotateSecretResponse> {
    return this.http.json("POST", `/v1/webhooks/${segment(id)}/rotate-secret`, options);
  }

  /** Checks a delivery's signature and returns its event (see verifyWebhook); throws WebhookVerificationError. */
  verify(rawBody: string | Uint8Array | ArrayBuffer, headers: WebhookHeaders, secret: string | string[], options?: VerifyOptions): WebhookEvent {
    return verifyWebhook(rawBody, headers, secret, options);
  }
}
