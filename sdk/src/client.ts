// The client: one HTTP core (auth, retries, typed errors) shared by every resource.
import { HttpClient, type ClientOptions } from "./http.js";
import { Agents } from "./resources/agents.js";
import { Batches } from "./resources/batches.js";
import { ReviewRoutes } from "./resources/review-routes.js";
import { Runs } from "./resources/runs.js";
import { Triage } from "./resources/triage.js";
import { Usage } from "./resources/usage.js";
import { Webhooks } from "./resources/webhooks.js";

export class AgentWorkforce {
  readonly runs: Runs;
  readonly triage: Triage;
  readonly batches: Batches;
  readonly webhooks: Webhooks;
  readonly usage: Usage;
  readonly agents: Agents;
  /** Where each agent type's review items reach people by email and chat, escalation, and approvals. */
  readonly reviewRoutes: ReviewRoutes;
  /** The service origin requests go to. */
  readonly baseUrl: string;

  constructor(options: ClientOptions) {
    const http = new HttpClient(options);
    this.baseUrl = http.baseUrl;
    this.runs = new Runs(http);
    this.triage = new Triage(http);
    this.batches = new Batches(http);
    this.webhooks = new Webhooks(http);
    this.usage = new Usage(http);
    this.agents = new Agents(http);
    this.reviewRoutes = new ReviewRoutes(http);
  }
}
