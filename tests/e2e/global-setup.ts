// One real server for the dashboard suite: built dist/server.mjs on a fresh database. The
// workers read its address and database from the environment set here.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "../helpers/database.ts";
import { createLocalCertificate } from "../helpers/https-receiver.ts";
import { startServer } from "../helpers/processes.ts";

export default async function globalSetup() {
  const database = await createDatabase("aw_e2e");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-e2e-data-"));
  // Webhook URLs must be https: tests run a local receiver with this certificate, which the
  // server trusts (tests/helpers/https-receiver.ts).
  const certificate = createLocalCertificate();
  const server = await startServer({
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    AGENT_LATENCY_MS: "200",
    // Many people sign in from one address here; the sign-in limit has its own test.
    SIGN_IN_RATE_LIMIT_MAX: "1000",
    RATE_LIMIT_STANDARD_PER_MIN: "100000",
    RATE_LIMIT_STRICT_PER_MIN: "100000",
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATABASE_URL = database.url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_CERT_PATH = certificate.certPath;
  process.env.E2E_KEY_PATH = certificate.keyPath;

  return async () => {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(certificate.certPath), { recursive: true, force: true });
  };
}
