// Model-backed runs and their review rounds: each model call through a durable step, the
// conversation and token usage stored with the run, and a later round building on what the
// earlier rounds stored (docs/api-conventions.md, "Review rounds").
import {
  runAssistant,
  type TConversationContinuation,
  type TModelAgentRun,
  type TModelCall,
  type TModelTranscript,
  type TModelUsage,
} from "../agents/assistant.ts";
import { ASSISTANT_TOOLS } from "../agents/model-tools.ts";
import { centerWithModel, rfqWithModel } from "../agents/model-assisted.ts";
import { AgentInputError } from "../agents/types.ts";
import { isBuiltInAgentType } from "../agents/agent-types.ts";
import { runCustomAgent } from "../agents/custom-agent.ts";
import { modelNotAllowedProblem } from "../agents/model-allow-list.ts";
import { customAgentVersionOf } from "../agent-definitions/run-agent.ts";
import { db, sqlStatement } from "../../foundation/db/client.ts";
import { modelSettings } from "../../foundation/env.ts";
import type { TAgentOutcome, TServiceErrorOutcome } from "./agent-calls.ts";
import type { TStartedRun } from "./run-start.ts";
import { modelRecordSavedStatement } from "./run-statements.ts";

/**
 * What a round after the first builds on (docs/api-conventions.md, "Review rounds"): the
 * usage and conversation stored so far and the reviewer's feedback. Read once per round in
 * a durable step, so a replay after this round saved its record does not build on itself.
 */
export type TPriorRounds = { round: number; usage: TModelUsage | null; transcript: TModelTranscript | null; feedback: string | null };

export async function loadPriorRounds(runId: string, round: number): Promise<TPriorRounds> {
  const stored = await db().run.findUnique({
    where: { id: runId },
    select: { modelUsage: true, modelTranscript: true, triageItems: { where: { round: round - 1, kind: "review" }, select: { feedback: true } } },
  });
  return {
    round,
    usage: (stored?.modelUsage ?? null) as TModelUsage | null,
    transcript: (stored?.modelTranscript ?? null) as TModelTranscript | null,
    feedback: stored?.triageItems[0]?.feedback ?? null,
  };
}

/** A model-backed agent's conversation goes on with the feedback; the built-ins' model paths start afresh on the patched data. */
function continuationOf(run: TStartedRun, prior: TPriorRounds | null): TConversationContinuation | undefined {
  const continues = run.agentType === "assistant" || !isBuiltInAgentType(run.agentType);
  const messages = prior?.transcript?.messages;
  if (!continues || !prior?.feedback || !Array.isArray(messages) || messages.length === 0) return undefined;
  return { messages, feedback: prior.feedback };
}

/** This round's record on top of the earlier rounds': usage summed, every message kept, where the round began marked. */
function withPriorRounds(done: TModelAgentRun, prior: TPriorRounds | null, continued: boolean): TModelAgentRun {
  if (!prior || (!prior.transcript && !prior.usage)) return done;
  const before = prior.transcript?.messages ?? [];
  const usage = prior.usage
    ? {
        model: done.usage.model,
        calls: prior.usage.calls + done.usage.calls,
        input_tokens: prior.usage.input_tokens + done.usage.input_tokens,
        output_tokens: prior.usage.output_tokens + done.usage.output_tokens,
      }
    : done.usage;
  const transcript: TModelTranscript = {
    // A continued conversation already holds the earlier messages.
    messages: continued ? done.transcript.messages : [...before, ...done.transcript.messages],
    tool_calls: [...(prior.transcript?.tool_calls ?? []), ...done.transcript.tool_calls],
    rounds: [...(prior.transcript?.rounds ?? []), { round: prior.round, first_message: before.length }],
  };
  return { ...done, usage, transcript };
}

/**
 * Runs a model-backed agent, each model call through `call` (a durable step), and stores
 * the conversation and token usage with the run. A model that gives no answer (refuses,
 * keeps failing, times out) fails the run as a service error (refunded); a model that
 * answered but whose answers cannot be used (malformed or breaking the agent's
 * output_schema twice, the call limit) fails it as an unusable answer (charged). In a later
 * review round (`prior`), an assistant or custom agent continues its conversation with the
 * reviewer's feedback; usage and transcript accumulate over the rounds.
 */
export async function callModelAgent(
  run: TStartedRun,
  call: TModelCall,
  prior: TPriorRounds | null = null,
): Promise<TAgentOutcome | TServiceErrorOutcome> {
  const settings = modelSettings();
  if (!settings) return { kind: "service_error", message: "No model is configured (OPENAI_BASE_URL and AGENT_MODEL)" };
  const input = { task: run.task, data: run.data };
  const continueFrom = continuationOf(run, prior);
  let done: TModelAgentRun;
  try {
    if (run.agentType === "center") done = await centerWithModel(input, call, settings.model);
    else if (run.agentType === "rfq_generator") done = await rfqWithModel(input, call, settings.model);
    else if (run.agentType === "assistant") done = await runAssistant(input, call, settings.model, ASSISTANT_TOOLS, continueFrom);
    else {
      // A custom agent: the version the run was pinned to at acceptance (archived or not).
      const version = await customAgentVersionOf(
        { organizationId: run.organizationId, livemode: run.agentLivemode ?? run.livemode ?? false },
        run.agentType,
        run.agentVersion ?? 1,
      );
      if (!version) return { kind: "service_error", message: `Agent ${run.agentType} version ${run.agentVersion ?? 1} could not be found` };
      // Accepted before the operator took its model off AGENT_MODELS: nothing is asked, the charge is given back.
      const modelProblem = modelNotAllowedProblem(version.model);
      if (modelProblem) return { kind: "service_error", message: `Agent ${run.agentType} version ${version.version} cannot run: ${modelProblem}` };
      done = await runCustomAgent(version, input, call, settings.model, continueFrom);
    }
  } catch (error) {
    if (error instanceof AgentInputError) return { kind: "input_error", message: error.message };
    throw error;
  }
  done = withPriorRounds(done, prior, continueFrom !== undefined);
  await saveModelRecord(run.runId, done);
  if (done.outcome.kind === "result") return { kind: "result", result: done.outcome.result };
  if (done.outcome.kind === "input_error") return { kind: "input_error", message: done.outcome.message };
  if (done.outcome.kind === "unusable_answer") return { kind: "unusable_answer", message: `${done.outcome.code}: ${done.outcome.message}` };
  return { kind: "service_error", message: done.outcome.message };
}

/** Usage and transcript, written while the run is running (a replay writes the same again). */
export async function saveModelRecord(runId: string, done: Pick<TModelAgentRun, "usage" | "transcript">): Promise<void> {
  await sqlStatement(modelRecordSavedStatement(runId, done.usage, done.transcript));
}
