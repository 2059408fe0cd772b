// Model-backed agents against a fake OpenAI-compatible server (a real HTTP server on
// loopback with scripted answers, counting every request): a server of this file's own
// with OPENAI_BASE_URL pointing at it, killed and restarted for the crash test.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, createTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { completion, errorResponse, startFakeModelServer, toolCallCompletion, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until, waitForBatch, waitForRunSettled } from "../helpers/waiting.ts";

let service: TOwnService;
let fake: TFakeModelServer;
let key: string;
let settings: Record<string, string>;

const answer = (overrides: Record<string, unknown> = {}) => ({
  summary: "Drafted the reply",
  output: { reply: "Dear supplier, thank you." },
  confidence: 0.92,
  needs_review: false,
  review_reason: null,
  ...overrides,
});

async function postRun(body: Record<string, unknown>) {
  const created = await service.api("POST", "/v1/run", key, { agent_type: "assistant", ...body });
  expect(created.status).toBe(202);
  return created.body.run_id as string;
}

const settled = (runId: string, timeoutMs = 30_000) => waitForRunSettled((path) => service.api("GET", path, key), runId, { timeoutMs });

const userText = (request: { body: any }): string =>
  request.body.messages.filter((message: any) => message.role === "user").map((message: any) => message.content).join("\n");

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await createOwnService("models");
  settings = {
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: "sk-fake",
    AGENT_MODEL: "fake-model",
    AGENT_MODEL_TIMEOUT_MS: "1000",
    EXECUTOR_RETRY_BASE_MS: "50",
    // The restart takes over the killed process's claims after 3 s.
    EXECUTOR_LEASE_MS: "3000",
    LOG_LEVEL: "debug",
  };
  await service.start(settings);
  ({ key } = await service.createOrgKey("Model Co"));
});

afterAll(async () => {
  await service?.dispose();
  await fake?.close();
});

beforeEach(() => fake.reset());

describe("assistant runs", () => {
  it("completes with the model's structured answer, its usage on the run, the conversation stored and never logged", async () => {
    fake.script(completion(answer(), { prompt_tokens: 120, completion_tokens: 30 }));
    const task = "Draft a polite reply to supplier SECRET-TASK-7731 about the delayed order";
    const runId = await postRun({ task, data: { order: "PO-4471" } });
    const body = await settled(runId);

    expect(body.run).toMatchObject({
      status: "completed",
      confidence_score: 0.92,
      output: { summary: "Drafted the reply", output: { reply: "Dear supplier, thank you." } },
      model_usage: { model: "fake-model", calls: 1, input_tokens: 120, output_tokens: 30 },
    });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.headers.authorization).toBe("Bearer sk-fake");
    expect(request.body.model).toBe("fake-model");
    expect(request.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "assistant_answer" } });
    expect(request.body.response_format.json_schema.schema.required).toEqual(["summary", "output", "confidence", "needs_review", "review_reason"]);
    expect(request.body.messages[0].role).toBe("system");
    expect(userText(request)).toContain(task);
    expect(userText(request)).toContain("PO-4471");

    await withDatabase(service.databaseUrl, async (client) => {
      const { rows } = await client.query("SELECT model_transcript FROM runs WHERE id = $1", [runId]);
      const messages = rows[0].model_transcript.messages;
      expect(messages.map((message: any) => message.role)).toEqual(["system", "user", "assistant"]);
      expect(messages[2].content).toContain("Dear supplier");
    });
    // Debug logging is on, and still neither the prompt nor the answer reaches the log.
    expect(service.server().output()).not.toContain("SECRET-TASK-7731");
    expect(service.server().output()).not.toContain("Dear supplier");
  });

  it("low confidence waits in triage with the model's reason; needs_review does too, whatever the score", async () => {
    fake.script(
      completion(answer({ confidence: 0.4, review_reason: "the delivery date is not in the data" })),
      completion(answer({ confidence: 0.95, needs_review: true, review_reason: "a refund over 10,000 EUR needs approval" })),
    );
    const unsure = await settled(await postRun({ task: "When will the order arrive?" }));
    expect(unsure.run).toMatchObject({ status: "pending_triage", confidence_score: 0.4, requires_triage: true, output: null });
    expect(unsure.triage_item.triage_reason).toBe("confidence 0.4 is below the review threshold 0.7: the delivery date is not in the data");
    expect(unsure.triage_item.proposed_output).toMatchObject({ summary: "Drafted the reply" });

    const review = await settled(await postRun({ task: "Refund the customer" }));
    expect(review.run).toMatchObject({ status: "pending_triage", confidence_score: 0.95 });
    expect(review.triage_item.triage_reason).toBe("a refund over 10,000 EUR needs approval");
  });

  it("429 with Retry-After: waits that long, then succeeds, and makes no call after the success", async () => {
    fake.script(errorResponse(429, "Rate limit reached", { "retry-after": "1" }), completion(answer()));
    const body = await settled(await postRun({ task: "Summarise the contract" }));
    expect(body.run).toMatchObject({ status: "completed", model_usage: { calls: 1 } });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.requests).toHaveLength(2);
  });

  it("500 then success: retried once and completed", async () => {
    fake.script(errorResponse(500, "internal error"), completion(answer()));
    const body = await settled(await postRun({ task: "Summarise the contract" }));
    expect(body.run.status).toBe("completed");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages).toEqual(fake.requests[0]!.body.messages);
  });

  it("a malformed answer gets one repair request, and usage is summed over both calls", async () => {
    fake.script(
      completion("Sure! Here is the answer: {summary:", { prompt_tokens: 100, completion_tokens: 7 }),
      completion(answer(), { prompt_tokens: 140, completion_tokens: 25 }),
    );
    const body = await settled(await postRun({ task: "Classify the email" }));
    expect(body.run).toMatchObject({ status: "completed", model_usage: { model: "fake-model", calls: 2, input_tokens: 240, output_tokens: 32 } });
    expect(fake.requests).toHaveLength(2);
    expect(userText(fake.requests[1]!)).toContain("Your answer could not be used: the answer was not valid JSON");
  });

  it("twice malformed fails the run with a clear message, after exactly two calls (charged: the model answered)", async () => {
    const before = (await service.api("GET", "/v1/usage", key)).body.credits_used;
    fake.script(completion("not json"), completion({ summary: "x", confidence: 3 }));
    const body = await settled(await postRun({ task: "Classify the email" }));
    expect(body.run.status).toBe("failed");
    expect(body.run.error_message).toMatch(/^model_answer_malformed: The model's answer was malformed after one repair attempt: the answer did not match the schema: /);
    expect(body.run.model_usage).toMatchObject({ calls: 2 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.requests).toHaveLength(2);
    expect((await service.api("GET", "/v1/usage", key)).body.credits_used).toBe(before + 10);
  });

  it("a server that keeps answering 503 is retried until the attempts run out, then the run fails (refunded), never endlessly", async () => {
    const before = (await service.api("GET", "/v1/usage", key)).body.credits_used;
    fake.setFallback(errorResponse(503, "model is loading"));
    const body = await settled(await postRun({ task: "Summarise the contract" }));
    expect(body.run.status).toBe("failed");
    expect(body.run.error_message).toContain("Model call failed: the model server answered 503: model is loading");
    expect(fake.requests).toHaveLength(4); // one call, four attempts (retries: 3)
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.requests).toHaveLength(4);
    expect((await service.api("GET", "/v1/usage", key)).body.credits_used).toBe(before);
  });

  it("batch rows of assistant runs each get their own answer", async () => {
    fake.setFallback((request) => completion(answer({ summary: `done: ${userText(request).includes("row two") ? "two" : "one"}` })));
    const created = await service.api("POST", "/v1/batches", key, { agent_type: "assistant", rows: [{ task: "row one" }, { task: "row two" }] });
    expect(created.status).toBe(201);
    const job = await waitForBatch((path) => service.api("GET", path, key), created.body.job.id, {
      what: "the batch to complete",
      done: (batch) => batch.status === "completed",
      intervalMs: 100,
    });
    expect(job.job).toMatchObject({ status: "completed", completed_rows: 2 });
    expect(job.rows.map((row: any) => row.result.summary)).toEqual(["done: one", "done: two"]);
    expect(fake.requests).toHaveLength(2);
  });

  it("a 4xx other than 429 fails the run at once with the server's message", async () => {
    fake.script(errorResponse(401, "Incorrect API key provided: sk-fake"));
    const body = await settled(await postRun({ task: "Summarise the contract" }));
    expect(body.run.status).toBe("failed");
    expect(body.run.error_message).toBe("Model call failed: the model server refused the request (401): Incorrect API key provided: sk-fake");
    expect(body.run.model_usage).toMatchObject({ calls: 0, input_tokens: 0, output_tokens: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.requests).toHaveLength(1);
  });

  it("a call slower than AGENT_MODEL_TIMEOUT_MS is abandoned and retried", async () => {
    fake.script({ ...completion(answer({ summary: "late" })), delayMs: 3000 }, completion(answer({ summary: "on time" })));
    const body = await settled(await postRun({ task: "Summarise the contract" }));
    expect(body.run).toMatchObject({ status: "completed", output: { summary: "on time" }, model_usage: { calls: 1 } });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("a SIGKILL between two model calls: after the restart the first call is not sent again", async () => {
    fake.script(
      completion("{ broken", { prompt_tokens: 50, completion_tokens: 5 }),
      // The repair request hangs until the process is killed.
      { ...completion(answer()), delayMs: 60_000 },
      completion(answer({ summary: "after the restart" }), { prompt_tokens: 70, completion_tokens: 9 }),
    );
    const runId = await postRun({ task: "Draft the RFQ cover letter" });
    await until("the second model call", () => fake.requests.length >= 2, 20_000);
    expect(await service.server().stop("SIGKILL")).toBeNull();

    await service.start(settings);
    const body = await settled(runId, 60_000);
    expect(body.run).toMatchObject({ status: "completed", output: { summary: "after the restart" } });
    // Call 1 once; only the interrupted repair call is sent again.
    expect(fake.requests).toHaveLength(3);
    expect(userText(fake.requests[0]!)).not.toContain("Your answer could not be used");
    expect(userText(fake.requests[1]!)).toContain("Your answer could not be used");
    expect(fake.requests[2]!.body.messages).toEqual(fake.requests[1]!.body.messages);
    // Usage counts the answered calls: the first (from its saved step) and the last.
    expect(body.run.model_usage).toEqual({ model: "fake-model", calls: 2, input_tokens: 120, output_tokens: 14 });
  }, 120_000);
});

describe("tools", () => {
  const invoice = { number: "INV-9", vendor: "Acme", currency: "EUR", total: 120, lines: [{ sku: "B-1", description: "bolts", quantity: 12, unit_price: 10 }] };
  const order = { number: "PO-9", vendor: "Acme", currency: "EUR", total: 100, lines: [{ sku: "B-1", description: "bolts", quantity: 10, unit_price: 10 }] };

  it("the model calls the AP match and the RFQ drafter; their results go back to it and are recorded on the run", async () => {
    fake.script(
      toolCallCompletion(
        [["ap_match", { invoice, purchase_order: order }], ["rfq_draft", { title: "bolts", items: [{ description: "M8 bolts", quantity: 200, unit: "pcs" }] }]],
        { prompt_tokens: 300, completion_tokens: 40 },
      ),
      completion(answer({ summary: "Invoice held: 12 billed, 10 ordered; RFQ drafted", confidence: 0.9 }), { prompt_tokens: 500, completion_tokens: 60 }),
    );
    const runId = await postRun({ task: "Check INV-9 against PO-9 and draft an RFQ for 200 M8 bolts", data: { invoice, purchase_order: order } });
    const body = await settled(runId);

    // The tools were offered with JSON Schema parameters.
    expect(fake.requests[0]!.body.tools.map((tool: any) => tool.function.name)).toEqual(["ap_match", "rfq_draft"]);
    expect(fake.requests[0]!.body.tools[0].function.parameters.required).toEqual(["invoice"]);
    // The deterministic results went back to the model as tool messages, one per call id.
    expect(fake.requests).toHaveLength(2);
    const toolMessages = fake.requests[1]!.body.messages.filter((message: any) => message.role === "tool");
    expect(toolMessages.map((message: any) => message.tool_call_id)).toEqual(
      fake.requests[1]!.body.messages.find((message: any) => message.tool_calls).tool_calls.map((call: any) => call.id),
    );
    const match = JSON.parse(toolMessages[0].content);
    expect(match.output).toMatchObject({ decision: "approve_payment", matched: "2-way", amount_due: 120, acknowledged_discrepancies: expect.any(Array) });
    expect(match.output.discrepancies.map((found: any) => found.field)).toContain("purchase_order.lines[B-1].quantity");
    const rfq = JSON.parse(toolMessages[1].content);
    expect(rfq.output).toMatchObject({ rfq_number: expect.stringMatching(/^RFQ-[0-9A-F]{8}$/), items: [{ description: "M8 bolts", quantity: 200, unit: "pcs" }] });

    // Recorded on the run: in its output, and in the stored conversation.
    expect(body.run).toMatchObject({
      status: "completed",
      output: { summary: "Invoice held: 12 billed, 10 ordered; RFQ drafted" },
      model_usage: { calls: 2, input_tokens: 800, output_tokens: 100 },
    });
    expect(body.run.output.tool_calls).toEqual([
      { name: "ap_match", arguments: { invoice, purchase_order: order }, result: match },
      { name: "rfq_draft", arguments: { title: "bolts", items: [{ description: "M8 bolts", quantity: 200, unit: "pcs" }] }, result: rfq },
    ]);
    await withDatabase(service.databaseUrl, async (client) => {
      const { rows } = await client.query("SELECT model_transcript FROM runs WHERE id = $1", [runId]);
      expect(rows[0].model_transcript.tool_calls.map((call: any) => call.name)).toEqual(["ap_match", "rfq_draft"]);
      expect(rows[0].model_transcript.messages.map((message: any) => message.role)).toEqual(["system", "user", "assistant", "tool", "tool", "assistant"]);
    });
  });

  it("a tool given unusable arguments answers with the error for the model to correct", async () => {
    fake.script(
      toolCallCompletion([["ap_match", { invoice: { number: "INV-1" } }], ["no_such_tool", {}]]),
      completion(answer({ confidence: 0.5, review_reason: "the invoice has no lines" })),
    );
    const body = await settled(await postRun({ task: "Pay INV-1" }));
    expect(body.run.status).toBe("pending_triage");
    const toolMessages = fake.requests[1]!.body.messages.filter((message: any) => message.role === "tool");
    expect(JSON.parse(toolMessages[0].content)).toEqual({ error: "data.invoice.vendor is required" });
    expect(JSON.parse(toolMessages[1].content)).toEqual({ error: "unknown tool no_such_tool" });
    expect(body.triage_item.proposed_output.tool_calls).toHaveLength(2);
  });
});

describe("built-in agents with a model configured", () => {
  async function postAs(agentType: string, body: Record<string, unknown>) {
    const created = await service.api("POST", "/v1/run", key, { agent_type: agentType, ...body });
    expect(created.status).toBe(202);
    return settled(created.body.run_id);
  }

  it("center still places what its rules can without asking the model", async () => {
    const body = await postAs("center", { task: "Quote for bolts", data: { items: [{ description: "bolts", quantity: 5 }] } });
    expect(body.run).toMatchObject({ status: "completed", output: { routed_to: "rfq_generator" }, model_usage: null });
    expect(fake.requests).toHaveLength(0);
  });

  it("center asks the model about a task its rules cannot place; the RFQ items are then read by the model too", async () => {
    fake.script(
      completion({ specialist: "rfq_generator", reason: "the office needs supplies bought" }, { prompt_tokens: 80, completion_tokens: 12 }),
      completion({ items: [{ description: "printer paper", quantity: 40, unit: "reams" }, { description: "toner cartridges", quantity: 12, unit: null }] }, { prompt_tokens: 90, completion_tokens: 30 }),
    );
    const body = await postAs("center", { task: "We are running low on printer paper (forty reams) and a dozen toner cartridges" });
    expect(fake.requests.map((request) => request.body.response_format.json_schema.name)).toEqual(["route", "rfq_items"]);
    expect(body.run).toMatchObject({
      status: "completed",
      confidence_score: 0.8,
      output: {
        routed_to: "rfq_generator",
        routed_by: "model",
        routing_reason: "the office needs supplies bought",
        extracted_by: "model",
        items: [{ description: "printer paper", quantity: 40, unit: "reams" }, { description: "toner cartridges", quantity: 12, unit: null }],
      },
      model_usage: { model: "fake-model", calls: 2, input_tokens: 170, output_tokens: 42 },
    });
  });

  it("center sends the task to a person with the model's reason when no specialist fits", async () => {
    fake.script(completion({ specialist: null, reason: "a broken espresso machine is a repair, not a purchase or an invoice" }));
    const body = await postAs("center", { task: "The espresso machine on floor 3 is broken" });
    expect(body.run).toMatchObject({ status: "pending_triage", output: null });
    expect(body.triage_item.triage_reason).toBe("no specialist matched: a broken espresso machine is a repair, not a purchase or an invoice");
    expect(body.triage_item.proposed_output).toMatchObject({ routed_to: null, routed_by: "model" });
  });

  it("center routed by the model to ap_specialist without data.invoice fails on the input, with the routing call's usage recorded", async () => {
    fake.script(completion({ specialist: "ap_specialist", reason: "it is a supplier bill" }, { prompt_tokens: 60, completion_tokens: 8 }));
    const body = await postAs("center", { task: "Acme sent us their bill for March, please deal with it" });
    expect(body.run).toMatchObject({ status: "failed", error_message: "data.invoice is required", model_usage: { calls: 1, input_tokens: 60, output_tokens: 8 } });
  });

  it("center falls back to its rules when the model fails", async () => {
    fake.script(errorResponse(400, "model not found"));
    const body = await postAs("center", { task: "The espresso machine on floor 3 is broken" });
    expect(body.run.status).toBe("pending_triage");
    expect(body.triage_item.triage_reason).toBe("no specialist matched");
    expect(body.run.model_usage).toMatchObject({ calls: 0 });
  });

  it("rfq_generator reads items out of free text with the model, and asks nothing when items are given", async () => {
    fake.script(completion({ items: [{ description: "M8 hex bolts", quantity: 200, unit: "pcs" }] }));
    const body = await postAs("rfq_generator", { task: "Need two hundred M8 hex bolts by Friday", data: { due_date: "Friday" } });
    expect(body.run).toMatchObject({
      status: "completed",
      confidence_score: 0.8,
      output: { extracted_by: "model", items: [{ description: "M8 hex bolts", quantity: 200, unit: "pcs" }], due_date: "Friday" },
      model_usage: { calls: 1 },
    });
    expect(userText(fake.requests[0]!)).toContain("Need two hundred M8 hex bolts by Friday");

    fake.reset();
    const given = await postAs("rfq_generator", { task: "Quote", data: { items: [{ description: "nuts", quantity: 3 }] } });
    expect(given.run).toMatchObject({ status: "completed", confidence_score: 0.9, model_usage: null });
    expect(fake.requests).toHaveLength(0);
  });

  it("rfq_generator falls back to pattern matching when the model fails (malformed twice)", async () => {
    fake.script(completion("no idea"), completion("still no idea"));
    const body = await postAs("rfq_generator", { task: "Please quote 50 steel brackets and 200 M8 bolts" });
    expect(fake.requests).toHaveLength(2);
    expect(body.run.status).toBe("pending_triage");
    expect(body.triage_item.triage_reason).toBe("items inferred from free text");
    expect(body.triage_item.proposed_output).toMatchObject({
      extracted_by: "rules",
      items: [{ description: "steel brackets", quantity: 50 }, { description: "M8 bolts", quantity: 200 }],
    });
    expect(body.run.model_usage).toMatchObject({ calls: 2 });
  });
});

describe("without a model configured", () => {
  it("refuses agent_type assistant with 400 validation_error naming the settings, and charges nothing", async () => {
    const tenant = await createTenant(); // on the shared test server, which has no model
    const response = await call("POST", "/v1/run", { key: tenant.key, body: { agent_type: "assistant", task: "Summarise this" } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("OPENAI_BASE_URL and AGENT_MODEL") });
    const batch = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "assistant", rows: [{ task: "one" }] } });
    expect(batch.status).toBe(400);
    expect(batch.body.message).toContain("AGENT_MODEL");
    expect((await call("GET", "/v1/usage", { key: tenant.key })).body).toMatchObject({ credits_used: 0, credits_remaining: 10_000 });
    expect((await call("GET", "/v1/runs", { key: tenant.key })).body.total).toBe(0);
  });
});
