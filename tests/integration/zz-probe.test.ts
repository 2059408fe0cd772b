import { describe, expect, inject, it } from "vitest";
import { createOwnService } from "../helpers/own-service.ts";
import { startReceiver } from "../helpers/https-receiver.ts";

describe("probe", () => {
  it("times a loaded shutdown", async () => {
    const service = await createOwnService("probe");
    const receiver = await startReceiver(inject("certificate"), () => ({ status: 200, delayMs: 9500 }));
    const server = await service.start({ AGENT_LATENCY_MS: "300", LOG_LEVEL: "info", WEBHOOK_ALLOW_PRIVATE_URLS: "true", NODE_EXTRA_CA_CERTS: inject("certificate").certPath });
    const { key } = await service.createOrgKey("Probe");
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    await fetch(`${server.baseUrl}/v1/webhooks`, { method: "POST", headers, body: JSON.stringify({ url: receiver.url, events: ["run.completed"] }) });
    const rows = Array.from({ length: 500 }, (_, i) => ({ task: `Q ${i}`, data: { items: [{ description: "bolt", quantity: 1 }] } }));
    const created = await service.api("POST", "/v1/batches", key, { agent_type: "rfq_generator", rows });
    const runIds: string[] = [];
    await new Promise((r) => setTimeout(r, 1000));
    const batch = await service.api("GET", `/v1/batches/${created.body.job.id}?rows_limit=10000`, key);
    for (const row of batch.body.rows.slice(-5)) runIds.push(row.run_id);
    console.log("created", created.status, runIds);
    const streams = runIds.map((id) => fetch(`${server.baseUrl}/v1/runs/${id}/stream`, { headers }).then(async (res) => { const t = Date.now(); try { await res.text(); } catch {} return Date.now() - t; }).catch((e) => String(e)));
    let stopLoad = false;
    const load = Array.from({ length: 20 }, async () => { while (!stopLoad) { await fetch(`${server.baseUrl}/v1/runs?limit=50`, { headers }).then((r) => r.text()).catch(() => { stopLoad = true; }); } });
    await new Promise((r) => setTimeout(r, 6000));
    const t0 = Date.now();
    const code = await server.stop("SIGTERM");
    console.log("exit", code, "after", Date.now() - t0, "ms");
    stopLoad = true;
    console.log("streams", await Promise.all(streams));
    console.log(server.output().split("\n").filter((l) => /shut|drain|releas/.test(l)).join("\n"));
    await receiver.close();
    await service.dispose();
  }, 180_000);
});
