// GET /v1/runs/{id}/steps (and runs.steps on the dashboard's tRPC): a run's step trace,
// derived from what the run stores. A server of this file's own, with a fake
// OpenAI-compatible server, so built-in and assistant runs are traced by the same server.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, toolCallCompletion, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { waitForRunSettled } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let orgId: string;
let key: string;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const invoice = { number: "INV-9", vendor: "Acme", currency: "EUR", total: 120, lines: [{ sku: "B-1", description: "bolts", quantity: 12, unit_price: 10 }] };
const order = { number: "PO-9", vendor: "Acme", currency: "EUR", total: 100, lines: [{ sku: "B-1", description: "bolts", quantity: 10, unit_price: 10 }] };

async function postRun(body: Record<string, unknown>, withKey = key) {
  const created = await service.api("POST", "/v1/run", withKey, body);
  expect(created.status).toBe(202);
  return created.body.run_id as string;
}

const settled = (runId: string, withKey = key) => waitForRunSettled((path) => service.api("GET", path, withKey), runId);

const stepsOf = async (runId: string, withKey = key) => {
  const response = await service.api("GET", `/v1/runs/${runId}/steps`, withKey);
  expect(response.status).toBe(200);
  return response.body.data as any[];
};

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await createOwnService("steps");
  await service.start({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: "sk-fake", AGENT_MODEL: "fake-model", AGENT_MODEL_TIMEOUT_MS: "2000" });
  ({ orgId, key } = await service.createOrgKey("Steps Co"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

beforeEach(() => fake.reset());

describe("steps of a built-in run", () => {
  it("an AP match with discrepancies: the agent step lists each one, then triage; after approval a review step says who, the note and the edit", async () => {
    const runId = await postRun({ agent_type: "ap_specialist", task: "Check INV-9", data: { invoice, purchase_order: order } });
    const pending = await settled(runId);
    expect(pending.run.status).toBe("pending_triage");

    const before = await stepsOf(runId);
    expect(before.map((step) => [step.type, step.status])).toEqual([["agent", "completed"], ["triage", "pending"]]);
    const [agent, triage] = before;
    expect(agent.detail.agent).toBe("ap_specialist");
    expect(agent.detail.found.map((finding: any) => finding.field)).toEqual([
      "purchase_order.lines[B-1].quantity",
      "purchase_order.total",
    ]);
    expect(agent.detail.found[0]).toMatchObject({ expected: 10, actual: 12, message: "invoice quantity 12 for B-1 does not match purchase order quantity 10" });
    expect(agent.detail.checked.join("\n")).toContain("purchase order");
    expect(agent.started_at).toBe(pending.run.started_at);
    expect(agent.finished_at).toBe(pending.triage_item.created_at);
    expect(agent.duration_ms).toBe(Date.parse(agent.finished_at) - Date.parse(agent.started_at));
    expect(triage.detail).toEqual({ triage_item_id: pending.triage_item.id, reason: pending.triage_item.triage_reason, item_status: "pending", round: 0 });
    expect(triage).toMatchObject({ started_at: expect.stringMatching(ISO), finished_at: null });

    const edited = { ...pending.triage_item.proposed_output, amount_due: 100 };
    const approved = await service.api("POST", `/v1/triage/${pending.triage_item.id}/approve`, key, { output: edited, resolution_note: "Pay the 10 ordered" });
    expect(approved.status).toBe(200);

    const after = await stepsOf(runId);
    expect(after.map((step) => [step.type, step.status])).toEqual([["agent", "completed"], ["triage", "completed"], ["review", "completed"]]);
    // The agent's findings stay what it proposed, not the reviewer's edit.
    expect(after[0].detail.found).toEqual(agent.detail.found);
    expect(after[2].detail).toEqual({
      decision: "approved",
      resolved_by: approved.body.data.resolved_by,
      resolved_by_name: "k",
      resolved_by_actor: { type: "api_key", id: approved.body.data.resolved_by.slice("api_key:".length), name: expect.stringMatching(/^API key 'k'/) },
      note: "Pay the 10 ordered",
      edited: true,
      round: 0,
      feedback: null,
      data_patch: null,
      // What the decision was about: the agent's proposal, not the edit.
      proposed_output: pending.triage_item.proposed_output,
    });
    expect(after[1].finished_at).toBe(approved.body.data.resolved_at);
  });

  it("a center-routed run: the routing decision, then the specialist's findings", async () => {
    // Another vendor's INV-9: Acme's waits for a person above, and a routed run is matched against it too.
    const runId = await postRun({ task: "Please pay this", data: { invoice: { ...invoice, vendor: "Routed Co" } } });
    await settled(runId);
    const steps = await stepsOf(runId);
    const agents = steps.filter((step) => step.type === "agent");
    expect(agents.map((step) => step.detail.agent)).toEqual(["center", "ap_specialist"]);
    expect(agents[0].detail.found[0]).toMatchObject({ field: "routed_to", actual: "ap_specialist", message: "routed to ap_specialist: data.invoice is present" });
    expect(agents[1].detail.summary).toMatch(/invoice INV-9: no discrepancies, payment approved/);
    // No model was asked: the rules placed it.
    expect(steps.some((step) => step.type === "model_call")).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it("a center run the rules cannot place: the model's routing call, then center's decision with the model's reason", async () => {
    fake.script(completion({ specialist: null, reason: "a poem is not back-office work" }, { prompt_tokens: 50, completion_tokens: 9 }));
    const runId = await postRun({ task: "Write a poem about spring" });
    expect((await settled(runId)).run.status).toBe("pending_triage");
    const steps = await stepsOf(runId);
    expect(steps.map((step) => step.type)).toEqual(["model_call", "agent", "triage"]);
    // One call: its tokens are the run's.
    expect(steps[0].detail).toMatchObject({ model: "fake-model", attempt: 1, input_tokens: 50, output_tokens: 9, error: null });
    expect(steps[0].detail.messages[1].content).toContain("Write a poem about spring");
    expect(steps[1].detail).toMatchObject({ agent: "center", summary: "No specialist fits the task: a poem is not back-office work" });
    expect(steps[2].detail.reason).toBe("no specialist matched: a poem is not back-office work");
  });

  it("a queued run already has a step: its agent, pending, not started", async () => {
    // Written straight to the database and never dispatched, so it stays queued.
    const runId = randomUUID();
    await withDatabase(service.databaseUrl, (client) =>
      client.query(
        `INSERT INTO runs (id, organization_id, livemode, agent_type, status, priority, task, updated_at)
         VALUES ($1, $2, true, 'ap_specialist', 'queued', 'normal', 'Check', now())`,
        [runId, orgId],
      ),
    );
    const steps = await stepsOf(runId);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ type: "agent", status: "pending", started_at: null, finished_at: null, duration_ms: null, detail: { agent: "ap_specialist" } });
    expect(steps[0].detail.summary).toMatch(/queued/);
  });
});

describe("steps of an assistant run", () => {
  it("each model call with the messages sent and the answer, the tool call between them, then the agent's summary", async () => {
    fake.script(
      toolCallCompletion([["ap_match", { invoice, purchase_order: order }]], { prompt_tokens: 300, completion_tokens: 40 }),
      completion(
        { summary: "Invoice held: 12 billed, 10 ordered", output: { decision: "hold" }, confidence: 0.9, needs_review: false, review_reason: null },
        { prompt_tokens: 500, completion_tokens: 60 },
      ),
    );
    const runId = await postRun({ agent_type: "assistant", task: "Check INV-9 against PO-9", data: { invoice, purchase_order: order } });
    const body = await settled(runId);
    expect(body.run.status).toBe("completed");

    const steps = await stepsOf(runId);
    expect(steps.map((step) => step.type)).toEqual(["model_call", "tool_call", "model_call", "agent"]);
    const [first, tool, second, agent] = steps;
    expect(first.detail).toMatchObject({ model: "fake-model", conversation: 1, attempt: 1, error: null });
    // What was sent is what the fake server received.
    expect(first.detail.messages.map((message: any) => [message.role, message.content])).toEqual(
      fake.requests[0]!.body.messages.map((message: any) => [message.role, message.content]),
    );
    expect(first.detail.answer.tool_calls[0]).toMatchObject({ name: "ap_match" });
    expect(second.detail.attempt).toBe(2);
    expect(second.detail.messages).toHaveLength(fake.requests[1]!.body.messages.length);
    expect(JSON.parse(second.detail.answer.content)).toMatchObject({ summary: "Invoice held: 12 billed, 10 ordered" });
    // Tokens are stored summed over the run's two calls (on model_usage), not per call.
    expect(first.detail.input_tokens).toBeNull();
    expect(body.run.model_usage).toMatchObject({ calls: 2, input_tokens: 800 });

    expect(tool.detail).toMatchObject({ name: "ap_match", arguments: { invoice, purchase_order: order } });
    expect(tool.detail.result.output.decision).toBe("approve_payment");
    expect(agent.detail).toMatchObject({ agent: "assistant", summary: "Invoice held: 12 billed, 10 ordered", checked: ["the task and its data", "the ap_match tool's result"] });
    for (const step of steps) expect(step.started_at).toBe(body.run.started_at);
  });
});

describe("who may read steps", () => {
  it("another organization's run and another mode's run are 404; a key without agents:read is 403", async () => {
    const runId = await postRun({ agent_type: "ap_specialist", task: "Check", data: { invoice } });
    const other = await service.createOrgKey("Other Co");
    const crossTenant = await service.api("GET", `/v1/runs/${runId}/steps`, other.key);
    expect(crossTenant.status).toBe(404);
    expect(crossTenant.body).toMatchObject({ error: "not_found", type: "not_found" });

    const testKey = (await service.cli("create-key", "--org", orgId, "--name", "t", "--scopes", "all", "--mode", "test")).key;
    expect((await service.api("GET", `/v1/runs/${runId}/steps`, testKey)).status).toBe(404);

    const runOnly = (await service.cli("create-key", "--org", orgId, "--name", "r", "--scopes", "agents:run", "--mode", "live")).key;
    const forbidden = await service.api("GET", `/v1/runs/${runId}/steps`, runOnly);
    expect(forbidden.status).toBe(403);
    expect(JSON.stringify(forbidden.body)).toContain("agents:read");

    const unknown = await service.api("GET", `/v1/runs/00000000-0000-4000-8000-000000000000/steps`, key);
    expect(unknown.status).toBe(404);
  });

  it("the dashboard's tRPC answers the same steps as the API", async () => {
    const runId = await postRun({ agent_type: "ap_specialist", task: "Check", data: { invoice, purchase_order: order } });
    await settled(runId);
    const viaApi = await stepsOf(runId);
    const cookie = await service.signIn(orgId, "viewer");
    const response = await fetch(`${service.server().baseUrl}/api/trpc/runs.steps?input=${encodeURIComponent(JSON.stringify({ id: runId }))}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.data.data).toEqual(viaApi);
  });
});
