// Every job through the Inngest adapter (src/jobs/inngest/inngest-adapter.ts), run by
// @inngest/test's engine with the domain modules mocked: which steps each job takes, what
// it sends (the events the adapter hands Inngest's event API, captured at the client's
// fetch), how our errors become Inngest's, and the options each function carries. What the
// jobs do to the database is covered by the integration tests, which run them on the local engine.
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { Inngest } from "inngest";
import { InngestExecutionEngine, ServerTiming, errors } from "inngest/internals";
import { StepMode, StepOpCode } from "inngest/types";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as batchExecution from "../../../src/domains/batches/batch-execution.ts";
import * as modelClient from "../../../src/domains/agents/model-client.ts";
import * as runExecution from "../../../src/domains/runs/run-execution.ts";
import { executeRunWork, runOutcomeWork } from "../../../src/domains/runs/run-work.ts";
import * as deliveryAttempt from "../../../src/domains/webhooks/delivery-attempt.ts";
import * as deliveryPlan from "../../../src/domains/webhooks/delivery-plan.ts";
import * as resendService from "../../../src/domains/webhooks/resend.service.ts";
import * as triageOverdue from "../../../src/domains/webhooks/triage-overdue.ts";
import { deliveryWork, resendWork, triageOverdueWork } from "../../../src/domains/webhooks/webhook-work.ts";
import { startBatchWork } from "../../../src/domains/batches/batch-work.ts";
import { outboxEventData, outboxEventId } from "../../../src/domains/work-queue/enqueue.ts";
import { JOB_SPECS, type TWork } from "../../../src/domains/work-queue/work.ts";
import { RUN_GAVE_UP_MESSAGE } from "../../../src/jobs/functions/execute-run.ts";
import { jobs } from "../../../src/jobs/functions/index.ts";
import { INNGEST_APP_ID, inngestFunctions, jobIOFor } from "../../../src/jobs/inngest/inngest-adapter.ts";
import { defineJob, NonRetriableError, RetryAfterError, StepFailedError } from "../../../src/jobs/job.ts";
import { z } from "zod";

// A model is configured (read lazily by env()), so a model call goes to callModel (mocked).
vi.hoisted(() => {
  process.env.OPENAI_BASE_URL = "http://model.invalid/v1";
  process.env.AGENT_MODEL = "test-model";
});

vi.mock("../../../src/domains/runs/run-execution.ts", () => ({
  startRun: vi.fn(),
  callAgent: vi.fn(),
  usesModel: vi.fn(() => false),
  callModelAgent: vi.fn(),
  recordOutcome: vi.fn(),
  recordedOutcomeOf: vi.fn(),
  failRunAsServiceError: vi.fn(),
  loadPriorRounds: vi.fn(),
}));
vi.mock("../../../src/domains/batches/batch-execution.ts", () => ({ markBatchRunning: vi.fn() }));
vi.mock("../../../src/domains/agents/model-client.ts", () => ({ callModel: vi.fn() }));
vi.mock("../../../src/domains/webhooks/delivery-plan.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof deliveryPlan>()),
  planRunEventDeliveries: vi.fn(),
}));
vi.mock("../../../src/domains/webhooks/delivery-attempt.ts", () => ({ attemptDelivery: vi.fn() }));
vi.mock("../../../src/domains/webhooks/resend.service.ts", () => ({ performResend: vi.fn() }));
vi.mock("../../../src/domains/webhooks/triage-overdue.ts", () => ({
  unannouncedDueAt: vi.fn(),
  findUnannouncedOverdueItem: vi.fn(),
  planTriageOverdueDeliveries: vi.fn(),
  markTriageOverdueNotified: vi.fn(),
}));

const execution = vi.mocked(runExecution);
const plan = vi.mocked(deliveryPlan);

type TSentEvent = { name: string; id: string; data: unknown };
// What reached Inngest's event API (POST /e/<key>), one entry per request.
let posted: { url: string; events: TSentEvent[] }[] = [];
const client = new Inngest({
  id: INNGEST_APP_ID,
  isDev: false,
  eventKey: "test-event-key",
  baseUrl: "http://inngest.invalid/",
  fetch: (async (url: string | URL | Request, init?: RequestInit) => {
    const events = (JSON.parse(init?.body as string) as TSentEvent[]).map(({ name, id, data }) => ({ name, id, data }));
    posted.push({ url: url instanceof Request ? url.url : url.toString(), events });
    return Response.json({ ids: events.map((event) => event.id), status: 200 });
  }),
});
const functions = inngestFunctions(client, jobs);
const fn = (name: keyof typeof JOB_SPECS) => functions.find((each) => each.id() === name)!;

/** The event the outbox sends for `work` (enqueue.ts): what triggers the job's function. */
const eventOf = (work: TWork<any>) => ({ name: JOB_SPECS[work.job].event, id: outboxEventId(work), data: outboxEventData(work) });
const engineFor = (name: keyof typeof JOB_SPECS, work: TWork<any>, steps?: { id: string; handler: () => unknown }[]) =>
  new InngestTestEngine({ function: fn(name), events: [eventOf(work)], ...(steps ? { steps } : {}) });
const sentEvents = () => posted.flatMap((request) => request.events);
const stepIds = (spy: unknown) => (spy as { mock: { calls: unknown[][] } }).mock.calls.map((call) => call[0]);

type TStepState = Record<string, { data: unknown } | { error: Error }>;
type TOp = { id: string; op: string; displayName?: string; name?: string; data?: unknown; error?: unknown };
/**
 * Runs a function from a given step state to its end, as Inngest does: it starts the
 * function with the results saved so far, one new step runs per call, and its result joins
 * the state. @inngest/test's step mocks hand the engine promises, which inngest 4 takes as
 * data: a mocked step can neither fail nor answer a waitForEvent. This makes the same
 * internal call (createExecution) @inngest/test makes, with plain values.
 */
async function executeWithState(
  function_: (typeof functions)[number],
  event: { name: string; id: string; data: unknown },
  saved: TStepState,
  /** "failure": the function's onFailure handler, as Inngest calls it with inngest/function.failed. */
  handlerKind?: "failure",
) {
  const state: Record<string, { id: string; data?: unknown; error?: unknown }> = Object.fromEntries(
    Object.entries(saved).map(([id, entry]) => {
      const hash = InngestExecutionEngine._internals.hashId(id);
      return [hash, { id: hash, ...("error" in entry ? { error: errors.serializeError(entry.error) } : entry) }];
    }),
  );
  const ran: string[] = [];
  const withTs = { ...event, ts: Date.now() };
  for (let calls = 0; ; calls += 1) {
    if (calls > 20) throw new Error(`no end after 20 executions: ran ${ran.join(", ")}`);
    const execution = (function_ as unknown as { createExecution: (options: unknown) => { start: () => Promise<{ type: string; data?: unknown; error?: unknown; step?: TOp; retriable?: boolean | string }> } }).createExecution({
      partialOptions: {
        runId: "01JTESTRUN",
        client,
        data: { runId: "01JTESTRUN", attempt: 0, event: withTs, events: [withTs] },
        reqArgs: [],
        headers: {},
        stepCompletionOrder: Object.keys(state),
        stepState: { ...state },
        stepMode: StepMode.Async,
        disableImmediateExecution: false,
        timer: new ServerTiming.ServerTiming({ info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }),
        transformCtx: mockCtx,
        ...(handlerKind ? { handlerKind } : {}),
      },
    });
    const output = await execution.start();
    if (output.type === "step-ran" && output.step && output.step.error === undefined) {
      ran.push(output.step.displayName ?? output.step.id);
      state[output.step.id] = { id: output.step.id, data: output.step.data ?? null };
      continue;
    }
    // What Inngest is told: the failed step's opcode, and whether (and after how long) to retry.
    return { type: output.type, result: output.data, error: output.error ?? output.step?.error, op: output.step?.op, retriable: output.retriable, ran };
  }
}

const runId = "4b7c3a0e-8f55-4d0e-9f38-0d9a2c1b6e11";
const organizationId = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9";
const batchJobId = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
const triageItemId = "7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918";
const webhookId = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";
const started = { runId, agentType: "center", task: "t", data: null, organizationId, batchJobId: null };
const target = (deliveryKey: string, event: "run.completed" | "run.triage_required" | "triage.overdue" = "run.completed"): deliveryPlan.TDeliveryTarget => ({
  deliveryKey,
  eventId: `evt_${deliveryKey}`,
  event,
  runId,
  organizationId,
  livemode: false,
  webhookId,
  url: "https://hooks.example.com/in",
  body: "{}",
});
const outcome = (event: "run.completed" | "run.triage_required" | "run.failed", announce: boolean, triage: string | null = null) => ({
  event,
  runId,
  organizationId,
  batchJobId: null,
  triageItemId: triage,
  announce,
});
const answer = { kind: "answer" as const, model: "test-model", content: "{}", toolCalls: [], finishReason: "stop", inputTokens: 3, outputTokens: 2 };

beforeEach(() => {
  vi.clearAllMocks();
  execution.usesModel.mockReturnValue(false);
  posted = [];
});

describe("execute-run", () => {
  const runWork = executeRunWork({ runId, priority: "normal" });

  it("records a built-in agent's outcome, then sends the item's overdue timer, its reviewers' messages and the outcome's deliveries", async () => {
    execution.startRun.mockResolvedValue(started);
    execution.callAgent.mockResolvedValue({ kind: "result", result: { output: {}, confidence_score: 0.4 } } as never);
    execution.recordOutcome.mockResolvedValue(outcome("run.triage_required", true, triageItemId));
    plan.planRunEventDeliveries.mockResolvedValue([target("hook-a", "run.triage_required"), target("hook-b", "run.triage_required")]);

    const { result, ctx } = await engineFor("execute-run", runWork).execute();
    expect(result).toEqual({ runId, event: "run.triage_required" });
    // Built-in agents take no step: only the two sends are steps.
    expect(ctx.step.run).not.toHaveBeenCalled();
    expect(stepIds(ctx.step.sendEvent)).toEqual(["watch-due-time", "reach-reviewers", "deliver-run.triage_required"]);
    expect(posted.map((request) => request.url)).toEqual(Array(3).fill("http://inngest.invalid/e/test-event-key"));
    expect(sentEvents()).toEqual([
      {
        name: "app/triage.opened",
        id: `announce-triage-overdue:${triageItemId}`,
        data: { payload: { triageItemId }, key: triageItemId, concurrencyKey: triageItemId, priority: 0 },
      },
      {
        name: "app/triage.reviewers-requested",
        id: `reach-reviewers:${triageItemId}`,
        data: { payload: { triageItemId }, key: triageItemId, concurrencyKey: triageItemId, priority: 600 },
      },
      ...["hook-a", "hook-b"].map((key) => ({
        name: "app/webhook.delivery-requested",
        id: `deliver-webhook:${key}`,
        data: { payload: target(key, "run.triage_required"), key, concurrencyKey: key, priority: 600 },
      })),
    ]);
    expect(plan.planRunEventDeliveries).toHaveBeenCalledWith(runId, "run.triage_required", triageItemId, undefined);
  });

  it("announces again what an earlier try recorded, and sends nothing when nothing listens", async () => {
    execution.startRun.mockResolvedValue(null);
    execution.recordedOutcomeOf.mockResolvedValue(outcome("run.completed", false));
    const { result, ctx } = await engineFor("execute-run", runWork).execute();
    expect(result).toEqual({ runId, event: "run.completed" });
    expect(execution.callAgent).not.toHaveBeenCalled();
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  describe("a model-backed review round", () => {
    const roundWork = executeRunWork({ runId, priority: "high", reviewRound: 2 });
    const prior = { round: 2, usage: null, transcript: null, feedback: "use the receipt of the 14th" };
    beforeEach(() => {
      execution.startRun.mockResolvedValue({ ...started, agentType: "assistant", reviewRound: 2 });
      execution.usesModel.mockReturnValue(true);
      execution.loadPriorRounds.mockResolvedValue(prior);
      execution.recordOutcome.mockResolvedValue(outcome("run.completed", false));
      // The agent makes one model call through the job's steps and settles on what it answered.
      execution.callModelAgent.mockImplementation(async (_run, call) => {
        const called = await call("model-call-1", { messages: [{ role: "user", content: "quote" }] });
        return called.kind === "answer" ? ({ kind: "result", result: { output: {}, confidence_score: 1 } } as never) : { kind: "service_error", message: called.message };
      });
    });

    it("reads the earlier rounds and makes each model call in a step of its own", async () => {
      vi.mocked(modelClient.callModel).mockResolvedValue(answer);
      const { result, ctx, state } = await engineFor("execute-run", roundWork).execute();
      expect(result).toEqual({ runId, event: "run.completed" });
      expect(stepIds(ctx.step.run)).toEqual(["round-2-context", "model-call-1"]);
      expect(execution.loadPriorRounds).toHaveBeenCalledWith(runId, 2);
      expect(execution.callModelAgent).toHaveBeenCalledWith(expect.objectContaining({ reviewRound: 2 }), expect.any(Function), prior);
      expect(modelClient.callModel).toHaveBeenCalledTimes(1);
      expect(Object.keys(state)).toHaveLength(2);
    });

    it("a replay gets a saved model answer back without asking the model again", async () => {
      const { result } = await engineFor("execute-run", roundWork, [
        { id: "round-2-context", handler: () => prior },
        { id: "model-call-1", handler: () => answer },
      ]).execute();
      expect(result).toEqual({ runId, event: "run.completed" });
      expect(modelClient.callModel).not.toHaveBeenCalled();
      expect(execution.loadPriorRounds).not.toHaveBeenCalled();
    });

    it("a 429 with Retry-After fails the model step as Inngest's RetryAfterError, to be retried no sooner", async () => {
      vi.mocked(modelClient.callModel).mockResolvedValue({ kind: "retryable", status: 429, message: "rate limited", retryAfterMs: 7_000 } as never);
      const { type, op, error, retriable } = await executeWithState(fn("execute-run"), eventOf(roundWork), { "round-2-context": { data: prior } });
      expect(type).toBe("step-ran");
      expect(op).toBe(StepOpCode.StepError);
      expect(error).toMatchObject({ name: "RetryAfterError", message: "rate limited" });
      // Sent to Inngest as the Retry-After of the step's response, in seconds.
      expect(retriable).toBe("7");
    });

    it("a model call that cannot be retried answers the agent at once, in its step", async () => {
      vi.mocked(modelClient.callModel).mockResolvedValue({ kind: "fatal", status: 400, message: "bad request" });
      const { type, result, ran } = await executeWithState(fn("execute-run"), eventOf(roundWork), { "round-2-context": { data: prior } });
      expect(type).toBe("function-resolved");
      expect(ran).toEqual(["model-call-1"]);
      expect(result).toEqual({ runId, event: "run.completed" });
      expect(modelClient.callModel).toHaveBeenCalledTimes(1);
      expect(execution.recordOutcome).toHaveBeenCalledWith(expect.anything(), { kind: "service_error", message: "bad request" });
    }, 15_000);

    it("a model step that failed for good reaches the agent as gave_up (StepFailedError)", async () => {
      const { type, result, ran } = await executeWithState(fn("execute-run"), eventOf(roundWork), {
        "round-2-context": { data: prior },
        "model-call-1": { error: new Error("503 from the model server") },
      });
      expect(type).toBe("function-resolved");
      expect(result).toEqual({ runId, event: "run.completed" });
      expect(ran).toEqual([]);
      expect(modelClient.callModel).not.toHaveBeenCalled();
      // The agent got the step's failure as an outcome, not as a thrown error.
      await expect(execution.callModelAgent.mock.results[0]!.value).resolves.toEqual({
        kind: "service_error",
        message: "503 from the model server (retried until the attempts ran out)",
      });
    });
  });

  it("onFailure fails the run as a service error and announces it", async () => {
    execution.failRunAsServiceError.mockResolvedValue(outcome("run.failed", true));
    // What Inngest sends once execute-run failed for good; @inngest/test cannot start a failure handler.
    const failed = {
      name: "inngest/function.failed",
      id: "failed-1",
      data: { function_id: `${INNGEST_APP_ID}-execute-run`, run_id: "01J", error: { name: "Error", message: "boom" }, event: eventOf(runWork) },
    };
    const { type, result, ran } = await executeWithState(fn("execute-run"), failed, {}, "failure");
    expect(type).toBe("function-resolved");
    expect(ran).toEqual(["fail-run", "announce-failure"]);
    expect(result).toEqual({ runId, error: "boom" });
    expect(execution.failRunAsServiceError).toHaveBeenCalledWith(runId, RUN_GAVE_UP_MESSAGE);
    const announced = runOutcomeWork(outcome("run.failed", true));
    expect(sentEvents()).toEqual([
      { name: "app/run.announced", id: `fan-out-run-event:run.failed-${runId}`, data: { payload: announced.payload, key: `run.failed-${runId}`, concurrencyKey: `run.failed-${runId}`, priority: 0 } },
    ]);
  });
});

describe("start-batch", () => {
  const markBatchRunning = vi.mocked(batchExecution.markBatchRunning);

  it("sends one run request per waiting row, with the batch as their concurrency key", async () => {
    const runIds = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
    markBatchRunning.mockResolvedValue(runIds);
    const { result, ctx } = await engineFor("start-batch", startBatchWork(batchJobId)).execute();
    expect(result).toEqual({ batchJobId, rows: 2 });
    expect(stepIds(ctx.step.sendEvent)).toEqual(["queue-rows"]);
    expect(sentEvents()).toEqual(
      runIds.map((id) => ({
        name: "app/run.requested",
        id: `execute-run:${id}`,
        data: { payload: { runId: id, reviewRound: 0 }, key: id, concurrencyKey: batchJobId, priority: 0 },
      })),
    );
  });

  it("sends nothing for a batch cancelled before it started", async () => {
    markBatchRunning.mockResolvedValue([]);
    const { result, ctx } = await engineFor("start-batch", startBatchWork(batchJobId)).execute();
    expect(result).toEqual({ batchJobId, rows: 0 });
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });
});

describe("fan-out-run-event", () => {
  it("requests one delivery per destination of the announced outcome", async () => {
    plan.planRunEventDeliveries.mockResolvedValue([target("hook-a")]);
    const work = runOutcomeWork({ event: "run.completed", runId, organizationId, batchJobId: null, triageItemId: null });
    const { result, ctx } = await engineFor("fan-out-run-event", work).execute();
    expect(result).toEqual({ deliveries: 1 });
    expect(stepIds(ctx.step.sendEvent)).toEqual(["deliver-run.completed"]);
    expect(sentEvents()).toEqual([{ name: "app/webhook.delivery-requested", id: "deliver-webhook:hook-a", data: outboxEventData(deliveryWork(target("hook-a"))) }]);
  });
});

describe("deliver-webhook", () => {
  const attemptDelivery = vi.mocked(deliveryAttempt.attemptDelivery);
  const work = deliveryWork(target("hook-a"));

  it("sleeps until the retry time its failed attempt fixed, then tries again", async () => {
    attemptDelivery.mockResolvedValueOnce({ succeeded: false, abandoned: false }).mockResolvedValueOnce({ succeeded: true, abandoned: false });
    const before = Date.now();
    const { result, ctx } = await engineFor("deliver-webhook", work, [{ id: "wait-after-1", handler: () => null }]).execute();
    expect(result).toEqual({ attempts: 2, succeeded: true });
    expect(stepIds(ctx.step.run)).toEqual(["attempt-1", "attempt-2"]);
    // Default schedule: 5 s after the first attempt, 30 s after the second.
    expect(attemptDelivery.mock.calls.map((call) => call.slice(1))).toEqual([
      [1, 5_000],
      [2, 30_000],
    ]);
    const [sleepId, until] = vi.mocked(ctx.step.sleepUntil).mock.calls[0] as [string, Date];
    expect(sleepId).toBe("wait-after-1");
    expect(until.getTime()).toBeGreaterThanOrEqual(before + 5_000);
    expect(until.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it("registers the wait as Inngest's sleep to that time", async () => {
    const retryAt = Date.now() + 5_000;
    const { step } = await engineFor("deliver-webhook", work, [{ id: "attempt-1", handler: () => ({ succeeded: false, abandoned: false, retryAt }) }]).executeStep(
      "wait-after-1",
    );
    expect(step.op).toBe(StepOpCode.Sleep);
    expect(step.name).toBe(new Date(retryAt).toISOString());
  });

  it("stops at an abandoned webhook without a retry", async () => {
    attemptDelivery.mockResolvedValueOnce({ succeeded: false, abandoned: true });
    const { result, ctx } = await engineFor("deliver-webhook", work).execute();
    expect(result).toEqual({ attempts: 1, succeeded: false });
    expect(ctx.step.sleepUntil).not.toHaveBeenCalled();
  });
});

describe("resend-webhook", () => {
  it("makes one attempt in a step", async () => {
    vi.mocked(resendService.performResend).mockResolvedValue({ sent: true, succeeded: true });
    const request = { resendId: "3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a", deliveryId: "2b1a0f9e-8d7c-4b6a-9f5e-4d3c2b1a0f9e", webhookId, organizationId, livemode: false };
    const { result, ctx } = await engineFor("resend-webhook", resendWork(request)).execute();
    expect(result).toEqual({ sent: true, succeeded: true });
    expect(stepIds(ctx.step.run)).toEqual(["attempt"]);
    expect(resendService.performResend).toHaveBeenCalledWith(request);
  });
});

describe("announce-triage-overdue", () => {
  const overdue = vi.mocked(triageOverdue);
  const work = triageOverdueWork(triageItemId);
  const dueAt = "2026-11-27T12:00:00.000Z";
  const item = {
    id: triageItemId,
    organizationId,
    livemode: false,
    runId,
    round: 0,
    agentType: "center",
    agentVersion: 1,
    dueAt: new Date(dueAt),
    claimedBy: null,
    claimedByName: null,
    claimedUntil: null,
  };
  beforeEach(() => overdue.unannouncedDueAt.mockResolvedValue(dueAt));

  it("waits for the item's decision until it is due, matching on the item's id", async () => {
    const { step } = await engineFor("announce-triage-overdue", work).executeStep("decided-before-due");
    expect(step.op).toBe(StepOpCode.WaitForEvent);
    expect(step.name).toBe("app/triage.decided");
    expect(step.opts).toMatchObject({ if: `async.data.triageItemId == "${triageItemId}"`, timeout: expect.any(String) });
  });

  it("announces nothing once the decision arrives", async () => {
    const decided = { name: "app/triage.decided", id: `triage-decided-${triageItemId}`, data: { triageItemId }, ts: Date.now() };
    const { type, result, ran } = await executeWithState(fn("announce-triage-overdue"), eventOf(work), { "read-due-time": { data: dueAt }, "decided-before-due": { data: decided } });
    expect(type).toBe("function-resolved");
    expect(result).toEqual({ announced: false });
    expect(ran).toEqual([]);
    expect(overdue.findUnannouncedOverdueItem).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it("at the timeout, sends the overdue deliveries before it marks the item announced", async () => {
    overdue.findUnannouncedOverdueItem.mockResolvedValue(item);
    overdue.planTriageOverdueDeliveries.mockResolvedValue([target("overdue-hook", "triage.overdue")]);
    overdue.markTriageOverdueNotified.mockResolvedValue([triageItemId]);
    // Timed out: Inngest resumes the wait with null.
    const { type, result, ran } = await executeWithState(fn("announce-triage-overdue"), eventOf(work), { "read-due-time": { data: dueAt }, "decided-before-due": { data: null } });
    expect(type).toBe("function-resolved");
    expect(result).toEqual({ announced: true, deliveries: 1 });
    // The deliveries are requested before the item is marked.
    expect(ran).toEqual(["find-overdue", "plan-deliveries", "deliver", "mark-announced"]);
    // The item went through a step's JSON and came back with its dates.
    expect(overdue.planTriageOverdueDeliveries).toHaveBeenCalledWith([item]);
    expect(sentEvents()).toEqual([{ name: "app/webhook.delivery-requested", id: "deliver-webhook:overdue-hook", data: outboxEventData(deliveryWork(target("overdue-hook", "triage.overdue"))) }]);
  });

  it("takes no wait for an item already decided or announced", async () => {
    overdue.unannouncedDueAt.mockResolvedValue(null);
    const { result, ctx } = await engineFor("announce-triage-overdue", work).execute();
    expect(result).toEqual({ announced: false });
    expect(ctx.step.waitForEvent).not.toHaveBeenCalled();
  });
});

describe("our errors as Inngest's", () => {
  let probes = 0;
  const probe = (body: (io: ReturnType<typeof jobIOFor>) => Promise<unknown>) =>
    client.createFunction({ id: `probe-${(probes += 1)}`, triggers: [{ event: "test/probe" }], retries: 3 }, async ({ step }) => body(jobIOFor(step as never)));
  const probeEvent = { name: "test/probe", id: "probe", data: {} };

  it("NonRetriableError fails its step for good (StepFailed, no retry)", async () => {
    const failing = probe((io) =>
      io.run("bad-input", async () => {
        throw new NonRetriableError("cannot help");
      }),
    );
    const { op, error, retriable } = await executeWithState(failing as never, probeEvent, {});
    expect(op).toBe(StepOpCode.StepFailed);
    expect(retriable).toBe(false);
    expect(error).toMatchObject({ name: "NonRetriableError", message: "cannot help" });
  });

  it("a plain error leaves its step to be retried (StepError)", async () => {
    const failing = probe((io) =>
      io.run("flaky", async () => {
        throw new Error("try again");
      }),
    );
    const { op, error, retriable } = await executeWithState(failing as never, probeEvent, {});
    expect(op).toBe(StepOpCode.StepError);
    expect(retriable).toBe(true);
    expect(error).toMatchObject({ message: "try again" });
  });

  it("a step that failed for good throws StepFailedError into the job, naming the step", async () => {
    let caught: unknown;
    const probeFn = client.createFunction({ id: "probe-failed", triggers: [{ event: "test/probe" }] }, async ({ step }) => {
      try {
        await jobIOFor(step as never).run("gone", async () => "unreached");
      } catch (error) {
        caught = error;
      }
      return "handled";
    });
    const { result } = await executeWithState(probeFn as never, { name: "test/probe", id: "p1", data: {} }, { gone: { error: new Error("still failing") } });
    expect(result).toBe("handled");
    expect(caught).toBeInstanceOf(StepFailedError);
    expect(caught).toMatchObject({ stepId: "gone", message: "still failing" });
  });

  it("a failed step the job lets through fails the run at once (no retry of the whole function), as on the local engine", async () => {
    const [letThrough] = inngestFunctions(client, [
      defineJob({ name: "start-batch", payload: z.object({}), handler: async (_payload, io) => io.run("gone", async () => "unreached") }) as never,
    ]);
    const outcome = await executeWithState(letThrough as never, { name: "app/batch.created", id: "let-through", data: { payload: {}, key: "k", concurrencyKey: "k", priority: 0 } }, {
      gone: { error: new Error("still failing") },
    });
    expect(outcome.type).toBe("function-rejected");
    expect(outcome.retriable).toBe(false);
    expect(outcome.error).toMatchObject({ message: "still failing" });
  });

  it("RetryAfterError keeps its delay", () => {
    expect(new RetryAfterError("slow", 1_500)).toMatchObject({ afterMs: 1_500 });
  });

  it("refuses to wait on a match value that is not an id", async () => {
    const waiting = probe((io) => io.waitForEvent("w", { event: "app/triage.decided", match: '" || true || "', timeout: new Date() }));
    const { type, error } = await executeWithState(waiting as never, probeEvent, {});
    expect(type).toBe("function-rejected");
    expect(error).toMatchObject({ message: expect.stringContaining("cannot match on") });
  });
});

describe("function options", () => {
  const baseUrl = new URL("https://service.example.com/api/inngest");

  it("serves one function per job, triggered by the job's event, with its retries, idempotency and priority", () => {
    expect(functions.map((each) => each.id())).toEqual(Object.keys(JOB_SPECS));
    for (const each of functions) {
      const name = each.id() as keyof typeof JOB_SPECS;
      const spec = JOB_SPECS[name];
      const [config] = each["getConfig"]({ baseUrl, appPrefix: INNGEST_APP_ID, isConnect: false });
      expect(config).toMatchObject({
        id: `${INNGEST_APP_ID}-${name}`,
        triggers: [{ event: spec.event }],
        steps: { step: { retries: { attempts: spec.retries } } },
        idempotency: "event.data.key",
        priority: { run: "event.data.priority" },
      });
      expect(config!.concurrency).toEqual(spec.concurrencyLimit === null ? undefined : [{ limit: spec.concurrencyLimit, key: "event.data.concurrencyKey" }]);
    }
  });

  it("limits execute-run (a batch) and evaluate-case (an evaluation) to 10 in flight per concurrency key, and gives only them and send-review-message a failure handler", () => {
    const [config] = fn("execute-run")["getConfig"]({ baseUrl, appPrefix: INNGEST_APP_ID, isConnect: false });
    expect(config!.concurrency).toEqual([{ limit: 10, key: "event.data.concurrencyKey" }]);
    const [evaluation] = fn("evaluate-case")["getConfig"]({ baseUrl, appPrefix: INNGEST_APP_ID, isConnect: false });
    expect(evaluation!.concurrency).toEqual([{ limit: 10, key: "event.data.concurrencyKey" }]);
    const withFailure = functions.filter((each) => each["getConfig"]({ baseUrl, appPrefix: INNGEST_APP_ID, isConnect: false }).length === 2).map((each) => each.id());
    expect(withFailure).toEqual(["execute-run", "evaluate-case", "send-review-message"]);
    const [, failure] = fn("execute-run")["getConfig"]({ baseUrl, appPrefix: INNGEST_APP_ID, isConnect: false });
    expect(failure).toMatchObject({ id: `${INNGEST_APP_ID}-execute-run-failure`, triggers: [{ event: "inngest/function.failed", expression: `event.data.function_id == '${INNGEST_APP_ID}-execute-run'` }] });
  });

  it("carries each event's options where the function's expressions read them", () => {
    const work = executeRunWork({ runId, priority: "high", batchJobId });
    expect(eventOf(work)).toEqual({
      name: "app/run.requested",
      id: `execute-run:${runId}`,
      data: { payload: { runId, reviewRound: 0 }, key: runId, concurrencyKey: batchJobId, priority: 600 },
    });
  });
});
