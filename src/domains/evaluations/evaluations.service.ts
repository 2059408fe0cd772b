// Evaluations (docs/api-conventions.md, "Evaluations"): a version replayed over the agent's
// judged runs as durable work, each case compared with what people decided.
import { AppError } from "../../foundation/errors.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import type { TPagination } from "../../foundation/pagination.ts";
import type { TStartEvaluationRequest } from "./evaluations.schemas.ts";

const pending = () => new AppError("service_unavailable", "Evaluations are being built");

export async function startEvaluation(_principal: TPrincipal, _request: TStartEvaluationRequest): Promise<never> {
  throw pending();
}
export async function listEvaluations(_principal: TPrincipal, _query: TPagination & { name: string; version?: number }): Promise<never> {
  throw pending();
}
export async function getEvaluation(_principal: TPrincipal, _name: string, _id: string): Promise<never> {
  throw pending();
}
export async function listEvaluationCases(_principal: TPrincipal, _query: TPagination & { name: string; id: string; outcome?: string }): Promise<never> {
  throw pending();
}
export async function cancelEvaluation(_principal: TPrincipal, _name: string, _id: string): Promise<never> {
  throw pending();
}
