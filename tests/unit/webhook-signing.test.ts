import { createHmac } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { serviceSignature, signedHeaders, standardWebhookSignature } from "../../src/domains/webhooks/signing.ts";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/** The Standard Webhooks scheme computed by hand, independently of the library under use. */
function independentSignature(id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

describe("webhook signatures", () => {
  it("signs the raw body as sha256=<hex HMAC keyed with the whole secret>", () => {
    const body = '{"event":"run.completed"}';
    const expected = createHmac("sha256", secret).update(body).digest("hex");
    expect(serviceSignature(secret, body)).toBe(`sha256=${expected}`);
  });

  it("matches the Standard Webhooks reference vector", () => {
    // From the Standard Webhooks specification's test vectors.
    const signature = standardWebhookSignature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", new Date(1614265330 * 1000), '{"test": 2432232314}');
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
    expect(headers["webhook-signature"]).toBe(independentSignature("evt_1", now.getTime() / 1000, "{}"));
  });

  it("truncates a sub-second timestamp to whole seconds in both the header and the signed content", () => {
    const now = new Date("2026-01-02T03:04:05.987Z");
    const headers = signedHeaders(secret, "evt_2", "run.completed", '{"a":1}', now);
    expect(headers["webhook-timestamp"]).toBe("1767323045");
    expect(headers["webhook-signature"]).toBe(independentSignature("evt_2", 1767323045, '{"a":1}'));
  });

  it("produces headers a Standard Webhooks receiver accepts, and that fail for another body or secret", () => {
    const body = JSON.stringify({ id: "evt_3", event: "run.completed", data: { output: { ok: true } } });
    const headers = signedHeaders(secret, "evt_3", "run.completed", body);
    const receiver = new Webhook(secret);
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));

    expect(() => receiver.verify(body.replace("true", "false"), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook("whsec_" + Buffer.alloc(32, 7).toString("base64")).verify(body, headers)).toThrow(WebhookVerificationError);
  });
});
