// Which model ids an agent may name (docs/api-conventions.md, "Model allow-list"): the
// operator's AGENT_MODEL and AGENT_MODELS, nothing else, so a customer never picks a model
// the operator did not choose to pay for. Checked where a model id is named (defining an
// agent or a version), where a run is pinned to a version (a version stored before the
// list changed), and again when the run is carried out.
import { validationError, type AppError } from "../../foundation/errors.ts";
import { modelSettings } from "../../foundation/env.ts";

/** The allowed model ids (AGENT_MODEL first) and the default; none without a model configured. */
export function modelChoices(): { default: string | null; allowed: string[] } {
  const settings = modelSettings();
  return { default: settings?.model ?? null, allowed: settings?.allowedModels ?? [] };
}

/** Whether `model` may be asked; null (the agent names none) always may: it means AGENT_MODEL. */
export function isModelAllowed(model: string | null | undefined): boolean {
  return model === null || model === undefined || modelChoices().allowed.includes(model);
}

/** Why `model` may not be asked, naming the allowed ids; null when it may. */
export function modelNotAllowedProblem(model: string | null | undefined): string | null {
  if (isModelAllowed(model)) return null;
  const { allowed } = modelChoices();
  return allowed.length === 0
    ? `model ${model} is not allowed: this server has no model configured (OPENAI_BASE_URL and AGENT_MODEL)`
    : `model ${model} is not allowed on this server; allowed: ${allowed.join(", ")} (omit model for ${allowed[0]})`;
}

/** A 400 validation_error naming `path` and the allowed ids, or nothing when `model` is allowed. */
export function assertModelAllowed(model: string | null | undefined, path = "model"): void {
  const problem = modelNotAllowedProblem(model);
  if (problem) throw modelRefusal(path, problem);
}

const modelRefusal = (path: string, problem: string): AppError => validationError(problem, [{ path, message: problem }]);
