// Each model call of a run is one durable step: once its answer is saved, a crash or a
// retry never sends that request again. A 429, 5xx, timeout or connection failure throws
// inside the step so the engine retries it (after the server's Retry-After when it sent
// one); once the step's attempts are used up the run gets "gave up" and fails with the
// last error. Other 4xx answers come back as they are: retrying changes nothing.
import type { TModelCall, TModelCallResult } from "../../domains/agents/assistant.ts";
import { callModel } from "../../domains/agents/model-client.ts";
import { modelSettings } from "../../foundation/env.ts";
import { RetryAfterError, StepFailedError, type TJobIO } from "../job.ts";

export function modelCallsThrough(io: Pick<TJobIO, "run">): TModelCall {
  return async (name, request) => {
    try {
      return await io.run<TModelCallResult>(name, async () => {
        const settings = modelSettings();
        if (!settings) return { kind: "fatal", status: null, message: "no model is configured (OPENAI_BASE_URL and AGENT_MODEL)" } satisfies TModelCallResult;
        const outcome = await callModel(settings, request);
        if (outcome.kind !== "retryable") return outcome;
        if (outcome.retryAfterMs !== null) throw new RetryAfterError(outcome.message, Math.max(1, outcome.retryAfterMs));
        throw new Error(outcome.message);
      });
    } catch (error) {
      if (error instanceof StepFailedError) return { kind: "gave_up", message: `${error.message} (retried until the attempts ran out)` };
      throw error;
    }
  };
}
