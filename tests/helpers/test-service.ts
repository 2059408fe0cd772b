// The one shared server a suite runs against (Vitest's integration suite, Playwright's
// dashboard suite): built dist/server.mjs on a fresh database and data directory, trusting
// a local certificate so webhooks can reach https receivers in the tests.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "./database.ts";
import { createLocalCertificate, type TCertificate } from "./https-receiver.ts";
import { startServer, type TRunningServer } from "./processes.ts";

export type TTestService = {
  server: TRunningServer;
  databaseUrl: string;
  dataDir: string;
  certificate: TCertificate;
  /** Stops the server and removes its database, data directory and certificate. */
  dispose: () => Promise<void>;
};

export async function startTestService(prefix: string, settings: Record<string, string>): Promise<TTestService> {
  const database = await createDatabase(prefix);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll("_", "-")}-data-`));
  const certificate = createLocalCertificate();
  const server = await startServer({
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    ...settings,
  });
  return {
    server,
    databaseUrl: database.url,
    dataDir,
    certificate,
    dispose: async () => {
      await server.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(path.dirname(certificate.certPath), { recursive: true, force: true });
    },
  };
}
