// One real server for the dashboard suite: built dist/server.mjs on a fresh database. The
// workers read its address and database from the environment set here.
import { startTestService } from "../helpers/test-service.ts";

export default async function globalSetup() {
  const service = await startTestService("aw_e2e", {
    AGENT_LATENCY_MS: "200",
    // Many people sign in from one address here; the sign-in limits have their own test.
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MIN: "1000",
    RATE_LIMIT_STANDARD_PER_MIN: "100000",
    RATE_LIMIT_STRICT_PER_MIN: "100000",
  });
  process.env.E2E_BASE_URL = service.server.baseUrl;
  process.env.E2E_DATABASE_URL = service.databaseUrl;
  process.env.E2E_DATA_DIR = service.dataDir;
  // Webhook URLs must be https: tests run a local receiver with this certificate, which the
  // server trusts (tests/helpers/https-receiver.ts).
  process.env.E2E_CERT_PATH = service.certificate.certPath;
  process.env.E2E_KEY_PATH = service.certificate.keyPath;
  return service.dispose;
}
