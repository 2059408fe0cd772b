// The functions' control flow with mocked steps (@inngest/test): which steps run, with
// what, and what each outcome emits. Their real behaviour end to end is covered over HTTP.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TRunEventName } from "../../../src/domains/runs/run-events.ts";
import * as deliveryPlan from "../../../src/domains/webhooks/delivery-plan.ts";
import * as batchExecution from "../../../src/domains/batches/batch-execution.ts";
import * as runExecution from "../../../src/domains/runs/run-execution.ts";
import { setEmbeddedEventSink } from "../../../src/jobs/client.ts";
import { executeRun } from "../../../src/jobs/functions/execute-run.ts";
import { startBatch } from "../../../src/jobs/functions/start-batch.ts";

const runId = "4b7c3a0e-8f55-4d0e-9f38-0d9a2c1b6e11";
const organizationId = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9";
const batchJobId = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
const started = { runId, agentType: "center" as const, task: "t", data: null, organizationId, batchJobId: null };
// inngest.send and step.sendEvent go through the client's middleware: capture what it would hand the executor.
let sent: { name: string; data?: unknown; id?: string }[] = [];
beforeEach(() => {
  sent = [];
  setEmbeddedEventSink({ accept: async (events) => (sent.push(...events), events.map((_, index) => `evt-${index}`)) });
});
afterEach(() => setEmbeddedEventSink(undefined));

vi.mock("../../../src/domains/runs/run-execution.ts", () => ({
  startRun: vi.fn(),
  callAgent: vi.fn(),
  // The built-in agents' path unless a test says otherwise.
  usesModel: vi.fn(() => false),
  callModelAgent: vi.fn(),
  recordOutcome: vi.fn(),
  recordedOutcomeOf: vi.fn(),
  failRunAsServiceError: vi.fn(),
  loadPriorRounds: vi.fn(),
}));
vi.mock("../../../src/domains/batches/batch-execution.ts", () => ({ markBatchRunning: vi.fn() }));
vi.mock("../../../src/domains/webhooks/delivery-plan.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof deliveryPlan>()),
  planRunEventDeliveries: vi.fn(),
}));
const execution = vi.mocked(runExecution);
const plan = vi.mocked(deliveryPlan);
beforeEach(() => vi.clearAllMocks());

const runEvent = { name: "app/run.requested" as const, data: { runId, executionKey: runId, concurrencyKey: runId, priorityBoost: 0 } };

describe("execute-run", () => {
  // One step runs the domain functions (mocked here): what it calls and what it announces.
  const outcome = (event: TRunEventName, announce: boolean) => ({ event, runId, organizationId, batchJobId: null, triageItemId: null, announce });

  it("does nothing more when the run is no longer queued (cancelled)", async () => {
    execution.startRun.mockResolvedValue(null);
    execution.recordedOutcomeOf.mockResolvedValue(null);
    const { result } = await new InngestTestEngine({ function: executeRun, events: [runEvent] }).execute();
    expect(result).toEqual({ runId, event: null });
    expect(execution.callAgent).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  const target = (deliveryKey: string) => ({ deliveryKey }) as Awaited<ReturnType<typeof deliveryPlan.planRunEventDeliveries>>[number];

  it("announces again an outcome recorded by an earlier try of the step", async () => {
    execution.startRun.mockResolvedValue(null);
    execution.recordedOutcomeOf.mockResolvedValue(outcome("run.completed", true));
    plan.planRunEventDeliveries.mockResolvedValue([target("evt:hook")]);
    const { result } = await new InngestTestEngine({ function: executeRun, events: [runEvent] }).execute();
    expect(result).toEqual({ runId, event: "run.completed" });
    expect(execution.callAgent).not.toHaveBeenCalled();
    expect(plan.planRunEventDeliveries).toHaveBeenCalledWith(runId, "run.completed", null, undefined);
    expect(sent.map((event) => event.id)).toEqual(["evt:hook"]);
  });

  it("records the agent's outcome and requests its deliveries when anyone listens", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.callAgent.mockResolvedValue({ kind: "result", result: { output: { ok: true }, confidence_score: 0.5 } });
    execution.recordOutcome.mockResolvedValue({ ...outcome("run.triage_required", true), triageItemId: "item-1" });
    plan.planRunEventDeliveries.mockResolvedValue([target("evt:hook"), target("evt:run")]);
    const { result } = await new InngestTestEngine({ function: executeRun, events: [runEvent] }).execute();
    expect(result).toEqual({ runId, event: "run.triage_required" });
    expect(plan.planRunEventDeliveries).toHaveBeenCalledWith(runId, "run.triage_required", "item-1", undefined);
    expect(sent.map((event) => [event.name, event.id])).toEqual([
      ["app/webhook.delivery-requested", "evt:hook"],
      ["app/webhook.delivery-requested", "evt:run"],
    ]);
  });

  it("plans and sends nothing when nothing listens to the outcome", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.callAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 1 } });
    execution.recordOutcome.mockResolvedValue(outcome("run.completed", false));
    const { result } = await new InngestTestEngine({ function: executeRun, events: [runEvent] }).execute();
    expect(result).toEqual({ runId, event: "run.completed" });
    expect(plan.planRunEventDeliveries).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("hands a model-backed run to callModelAgent, never to the built-in path", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.usesModel.mockReturnValueOnce(true);
    execution.callModelAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 1 } });
    execution.recordOutcome.mockResolvedValue(outcome("run.completed", false));
    const { result } = await new InngestTestEngine({ function: executeRun, events: [runEvent] }).execute();
    expect(result).toEqual({ runId, event: "run.completed" });
    expect(execution.callModelAgent).toHaveBeenCalledTimes(1);
    expect(execution.callAgent).not.toHaveBeenCalled();
  });

  it("a model-backed run sent back reads the earlier rounds in a step of its own and hands them to callModelAgent", async () => {
    const prior = { round: 1, usage: null, transcript: { messages: [], tool_calls: [] }, feedback: "use the receipt of the 14th" };
    execution.startRun.mockResolvedValue({ ...started, agentType: "assistant", reviewRound: 1 });
    // Every replay after the step asks again.
    execution.usesModel.mockReturnValue(true);
    execution.loadPriorRounds.mockResolvedValue(prior);
    execution.callModelAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 1 } });
    execution.recordOutcome.mockResolvedValue(outcome("run.completed", false));
    const event = { ...runEvent, data: { ...runEvent.data, executionKey: `${runId}:round-1` } };
    const { result } = await new InngestTestEngine({ function: executeRun, events: [event] }).execute();
    expect(result).toEqual({ runId, event: "run.completed" });
    expect(execution.loadPriorRounds).toHaveBeenCalledWith(runId, 1);
    expect(execution.callModelAgent).toHaveBeenCalledWith(expect.objectContaining({ reviewRound: 1 }), expect.any(Function), prior);
    execution.usesModel.mockReturnValue(false);
  });

  it("emits nothing when the outcome changed nothing (the run was cancelled meanwhile)", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.callAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 1 } });
    execution.recordOutcome.mockResolvedValue(null);
    await new InngestTestEngine({ function: executeRun, events: [runEvent] }).execute();
    expect(sent).toEqual([]);
  });
});

describe("start-batch", () => {
  const markBatchRunning = vi.mocked(batchExecution.markBatchRunning);

  it("fans out one run request per waiting row, keyed by the batch", async () => {
    const runIds = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
    markBatchRunning.mockResolvedValue(runIds);
    const { result } = await new InngestTestEngine({ function: startBatch, events: [{ name: "app/batch.created", data: { batchJobId } }] }).execute();
    expect(result).toEqual({ batchJobId, rows: 2 });
    expect(markBatchRunning).toHaveBeenCalledWith(batchJobId);
    expect(sent.map(({ name, id, data }) => ({ name, id, data }))).toEqual(
      runIds.map((id) => ({ name: "app/run.requested", id: `run-${id}`, data: { runId: id, executionKey: id, concurrencyKey: batchJobId, priorityBoost: 0 } })),
    );
  });

  it("sends nothing for a batch cancelled before it started", async () => {
    markBatchRunning.mockResolvedValue([]);
    const { result } = await new InngestTestEngine({ function: startBatch, events: [{ name: "app/batch.created", data: { batchJobId } }] }).execute();
    expect(result).toEqual({ batchJobId, rows: 0 });
    expect(sent).toEqual([]);
  });
});
