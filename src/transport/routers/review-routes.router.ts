// Review routes under /v1/review-routes (docs/api-conventions.md, "Review routes"): where an
// agent type's review items reach people by email and chat, escalation, and approvals.
import { apiProcedure, router } from "../trpc/init.ts";
import {
  ZAgentTypeParam,
  ZPutReviewRouteInput,
  ZReviewRouteDeleted,
  ZReviewRouteList,
  ZReviewRouteResponse,
  ZTestMessageInput,
  ZTestMessageResponse,
} from "../../domains/review-routes/review-routes.schemas.ts";
import { deleteReviewRoute, getReviewRoute, listReviewRoutes, putReviewRoute } from "../../domains/review-routes/review-routes.service.ts";
import { sendTestMessage } from "../../domains/review-reach/review-reach.service.ts";
import { z } from "zod";

export const reviewRoutesRouter = router({
  list: apiProcedure
    .meta({
      scope: "triage:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/review-routes",
        tags: ["review-routes"],
        summary: "List the organization's review routes in this mode",
        description: "Chat webhook URLs are shown masked unless the caller may write routes (`agents:write`).",
      },
    })
    .input(z.object({}))
    .output(ZReviewRouteList)
    .query(({ ctx }) => listReviewRoutes(ctx.principal)),

  get: apiProcedure
    .meta({
      scope: "triage:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/review-routes/{agent_type}",
        tags: ["review-routes"],
        summary: "Get the review route of an agent type",
        description: "An agent type without a route answers its default (nobody notified, one approval). An agent the organization does not have in this mode: `404 not_found`.",
      },
    })
    .input(ZAgentTypeParam)
    .output(ZReviewRouteResponse)
    .query(({ ctx, input }) => getReviewRoute(ctx.principal, input.agent_type)),

  put: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      openapi: {
        method: "PUT",
        path: "/v1/review-routes/{agent_type}",
        tags: ["review-routes"],
        summary: "Set the review route of an agent type",
        description:
          "Replaces the whole route. An email recipient without `SMTP_URL` set on the server: `400 validation_error` naming the setting. Chat webhook URLs must be https and pass the egress policy. An agent the organization does not have in this mode: `404 not_found`.",
      },
    })
    .input(ZPutReviewRouteInput)
    .output(ZReviewRouteResponse)
    .mutation(({ ctx, input }) => putReviewRoute(ctx.principal, input)),

  delete: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      openapi: {
        method: "DELETE",
        path: "/v1/review-routes/{agent_type}",
        tags: ["review-routes"],
        summary: "Delete the review route of an agent type",
        description: "Its items reach nobody by message again and need one approval. No route for it: `404 not_found`.",
      },
    })
    .input(ZAgentTypeParam)
    .output(ZReviewRouteDeleted)
    .mutation(({ ctx, input }) => deleteReviewRoute(ctx.principal, input.agent_type)),

  testMessage: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      errors: ["message_not_delivered"],
      openapi: {
        method: "POST",
        path: "/v1/review-routes/{agent_type}/test-message",
        tags: ["review-routes"],
        summary: "Send a test message to one recipient",
        description:
          "Sends now (not queued, not retried) and says whether the mail server or the chat webhook took it: `502 message_not_delivered` with its `reason` otherwise. The message's links open a sample page and decide nothing.",
      },
    })
    .input(ZTestMessageInput)
    .output(ZTestMessageResponse)
    .mutation(({ ctx, input }) => sendTestMessage(ctx.principal, input.agent_type, input.recipient)),
});
