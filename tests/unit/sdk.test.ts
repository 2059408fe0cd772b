// The SDK's own parsing and checking, with no server: its SSE parser on every way a stream can
// be split into chunks, its HMAC-SHA256 against node:crypto, and its webhook verification
// against the service's signer (src/domains/webhooks/signing.ts, built on the standardwebhooks library).
// It reads the SDK's source; tests/integration/sdk-package.test.ts checks the packed build.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacSha256, sha256 } from "../../sdk/src/hmac-sha256.ts";
import { parseSse, verifyWebhook, WebhookVerificationError, type SseFrame } from "../../sdk/src/index.ts";
import { signedHeaders } from "../../src/domains/webhooks/signing.ts";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function frames(chunks: string[]): Promise<SseFrame[]> {
  const parsed: SseFrame[] = [];
  for await (const frame of parseSse(streamOf(chunks))) parsed.push(frame);
  return parsed;
}

describe("the SDK's SSE parser", () => {
  const text = '\uFEFFretry: 2000\n\n: ping\n\nid: 1-running\ndata: {"status":\ndata: "running"}\n\nid: 2-completed\r\ndata: {"status":"completed"}\r\n\r\nevent: x\rdata: last\r\rdata: unterminated';
  const expected: SseFrame[] = [
    { retry: 2000 },
    { id: "1-running", data: '{"status":\n"running"}' },
    { id: "2-completed", data: '{"status":"completed"}' },
    { event: "x", data: "last" },
  ];

  it("reads retry, ids, multi-line data and every line ending; skips comments and an unterminated block", async () => {
    expect(await frames([text])).toEqual(expected);
  });

  it("gives the same frames however the bytes are split", async () => {
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(await frames([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
    }
    expect(await frames([...text])).toEqual(expected);
  });
});

describe("the SDK's HMAC-SHA256 (plain TypeScript, so verification is synchronous everywhere)", () => {
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

  it("hashes like node:crypto at every length around the block and padding boundaries, and a long message", () => {
    for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 100_000]) {
      const message = randomBytes(length);
      expect(hex(sha256(message)), `length ${length}`).toBe(createHash("sha256").update(message).digest("hex"));
    }
    expect(hex(sha256(new TextEncoder().encode("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("signs like node:crypto with short, block-sized and long keys", () => {
    for (const keyLength of [0, 1, 24, 32, 64, 65, 200]) {
      const key = randomBytes(keyLength);
      const message = randomBytes(keyLength * 7 + 3);
      expect(hex(hmacSha256(key, message)), `key length ${keyLength}`).toBe(createHmac("sha256", key).update(message).digest("hex"));
    }
  });
});

describe("the SDK's webhook verification", () => {
  const oldSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const newSecret = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";
  const body = JSON.stringify({ id: "evt_1", event: "run.completed", run_id: null, data: { output: { ok: "✓" } } });

  it("accepts what the service signs, under either secret of a rotation, as text or bytes", async () => {
    const headers = signedHeaders([newSecret, oldSecret], "evt_1", "run.completed", body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [newSecret, oldSecret]) {
      expect(verifyWebhook(body, headers, secret)).toMatchObject({ id: "evt_1", data: { output: { ok: "✓" } } });
      expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret)).toMatchObject({ id: "evt_1" });
    }
    expect(verifyWebhook(body, headers, newSecret, { scheme: "service" })).toMatchObject({ id: "evt_1" });
    expect(() => verifyWebhook(body, headers, oldSecret, { scheme: "service" })).toThrow(WebhookVerificationError);
  });

  it("refuses a changed body, a foreign secret, a stale or future timestamp, and signatures of another version", async () => {
    const sentAt = new Date("2026-11-24T12:00:00Z");
    const headers = signedHeaders(newSecret, "evt_1", "run.completed", body, sentAt);
    expect(verifyWebhook(body, headers, newSecret, { now: new Date(sentAt.getTime() + 299_000) })).toBeTruthy();
    expect(() => verifyWebhook(body, headers, newSecret, { now: new Date(sentAt.getTime() + 301_000) })).toThrow(/timestamp/);
    expect(() => verifyWebhook(body, headers, newSecret, { now: new Date(sentAt.getTime() - 301_000) })).toThrow(/timestamp/);
    expect(verifyWebhook(body, headers, newSecret, { now: new Date(sentAt.getTime() + 3_600_000), toleranceSeconds: 7_200 })).toBeTruthy();
    const now = { now: sentAt };
    expect(() => verifyWebhook(body.replace("✓", "x"), headers, newSecret, now)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(body, headers, oldSecret, now)).toThrow(WebhookVerificationError);
    const v2Only = { ...headers, "webhook-signature": headers["webhook-signature"].replace("v1,", "v2,") };
    expect(() => verifyWebhook(body, v2Only, newSecret, now)).toThrow(/no v1 signature/);
    const withGarbage = { ...headers, "webhook-signature": `v1,!!notbase64 v1,${btoa("x".repeat(32))} ${headers["webhook-signature"]}` };
    expect(verifyWebhook(body, withGarbage, newSecret, now)).toBeTruthy();
    expect(() => verifyWebhook(body, { ...headers, "webhook-id": "evt_2" }, newSecret, now)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook("not json", signedHeaders(newSecret, "evt_1", "run.completed", "not json", sentAt), newSecret, now)).toThrow(/not JSON/);
  });
});
