// The one router tree. trpc-to-openapi exposes it as /v1; the dashboard calls it over tRPC.
import { agentsRouter } from "../routers/agents.router.ts";
import { evaluationsRouter } from "../routers/evaluations.router.ts";
import { rolloutsRouter } from "../routers/rollouts.router.ts";
import { reviewRoutesRouter } from "../routers/review-routes.router.ts";
import { batchesRouter } from "../routers/batches.router.ts";
import { healthRouter } from "../routers/health.router.ts";
import { invitationsRouter } from "../routers/invitations.router.ts";
import { organizationRouter } from "../routers/organization.router.ts";
import { keysRouter } from "../routers/keys.router.ts";
import { membersRouter } from "../routers/members.router.ts";
import { runsRouter } from "../routers/runs.router.ts";
import { sessionRouter } from "../routers/session.router.ts";
import { settingsRouter } from "../routers/settings.router.ts";
import { triageRouter } from "../routers/triage.router.ts";
import { usageRouter } from "../routers/usage.router.ts";
import { webhooksRouter } from "../routers/webhooks.router.ts";
import { router } from "./init.ts";

export const appRouter = router({
  health: healthRouter,
  runs: runsRouter,
  triage: triageRouter,
  webhooks: webhooksRouter,
  batches: batchesRouter,
  usage: usageRouter,
  agents: agentsRouter,
  evaluations: evaluationsRouter,
  rollouts: rolloutsRouter,
  reviewRoutes: reviewRoutesRouter,
  settings: settingsRouter,
  // Dashboard-only (no /v1 path): signed-in members.
  session: sessionRouter,
  organization: organizationRouter,
  keys: keysRouter,
  members: membersRouter,
  invitations: invitationsRouter,
});

export type TAppRouter = typeof appRouter;
