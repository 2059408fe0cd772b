// Canary rollouts (docs/api-conventions.md, "Rollouts").
import { AppError } from "../../foundation/errors.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import type { TStartRolloutRequest } from "./rollouts.schemas.ts";

const pending = () => new AppError("service_unavailable", "Rollouts are being built");

export async function startRollout(_principal: TPrincipal, _request: TStartRolloutRequest): Promise<never> {
  throw pending();
}
export async function getRollout(_principal: TPrincipal, _name: string): Promise<never> {
  throw pending();
}
export async function promoteRollout(_principal: TPrincipal, _name: string, _force: boolean | undefined): Promise<never> {
  throw pending();
}
export async function cancelRollout(_principal: TPrincipal, _name: string): Promise<never> {
  throw pending();
}
