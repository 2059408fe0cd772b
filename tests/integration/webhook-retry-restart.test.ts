// A pending webhook retry survives a crash: the receiver fails the first attempt, the
// server is killed while the retry waits, and the restarted server delivers it.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { startReceiver } from "../helpers/https-receiver.ts";
import { waitUntil } from "../helpers/waiting.ts";

let service: TOwnService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const settings = () => ({
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  WEBHOOK_RETRY_SCHEDULE: "4s",
  NODE_EXTRA_CA_CERTS: inject("certificate").certPath,
});

async function attempts() {
  return withDatabase(service.databaseUrl, async (client) =>
    (await client.query("SELECT attempt, status, response_status FROM webhook_deliveries ORDER BY attempt")).rows,
  );
}

beforeAll(async () => {
  service = await createOwnService("retry");
  receiver = await startReceiver(inject("certificate"), (_request, index) => (index === 0 ? 500 : 200));
});

afterAll(async () => {
  await service?.dispose();
  await receiver.close();
});

describe("webhook retry across a crash", () => {
  it("delivers the retry after the server is killed during the wait", async () => {
    const server = await service.start(settings());
    const { key } = await service.createOrgKey("Retry Co");
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    await fetch(`${server.baseUrl}/v1/webhooks`, { method: "POST", headers, body: JSON.stringify({ url: receiver.url, events: ["run.completed"] }) });
    await fetch(`${server.baseUrl}/v1/run`, {
      method: "POST",
      headers,
      body: JSON.stringify({ task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "glue", quantity: 1 }] } }),
    });

    await waitUntil(attempts, { what: "the first delivery attempt", done: (seen) => seen.length > 0, timeoutMs: 20_000 });
    expect(await attempts()).toEqual([{ attempt: 1, status: "failed", response_status: 500 }]);
    await server.stop("SIGKILL"); // while the retry waits its 4 s

    await service.start(settings());
    await waitUntil(attempts, { what: "the retry after the restart", done: (seen) => seen.length >= 2, timeoutMs: 30_000, intervalMs: 100 });
    expect(await attempts()).toEqual([
      { attempt: 1, status: "failed", response_status: 500 },
      { attempt: 2, status: "succeeded", response_status: 200 },
    ]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.headers["x-service-event-id"]).toBe(receiver.received[1]!.headers["x-service-event-id"]);
  });
});
