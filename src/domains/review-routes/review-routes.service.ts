// Review routes per organization, mode and agent type (docs/api-conventions.md, "Review routes").
import type { TPrincipal } from "../auth/authenticate.ts";
import type { TPutReviewRouteInput, TReviewRoute } from "./review-routes.schemas.ts";

const NOT_YET = "review routes: not implemented yet";

export async function listReviewRoutes(_principal: TPrincipal): Promise<{ data: TReviewRoute[] }> {
  throw new Error(NOT_YET);
}

export async function getReviewRoute(_principal: TPrincipal, _agentType: string): Promise<{ route: TReviewRoute }> {
  throw new Error(NOT_YET);
}

export async function putReviewRoute(_principal: TPrincipal, _input: TPutReviewRouteInput): Promise<{ route: TReviewRoute }> {
  throw new Error(NOT_YET);
}

export async function deleteReviewRoute(_principal: TPrincipal, _agentType: string): Promise<{ deleted: true }> {
  throw new Error(NOT_YET);
}
