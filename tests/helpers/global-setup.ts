// One real server for the integration suite: built dist/server.mjs on a fresh database.
import type { TestProject } from "vitest/node";
import { startTestService } from "./test-service.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dataDir: string;
    certificate: { certPath: string; keyPath: string };
  }
}

export default async function setup(project: TestProject) {
  const service = await startTestService("aw_test", {
    // Agents take a little time, as real ones do: runs are observably queued/running.
    AGENT_LATENCY_MS: "200",
    EXECUTOR_RETRY_BASE_MS: "50",
    // Webhook retries after 1 s each instead of 5 s … 4 h (the SDK's shortest sleep is 1 s).
    WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,1s,1s,1s",
    // Several files sign in from this one address; tests/integration/sign-in.test.ts checks the limits.
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MIN: "1000",
    // Every review-link post comes from this address too; tests/integration/review-link-limits.test.ts checks the limit.
    REVIEW_LINK_POSTS_PER_ADDRESS_PER_MIN: "1000",
  });
  project.provide("baseUrl", service.server.baseUrl);
  project.provide("databaseUrl", service.databaseUrl);
  project.provide("dataDir", service.dataDir);
  project.provide("certificate", service.certificate);
  return service.dispose;
}
