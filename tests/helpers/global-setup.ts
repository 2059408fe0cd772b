// One real server for the integration suite: built dist/server.mjs on a fresh database.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabase } from "./database.ts";
import { createLocalCertificate } from "./https-receiver.ts";
import { startServer } from "./processes.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dataDir: string;
    certificate: { certPath: string; keyPath: string };
  }
}

export default async function setup(project: TestProject) {
  const database = await createDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-test-data-"));
  const certificate = createLocalCertificate();
  const server = await startServer({
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    // Agents take a little time, as real ones do: runs are observably queued/running.
    AGENT_LATENCY_MS: "200",
    EXECUTOR_RETRY_BASE_MS: "50",
    // Webhook retries after 1 s each instead of 5 s … 4 h (the SDK's shortest sleep is 1 s).
    WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,1s,1s,1s",
    // Several files sign in from this one address; tests/integration/sign-in.test.ts checks the limit.
    SIGN_IN_RATE_LIMIT_MAX: "1000",
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", database.url);
  project.provide("dataDir", dataDir);
  project.provide("certificate", certificate);

  return async () => {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
