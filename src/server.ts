// `npm start`: one Node HTTP server. /v1/* goes straight to the REST adapter; everything
// else (dashboard, dashboard tRPC, Inngest) to Next in custom-server mode.
import { listeningPort, setListeningPort } from "./foundation/server-address.ts";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { startDatabase } from "./foundation/db/bootstrap.ts";
import { env, InvalidEnvironmentError } from "./foundation/env.ts";
import { logger } from "./foundation/logger.ts";
import { apiRouter, restRoutes } from "./api-surface.ts";
import { clientAddress, CLIENT_ADDRESS_HEADER, runWithRequestId } from "./foundation/request-context.ts";
import { authorizeApiCall } from "./transport/authorize.ts";
import { handleClientError } from "./transport/rest/client-error.ts";
import { createRestHandler, isPublicApiPath } from "./transport/rest/rest-handler.ts";
import { limitHttpServer } from "./transport/http-server-limits.ts";
import { startExecutionEngine } from "./jobs/engine.ts";
import { createRateLimiter } from "./domains/limits/create-rate-limiter.ts";
import { setRateLimiter } from "./domains/limits/rate-limiter.ts";
import { startChangeListener } from "./foundation/change-notifier.ts";

async function main() {
  // process.env is a C++-backed object whose every read and enumeration crosses into the
  // runtime; the Inngest SDK enumerates it on every function call (~9 % of the server's CPU
  // under load: docs/performance.md). A plain copy answers the same reads at JS speed.
  // Child processes still inherit it (they take process.env as their environment).
  process.env = { ...process.env };
  const settings = env();
  const database = await startDatabase(settings);
  logger.info("database ready", {
    embedded: database.embedded,
    appliedMigrations: database.appliedMigrations,
  });

  const limiter = createRateLimiter(settings);
  setRateLimiter(limiter);
  logger.info("rate limiter ready", { backend: limiter.backend });

  const stopListening = database.embedded ? async () => undefined : await startChangeListener(database.connectionString);
  const engine = await startExecutionEngine(settings, { embeddedDatabase: database.embedded });

  const app = next({ dev: false, dir: path.resolve(process.cwd()), hostname: settings.HOST, port: settings.PORT });
  await app.prepare();
  const handleWithNext = app.getRequestHandler();

  const handlePublicApi = createRestHandler({
    router: apiRouter,
    routes: restRoutes,
    publicBaseUrl: () => settings.PUBLIC_BASE_URL ?? `http://localhost:${listeningPort(settings.PORT)}`,
    maxBodyBytes: settings.MAX_BODY_BYTES,
    authorize: authorizeApiCall,
  });

  const server = createServer((req, res) => {
    if (isPublicApiPath(req.url)) {
      void handlePublicApi(req, res);
    } else {
      const requestId = randomUUID();
      res.setHeader("X-Request-Id", requestId);
      req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, settings.TRUST_PROXY);
      // Next's route handlers (the dashboard's tRPC) run inside this context and reuse the id.
      void runWithRequestId(requestId, () => handleWithNext(req, res));
    }
  });
  server.keepAliveTimeout = 65_000;
  limitHttpServer(server, settings);
  // Parser errors (431, malformed requests) answer typed JSON with a request id too.
  server.on("clientError", handleClientError);
  await new Promise<void>((resolve) => server.listen(settings.PORT, settings.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.PORT;
  setListeningPort(port);
  // One plain line on stdout whatever LOG_LEVEL says: people and test harnesses read it.
  process.stdout.write(`Agent Workforce ready on http://localhost:${port} (pid ${process.pid})\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    server.closeIdleConnections();
    const forced = setTimeout(() => server.closeAllConnections(), 5_000);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(forced);
    await app.close().catch(() => undefined);
    await engine.stop();
    await stopListening();
    await limiter.close().catch(() => undefined);
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  if (error instanceof InvalidEnvironmentError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
