// The jobs' control flow with the domain modules mocked, driven through a small in-memory
// `TJobIO`: which steps run, with what, and what work each outcome queues. Their real
// behaviour end to end is covered over HTTP.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TRunEventName } from "../../../src/domains/runs/run-events.ts";
import { executeRunWork, runOutcomeWork } from "../../../src/domains/runs/run-work.ts";
import * as deliveryPlan from "../../../src/domains/webhooks/delivery-plan.ts";
import { deliveryWork, triageOverdueWork } from "../../../src/domains/webhooks/webhook-work.ts";
import { reachReviewersWork } from "../../../src/domains/review-reach/reach-work.ts";
import * as batchExecution from "../../../src/domains/batches/batch-execution.ts";
import * as runExecution from "../../../src/domains/runs/run-execution.ts";
import type { TWork } from "../../../src/domains/work-queue/work.ts";
import { executeRun, RUN_GAVE_UP_MESSAGE } from "../../../src/jobs/functions/execute-run.ts";
import { startBatch } from "../../../src/jobs/functions/start-batch.ts";
import type { TJobIO } from "../../../src/jobs/job.ts";

const runId = "4b7c3a0e-8f55-4d0e-9f38-0d9a2c1b6e11";
const organizationId = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9";
const batchJobId = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
const triageItemId = "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a";
const started = { runId, agentType: "center" as const, task: "t", data: null, organizationId, batchJobId: null };

/**
 * An in-memory `TJobIO`: steps memoized by id (a second `run` of an id returns the first
 * result), `send` recorded once per step id. Sleeps and waits resolve at once.
 */
function memoryIO() {
  const steps = new Map<string, unknown>();
  const sent: { id: string; works: TWork[] }[] = [];
  const io: TJobIO = {
    async run<T>(id: string, fn: () => Promise<T>): Promise<T> {
      if (!steps.has(id)) steps.set(id, await fn());
      return steps.get(id) as T;
    },
    async sleepUntil(id) {
      steps.set(id, null);
    },
    async waitForEvent(id) {
      steps.set(id, null);
      return null;
    },
    async send(id, works) {
      if (steps.has(id)) return;
      steps.set(id, null);
      sent.push({ id, works: [...works] });
    },
  };
  return { io, steps, sent };
}

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
afterEach(() => execution.usesModel.mockReturnValue(false));

const payload = { runId, reviewRound: 0 };
const runJob = (io: TJobIO, input = payload) => executeRun.handler(input, io, { attempt: 0 });

describe("execute-run", () => {
  // One pass runs the domain functions (mocked here): what it calls and what it queues.
  const outcome = (event: TRunEventName, announce: boolean) => ({ event, runId, organizationId, batchJobId: null, triageItemId: null, announce });
  const target = (deliveryKey: string) => ({ deliveryKey }) as Awaited<ReturnType<typeof deliveryPlan.planRunEventDeliveries>>[number];

  it("does nothing more when the run is no longer queued (cancelled)", async () => {
    execution.startRun.mockResolvedValue(null);
    execution.recordedOutcomeOf.mockResolvedValue(null);
    const { io, sent } = memoryIO();
    expect(await runJob(io)).toEqual({ runId, event: null });
    expect(execution.callAgent).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("announces again an outcome recorded by an earlier try of the job", async () => {
    execution.startRun.mockResolvedValue(null);
    execution.recordedOutcomeOf.mockResolvedValue(outcome("run.completed", true));
    plan.planRunEventDeliveries.mockResolvedValue([target("evt:hook")]);
    const { io, sent } = memoryIO();
    expect(await runJob(io)).toEqual({ runId, event: "run.completed" });
    expect(execution.callAgent).not.toHaveBeenCalled();
    expect(plan.planRunEventDeliveries).toHaveBeenCalledWith(runId, "run.completed", null, undefined);
    expect(sent).toEqual([{ id: "deliver-run.completed", works: [deliveryWork(target("evt:hook"))] }]);
    expect(sent[0]!.works.map((work) => [work.job, work.key])).toEqual([["deliver-webhook", "evt:hook"]]);
  });

  it("records the agent's outcome and requests its deliveries when anyone listens (and an item's overdue timer)", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.callAgent.mockResolvedValue({ kind: "result", result: { output: { ok: true }, confidence_score: 0.5 } });
    execution.recordOutcome.mockResolvedValue({ ...outcome("run.triage_required", true), triageItemId });
    plan.planRunEventDeliveries.mockResolvedValue([target("evt:hook"), target("evt:run")]);
    const { io, sent } = memoryIO();
    expect(await runJob(io)).toEqual({ runId, event: "run.triage_required" });
    expect(execution.recordOutcome).toHaveBeenCalledWith(started, { kind: "result", result: { output: { ok: true }, confidence_score: 0.5 } });
    expect(plan.planRunEventDeliveries).toHaveBeenCalledWith(runId, "run.triage_required", triageItemId, undefined);
    expect(sent).toEqual([
      { id: "watch-due-time", works: [triageOverdueWork(triageItemId)] },
      { id: "reach-reviewers", works: [reachReviewersWork(triageItemId)] },
      { id: "deliver-run.triage_required", works: [deliveryWork(target("evt:hook")), deliveryWork(target("evt:run"))] },
    ]);
    expect(sent.flatMap(({ works }) => works.map((work) => [work.job, work.key]))).toEqual([
      ["announce-triage-overdue", triageItemId],
      ["reach-reviewers", triageItemId],
      ["deliver-webhook", "evt:hook"],
      ["deliver-webhook", "evt:run"],
    ]);
  });

  it("asks a spot check's reviewers to be told (no overdue timer: the run completed)", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.callAgent.mockResolvedValue({ kind: "result", result: { output: { ok: true }, confidence_score: 0.95 } });
    execution.recordOutcome.mockResolvedValue({ ...outcome("run.completed", false), spotCheckItemId: triageItemId });
    const { io, sent } = memoryIO();
    expect(await runJob(io)).toEqual({ runId, event: "run.completed" });
    expect(sent).toEqual([{ id: "reach-reviewers", works: [reachReviewersWork(triageItemId)] }]);
  });

  it("plans and sends nothing when nothing listens to the outcome", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.callAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 1 } });
    execution.recordOutcome.mockResolvedValue(outcome("run.completed", false));
    const { io, sent } = memoryIO();
    expect(await runJob(io)).toEqual({ runId, event: "run.completed" });
    expect(plan.planRunEventDeliveries).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("hands a model-backed run to callModelAgent, never to the built-in path", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.usesModel.mockReturnValueOnce(true);
    execution.callModelAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 1 } });
    execution.recordOutcome.mockResolvedValue(outcome("run.completed", false));
    const { io } = memoryIO();
    expect(await runJob(io)).toEqual({ runId, event: "run.completed" });
    expect(execution.callModelAgent).toHaveBeenCalledTimes(1);
    expect(execution.callAgent).not.toHaveBeenCalled();
  });

  it("a model-backed run sent back reads the earlier rounds in a step of its own and hands them to callModelAgent", async () => {
    const prior = { round: 1, usage: null, transcript: { messages: [], tool_calls: [] }, feedback: "use the receipt of the 14th" };
    execution.startRun.mockResolvedValue({ ...started, agentType: "assistant", reviewRound: 1 });
    execution.usesModel.mockReturnValue(true);
    execution.loadPriorRounds.mockResolvedValue(prior);
    execution.callModelAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 1 } });
    execution.recordOutcome.mockResolvedValue(outcome("run.completed", false));
    const { io, steps } = memoryIO();
    expect(await runJob(io, { runId, reviewRound: 1 })).toEqual({ runId, event: "run.completed" });
    expect(execution.loadPriorRounds).toHaveBeenCalledWith(runId, 1);
    expect(steps.get("round-1-context")).toEqual(prior);
    expect(execution.callModelAgent).toHaveBeenCalledWith(expect.objectContaining({ reviewRound: 1 }), expect.any(Function), prior);
    // A replay of the job (same memo) reads the saved context, not the database again.
    await runJob(io, { runId, reviewRound: 1 });
    expect(execution.loadPriorRounds).toHaveBeenCalledTimes(1);
    expect(execution.callModelAgent).toHaveBeenLastCalledWith(expect.anything(), expect.any(Function), prior);
  });

  it("queues nothing when the outcome changed nothing (the run was cancelled meanwhile)", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.callAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 1 } });
    execution.recordOutcome.mockResolvedValue(null);
    const { io, sent } = memoryIO();
    expect(await runJob(io)).toEqual({ runId, event: null });
    expect(sent).toEqual([]);
  });

  it("fails the run as a service error when the job gave up, and announces it when anyone listens", async () => {
    const failed = outcome("run.failed", true);
    execution.failRunAsServiceError.mockResolvedValue(failed);
    const { io, sent, steps } = memoryIO();
    expect(await executeRun.onFailure!(payload, io, "cannot record this outcome")).toEqual({ runId, error: "cannot record this outcome" });
    expect(execution.failRunAsServiceError).toHaveBeenCalledWith(runId, RUN_GAVE_UP_MESSAGE);
    expect(steps.get("fail-run")).toEqual(failed);
    expect(sent).toEqual([{ id: "announce-failure", works: [runOutcomeWork(failed)] }]);
    expect(sent[0]!.works[0]).toMatchObject({ job: "fan-out-run-event", key: `run.failed-${runId}` });
  });

  it("fails the run but announces nothing when nothing listens (or it was settled already)", async () => {
    for (const recorded of [outcome("run.failed", false), null]) {
      execution.failRunAsServiceError.mockResolvedValue(recorded);
      const { io, sent } = memoryIO();
      await executeRun.onFailure!(payload, io, "down");
      expect(sent).toEqual([]);
    }
    expect(execution.failRunAsServiceError).toHaveBeenCalledTimes(2);
  });
});

describe("start-batch", () => {
  const markBatchRunning = vi.mocked(batchExecution.markBatchRunning);

  it("queues one run per waiting row, keyed by its run, the batch as concurrency key", async () => {
    const runIds = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
    markBatchRunning.mockResolvedValue(runIds);
    const { io, sent } = memoryIO();
    expect(await startBatch.handler({ batchJobId }, io, { attempt: 0 })).toEqual({ batchJobId, rows: 2 });
    expect(markBatchRunning).toHaveBeenCalledWith(batchJobId);
    expect(sent).toEqual([{ id: "queue-rows", works: runIds.map((id) => executeRunWork({ runId: id, priority: "normal", batchJobId })) }]);
    expect(sent[0]!.works).toEqual(
      runIds.map((id) => ({ job: "execute-run", payload: { runId: id, reviewRound: 0 }, key: id, concurrencyKey: batchJobId, priority: 0 })),
    );
  });

  it("queues nothing for a batch cancelled before it started", async () => {
    markBatchRunning.mockResolvedValue([]);
    const { io, sent } = memoryIO();
    expect(await startBatch.handler({ batchJobId }, io, { attempt: 0 })).toEqual({ batchJobId, rows: 0 });
    expect(sent).toEqual([]);
  });
});
