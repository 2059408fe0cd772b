import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serviceSignature, signedHeaders, standardWebhookSignature } from "../../src/domains/webhooks/signing.ts";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

describe("webhook signatures", () => {
  it("signs the raw body as sha256=<hex HMAC keyed with the whole secret>", () => {
    const body = '{"event":"run.completed"}';
    const expected = createHmac("sha256", secret).update(body).digest("hex");
    expect(serviceSignature(secret, body)).toBe(`sha256=${expected}`);
  });

  it("matches the Standard Webhooks reference vector", () => {
    // From the Standard Webhooks specification's test vectors.
    const signature = standardWebhookSignature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}');
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("sends the spec's headers plus the Standard Webhooks headers with one event id", () => {
    const now = new Date("2026-01-02T03:04:05.000Z");
    const headers = signedHeaders(secret, "evt_1", "run.failed", "{}", now);
    expect(headers).toMatchObject({
      "Content-Type": "application/json",
      "X-Service-Event": "run.failed",
      "X-Service-Timestamp": "2026-01-02T03:04:05.000Z",
      "X-Service-Event-Id": "evt_1",
      "webhook-id": "evt_1",
      "webhook-timestamp": String(now.getTime() / 1000),
    });
    expect(headers["X-Service-Signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });
});
