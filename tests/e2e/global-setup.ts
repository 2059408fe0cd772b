// One real server for the dashboard suite: built dist/server.mjs on a fresh database. The
// workers read its address and database from the environment set here.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { startTestService } from "../helpers/test-service.ts";

/** A mail server that accepts every message and keeps none: email recipients need SMTP_URL set. */
async function startSinkSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on("end", () => callback());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export default async function globalSetup() {
  const smtp = await startSinkSmtp();
  const service = await startTestService("aw_e2e", {
    SMTP_URL: smtp.url,
    AGENT_LATENCY_MS: "200",
    // Many people sign in from one address here; the sign-in limits have their own test.
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MIN: "1000",
    REVIEW_LINK_POSTS_PER_ADDRESS_PER_MIN: "1000",
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
  return async () => {
    await service.dispose();
    await smtp.close();
  };
}
