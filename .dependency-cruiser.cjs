// The layer rules of docs/architecture.md, checked on every `npm test` (npm run lint:layers).
// Imports point down only: foundation → domains (in their own order) → jobs → transport →
// composition roots (src/server.ts, src/cli/admin.ts, app/).
const DOMAINS_BELOW = {
  // A domain may import the foundation and the domains listed here, nothing else.
  agents: [],
  auth: ["limits"],
  limits: [],
  idempotency: [],
  // Durable work as domains ask for it: jobs written in the transaction that creates the work.
  "work-queue": [],
  // agents: the built-in types whose spot-check rates an organization sets.
  organizations: ["auth", "agents"],
  usage: ["agents", "auth"],
  "agent-definitions": ["agents", "auth"],
  runs: ["agents", "agent-definitions", "auth", "usage", "work-queue"],
  triage: ["runs", "auth", "reviews", "review-routes", "work-queue"],
  // Review messages (email, chat) with their signed links, escalation steps and the log.
  "review-reach": ["runs", "auth", "agents", "agent-definitions", "review-routes", "work-queue"],
  // Decisions through a signed link: the review page's item and the same decisions as the API.
  "review-links": ["runs", "auth", "agents", "limits", "reviews", "triage", "review-routes", "review-reach", "work-queue"],
  batches: ["runs", "auth", "usage", "agents", "agent-definitions", "work-queue"],
  webhooks: ["runs", "auth", "work-queue"],
  // Where review items reach people: routes per agent type (recipients, escalation, quorum).
  "review-routes": ["agents", "agent-definitions", "auth"],
  // Claims, review rounds and approvals: what a decision on a triage item may do, below the triage service.
  reviews: ["runs", "auth", "agents", "review-routes", "work-queue"],
  // The quality report and the corrections export: reads over runs and their triage items.
  quality: ["runs", "agent-definitions", "agents", "auth", "triage"],
  // Releases: a version replayed over judged runs, and canaries guarded by people's decisions.
  evaluations: ["runs", "agent-definitions", "agents", "auth", "usage", "quality", "work-queue"],
  rollouts: ["runs", "agent-definitions", "agents", "auth", "evaluations", "quality", "webhooks", "work-queue"],
};

const domainRules = Object.entries(DOMAINS_BELOW).map(([domain, allowed]) => ({
  name: `domain-order-${domain}`,
  comment: `${domain} may import only the foundation and the domains below it (${allowed.join(", ") || "none"})`,
  severity: "error",
  from: { path: `^src/domains/${domain}/` },
  to: { path: "^src/domains/", pathNot: [`^src/domains/${domain}/`, ...allowed.map((name) => `^src/domains/${name}/`)] },
}));

module.exports = {
  forbidden: [
    {
      name: "foundation-knows-no-layer-above",
      severity: "error",
      from: { path: "^src/foundation/" },
      to: { path: "^(src/(domains|jobs|transport|cli|server\\.ts|api-surface\\.ts)|app/)" },
    },
    {
      name: "domains-know-no-engine-or-transport",
      severity: "error",
      from: { path: "^src/domains/" },
      to: { path: "^(src/(jobs|transport|cli|server\\.ts|api-surface\\.ts)|app/)" },
    },
    ...domainRules,
    {
      name: "jobs-know-no-transport",
      severity: "error",
      from: { path: "^src/jobs/" },
      to: { path: "^(src/(transport|cli|server\\.ts|api-surface\\.ts)|app/)" },
    },
    {
      name: "transport-knows-no-engine-or-root",
      comment: "which engine runs the work is decided by the composition root",
      severity: "error",
      from: { path: "^src/transport/" },
      to: { path: "^(src/(jobs|cli|server\\.ts|api-surface\\.ts)|app/)" },
    },
    {
      name: "rest-adapter-knows-no-domain",
      comment: "routes outside tRPC are registered by the composition root",
      severity: "error",
      from: { path: "^src/transport/rest/" },
      to: { path: "^src/domains/" },
    },
    {
      name: "nothing-below-knows-the-dashboard",
      comment: "src/dashboard is browser code at the top, beside app/",
      severity: "error",
      from: { path: "^src/(foundation|domains|jobs|transport)/" },
      to: { path: "^src/dashboard/" },
    },
    {
      name: "dashboard-reaches-the-server-only-through-trpc",
      comment:
        "browser code: types from the router, pure constants (auth scopes, roles, selection; agent types), never the database, domains or transports at runtime",
      severity: "error",
      from: { path: "^src/dashboard/" },
      to: {
        path: "^src/(foundation|domains|jobs|transport|cli|generated|server\\.ts|api-surface\\.ts)",
        pathNot: "^src/domains/(auth/(scopes|roles|selection)|agents/agent-types)\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
