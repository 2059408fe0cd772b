// Webhooks that heal, against the real server and a real local HTTPS receiver: an endpoint
// answering 410 Gone is disabled at once; one whose deliveries have all failed for 5 days
// is disabled (the test moves `failing_since` 5 days back in the database rather than
// waiting); enabling clears the reason and counters; a resend is queued (202), carries the
// same event id and body and gets the next attempt number, even racing scheduled retries;
// a rotated secret signs alongside the old one until the overlap ends (the test moves the
// stored expiry). The shared server retries every 1 s (tests/helpers/global-setup.ts).
import { createHmac } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, describe, expect, inject, it } from "vitest";
import { call, createKey, createTenant, type TTenant, waitFor, waitForRunToSettle } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { receiverSet } from "../helpers/https-receiver.ts";

const receivers = receiverSet(inject("certificate"));
const receiver = receivers.start;
afterAll(() => receivers.closeAll());

const sql = (text: string, values: unknown[] = []) => withDatabase(inject("databaseUrl"), (client) => client.query(text, values));
const completingRun = { task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "hinges", quantity: 12 }] } };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function register(tenant: TTenant, url: string) {
  const response = await call("POST", "/v1/webhooks", { key: tenant.key, body: { url, events: ["run.completed"] } });
  expect(response.status).toBe(201);
  return response.body.data as { id: string; secret: string };
}
async function webhookOf(tenant: TTenant, id: string) {
  const list = await call("GET", "/v1/webhooks", { key: tenant.key });
  return list.body.data.find((webhook: any) => webhook.id === id);
}
// Only a page whose rows agree with its total (counted in a separate query, it can run ahead).
const deliveriesOf = (tenant: TTenant, id: string, done: (body: any) => boolean, timeoutMs = 40_000) =>
  waitFor(`/v1/webhooks/${id}/deliveries?limit=100`, tenant.key, (body: any) => body.data.length === body.total && done(body), timeoutMs);

describe("automatic disabling", () => {
  it("a 410 Gone disables the endpoint at once: no retry, the reason is listed, new events are not sent", async () => {
    const tenant = await createTenant();
    const endpoint = await receiver(() => 410);
    const { id } = await register(tenant, endpoint.url);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const log = await deliveriesOf(tenant, id, (body) => body.total === 1);
    expect(log.data[0]).toMatchObject({ attempt: 1, status: "failed", response_status: 410, next_attempt_at: null });
    expect(await webhookOf(tenant, id)).toMatchObject({
      is_active: false,
      disabled_reason: expect.stringMatching(/410 Gone/),
      disabled_at: expect.any(String),
      consecutive_failures: 1,
    });
    // Retries come every 1 s here: several retry periods pass and none is made.
    const second = (await call("POST", "/v1/run", { key: tenant.key, body: completingRun })).body.run_id;
    await waitForRunToSettle(tenant.key, second);
    await pause(4_000);
    expect(endpoint.received).toHaveLength(1);
    expect((await call("GET", `/v1/webhooks/${id}/deliveries`, { key: tenant.key })).body.total).toBe(1);
  });

  it("disables an endpoint whose deliveries have all failed for 5 days; a success before that clears the counters", async () => {
    const tenant = await createTenant();
    let answer = 500;
    const endpoint = await receiver(() => answer);
    const { id } = await register(tenant, endpoint.url);
    // One failure, then a success: counted, then cleared.
    const first = await receiver((_request, index) => (index === 0 ? 503 : 200));
    const { id: healingId } = await register(tenant, first.url);
    await sql(`UPDATE webhooks SET events = '{}' WHERE id = $1`, [id]); // keep the 500 endpoint out of the first run
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    await deliveriesOf(tenant, healingId, (body) => body.data.some((attempt: any) => attempt.status === "succeeded"));
    expect(await webhookOf(tenant, healingId)).toMatchObject({ is_active: true, consecutive_failures: 0, failing_since: null, disabled_reason: null });

    // The 500 endpoint has been failing for 5 days (moved back in the database), 49 attempts in a row.
    await sql(`UPDATE webhooks SET events = '{run.completed}', failing_since = now() - interval '5 days', consecutive_failures = 49 WHERE id = $1`, [id]);
    await sql(`UPDATE webhooks SET events = '{}' WHERE id = $1`, [healingId]);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const log = await deliveriesOf(tenant, id, (body) => body.total === 1);
    expect(log.data[0]).toMatchObject({ status: "failed", response_status: 500, next_attempt_at: null });
    const disabled = await webhookOf(tenant, id);
    expect(disabled).toMatchObject({ is_active: false, consecutive_failures: 50, disabled_reason: expect.stringMatching(/5 days \(50 failed attempts in a row\)/) });
    await pause(4_000); // several 1 s retry periods: the pending retries stopped
    expect(endpoint.received).toHaveLength(1);

    // Enabling: scope, tenant and mode checked; then the reason and counters are gone and events flow again.
    const readOnly = await createKey(tenant, "webhooks:read");
    const refused = await call("POST", `/v1/webhooks/${id}/enable`, { key: readOnly.key });
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe("insufficient_scope");
    const stranger = await createTenant();
    for (const key of [stranger.key, tenant.testKey]) {
      const foreign = await call("POST", `/v1/webhooks/${id}/enable`, { key });
      expect(foreign.status).toBe(404);
      expect(foreign.body.type).toBe("not_found");
    }
    expect((await webhookOf(tenant, id)).is_active).toBe(false);
    const enabled = await call("POST", `/v1/webhooks/${id}/enable`, { key: tenant.key });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ id, is_active: true, enabled: true, disabled_reason: null, disabled_at: null, consecutive_failures: 0, failing_since: null });
    const again = await call("POST", `/v1/webhooks/${id}/enable`, { key: tenant.key });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ is_active: true, enabled: false });
    answer = 200;
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    await deliveriesOf(tenant, id, (body) => body.data.some((attempt: any) => attempt.status === "succeeded"));
  });
});

describe("resend", () => {
  it("answers 202 at once, then sends the same event id and body as the next attempt", async () => {
    const tenant = await createTenant();
    // The resend's request is held 3 s (well inside the 10 s delivery timeout, however loaded
    // the machine): the API call must not wait for it.
    const endpoint = await receiver((_request, index) => (index === 0 ? 200 : { status: 200, delayMs: 3_000 }));
    const { id } = await register(tenant, endpoint.url);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const [original] = (await deliveriesOf(tenant, id, (body) => body.total === 1)).data;
    expect(original.status).toBe("succeeded"); // any attempt can be resent, not only failed ones

    const resent = await call("POST", `/v1/webhooks/${id}/deliveries/${original.id}/resend`, { key: tenant.key });
    expect(resent.status).toBe(202);
    expect(resent.body.data).toEqual({ webhook_id: id, delivery_id: original.id, event_id: original.event_id, status: "queued" });
    // Answered while the receiver still holds the resend: no second attempt is recorded yet.
    expect((await call("GET", `/v1/webhooks/${id}/deliveries`, { key: tenant.key })).body.total).toBe(1);

    const log = await deliveriesOf(tenant, id, (body) => body.total === 2);
    expect(log.data[0]).toMatchObject({ attempt: 2, status: "succeeded", event_id: original.event_id, response_status: 200, response_body: "ok" });
    expect(endpoint.received).toHaveLength(2);
    const [first, second] = endpoint.received;
    expect(second!.headers["x-service-event-id"]).toBe(first!.headers["x-service-event-id"]);
    expect(second!.body).toBe(first!.body);
  });

  it("refuses other tenants, the other mode, another webhook's id, a missing scope, and a disabled webhook", async () => {
    const tenant = await createTenant();
    const endpoint = await receiver(() => 200);
    const { id } = await register(tenant, endpoint.url);
    const other = await register(tenant, endpoint.url);
    await call("POST", `/v1/webhooks/test/${tenant.orgId}`, { key: tenant.key });
    const [delivery] = (await deliveriesOf(tenant, id, (body) => body.total === 1)).data;
    const path = `/v1/webhooks/${id}/deliveries/${delivery.id}/resend`;
    const stranger = await createTenant();
    expect((await call("POST", path, { key: stranger.key })).status).toBe(404);
    expect((await call("POST", path, { key: tenant.testKey })).status).toBe(404);
    expect((await call("POST", `/v1/webhooks/${other.id}/deliveries/${delivery.id}/resend`, { key: tenant.key })).status).toBe(404);
    const readOnly = await createKey(tenant, "webhooks:read");
    expect((await call("POST", path, { key: readOnly.key })).status).toBe(403);
    const malformed = await call("POST", `/v1/webhooks/${id}/deliveries/not-a-uuid/resend`, { key: tenant.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.type).toBe("validation_error");
    await sql(`UPDATE webhooks SET is_active = false, disabled_reason = 'test' WHERE id = $1`, [id]);
    const disabled = await call("POST", path, { key: tenant.key });
    expect(disabled.status).toBe(409);
    expect(disabled.body.message).toMatch(/disabled/);
  });

  it("resends racing scheduled retries never share an attempt number", async () => {
    const tenant = await createTenant();
    const endpoint = await receiver(() => 500); // 7 scheduled attempts, 1 s apart
    const { id } = await register(tenant, endpoint.url);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const [first] = (await deliveriesOf(tenant, id, (body) => body.total >= 1)).data;
    const resends = await Promise.all(
      Array.from({ length: 5 }, () => call("POST", `/v1/webhooks/${id}/deliveries/${first.id}/resend`, { key: tenant.key })),
    );
    expect(resends.map((response) => response.status)).toEqual([202, 202, 202, 202, 202]);
    const log = await deliveriesOf(tenant, id, (body) => body.total === 12, 60_000);
    expect(log.data.map((attempt: any) => attempt.attempt).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(new Set(log.data.map((attempt: any) => attempt.event_id))).toEqual(new Set([first.event_id]));
    expect(endpoint.received).toHaveLength(12);
    // The database itself refuses a second row with a taken number.
    const taken = sql(
      `INSERT INTO webhook_deliveries (id, organization_id, livemode, webhook_id, url, event_id, event, attempt, status)
       SELECT gen_random_uuid(), organization_id, livemode, webhook_id, url, event_id, event, attempt, status FROM webhook_deliveries WHERE id = $1`,
      [first.id],
    );
    await expect(taken).rejects.toMatchObject({ code: "23505" });
  });
});

describe("secret rotation", () => {
  it("returns a new secret once; for the overlap both secrets sign webhook-signature, then only the new one", async () => {
    const tenant = await createTenant();
    const endpoint = await receiver(() => 200);
    const { id, secret: original } = await register(tenant, endpoint.url);

    const readOnly = await createKey(tenant, "webhooks:read");
    expect((await call("POST", `/v1/webhooks/${id}/rotate-secret`, { key: readOnly.key })).status).toBe(403);
    const stranger = await createTenant();
    expect((await call("POST", `/v1/webhooks/${id}/rotate-secret`, { key: stranger.key })).status).toBe(404);
    expect((await call("POST", `/v1/webhooks/${id}/rotate-secret`, { key: tenant.testKey })).status).toBe(404);

    const rotated = await call("POST", `/v1/webhooks/${id}/rotate-secret`, { key: tenant.key });
    expect(rotated.status).toBe(200);
    const secret = rotated.body.data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(original);
    const expiresAt = Date.parse(rotated.body.data.previous_secret_expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(JSON.stringify((await call("GET", "/v1/webhooks", { key: tenant.key })).body)).not.toContain(secret);
    // Encrypted at rest, like the current one.
    const stored = (await sql(`SELECT secret_encrypted, previous_secret_encrypted FROM webhooks WHERE id = $1`, [id])).rows[0];
    expect(stored.secret_encrypted).toMatch(/^v1\./);
    expect(stored.previous_secret_encrypted).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    expect(JSON.stringify(stored)).not.toContain(original.slice(6));

    const deliver = async () => {
      const before = endpoint.received.length;
      expect((await call("POST", `/v1/webhooks/test/${tenant.orgId}`, { key: tenant.key })).status).toBe(200);
      expect(endpoint.received).toHaveLength(before + 1);
      return endpoint.received.at(-1)!;
    };
    const during = await deliver();
    const headers = during.headers as Record<string, string>;
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new StandardWebhook(secret).verify(during.body, headers)).toMatchObject({ id: headers["webhook-id"] });
    expect(new StandardWebhook(original).verify(during.body, headers)).toMatchObject({ id: headers["webhook-id"] });
    expect(headers["x-service-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(during.body).digest("hex")}`);

    // The overlap ends (the stored expiry moved to the past): only the new secret signs.
    await sql(`UPDATE webhooks SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const after = await deliver();
    const afterHeaders = after.headers as Record<string, string>;
    expect(afterHeaders["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(new StandardWebhook(secret).verify(after.body, afterHeaders)).toBeTruthy();
    expect(() => new StandardWebhook(original).verify(after.body, afterHeaders)).toThrow();
    expect((await webhookOf(tenant, id)).previous_secret_expires_at).toBeNull();

    // Rotating again within an overlap keeps only the secret just replaced.
    const third = (await call("POST", `/v1/webhooks/${id}/rotate-secret`, { key: tenant.key })).body.data.secret as string;
    const latest = await deliver();
    const latestHeaders = latest.headers as Record<string, string>;
    expect(new StandardWebhook(third).verify(latest.body, latestHeaders)).toBeTruthy();
    expect(new StandardWebhook(secret).verify(latest.body, latestHeaders)).toBeTruthy();
    expect(() => new StandardWebhook(original).verify(latest.body, latestHeaders)).toThrow();

    // Two rotations at once chain: both secrets they returned sign the next delivery, none is lost.
    const both = await Promise.all([1, 2].map(() => call("POST", `/v1/webhooks/${id}/rotate-secret`, { key: tenant.key })));
    const [a, b] = both.map((response) => response.body.data.secret as string);
    const chained = await deliver();
    for (const rolled of [a!, b!]) expect(new StandardWebhook(rolled).verify(chained.body, chained.headers as Record<string, string>)).toBeTruthy();
  });
});
