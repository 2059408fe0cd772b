// `npm start`: one Node HTTP server. /v1/* goes straight to the REST adapter; everything
// else (dashboard, dashboard tRPC, Inngest) to Next in custom-server mode.
import { listeningPort, setListeningPort } from "./foundation/server-address.ts";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { startDatabase } from "./foundation/db/bootstrap.ts";
import { env, InvalidEnvironmentError } from "./foundation/env.ts";
import { logger, routeConsoleToLogger } from "./foundation/logger.ts";
import { logFailure, runDetached } from "./foundation/detached.ts";
import { apiRouter, apiWebhooks, restRoutes } from "./api-surface.ts";
import { clientAddress, CLIENT_ADDRESS_HEADER, runWithRequestId } from "./foundation/request-context.ts";
import { authorizeApiCall } from "./transport/authorize.ts";
import { handleClientError } from "./transport/rest/client-error.ts";
import { createRestHandler, isPublicApiPath } from "./transport/rest/rest-handler.ts";
import { limitHttpServer } from "./transport/http-server-limits.ts";
import { startExecutionEngine } from "./jobs/engine.ts";
import { createRateLimiter } from "./domains/limits/create-rate-limiter.ts";
import { setRateLimiter } from "./domains/limits/rate-limiter.ts";
import { startChangeListener } from "./foundation/change-notifier.ts";
import { setPrincipalCacheEnabled } from "./domains/auth/principal-cache.ts";
import { httpDrain } from "./transport/http-drain.ts";
import { applySecurityHeaders, isReviewLinkPath, reviewLinkSecurityHeaders, securityHeaders } from "./transport/security-headers.ts";

async function main() {
  // process.env is a C++-backed object whose every read and enumeration crosses into the
  // runtime; the Inngest SDK enumerates it on every function call (~9 % of the server's CPU
  // under load: docs/performance.md). A plain copy answers the same reads at JS speed.
  // Child processes still inherit it (they take process.env as their environment).
  process.env = { ...process.env };
  const settings = env();
  // Libraries that print (Next, SDKs) write records of the one logger, not plain lines.
  routeConsoleToLogger();
  const database = await startDatabase(settings);
  logger.info("database ready", {
    embedded: database.embedded,
    appliedMigrations: database.appliedMigrations,
  });

  const limiter = createRateLimiter(settings);
  setRateLimiter(limiter);
  logger.info("rate limiter ready", { backend: limiter.backend });

  const stopListening = database.embedded ? async () => undefined : await startChangeListener(database.connectionString);
  // On the embedded database no other process's change reaches this one: the admin CLI sends
  // no NOTIFY there, and one would go back out on the CLI's own connection (PGlite has one
  // session; nothing here listens). So the server reads API keys on every call there, and
  // the CLI's revoke-key holds from the very next call (docs/deployment.md).
  setPrincipalCacheEnabled(!database.embedded);
  const engine = await startExecutionEngine(settings, { embeddedDatabase: database.embedded });

  const app = next({ dev: false, dir: path.resolve(process.cwd()), hostname: settings.HOST, port: settings.PORT });
  await app.prepare();
  const handleWithNext = app.getRequestHandler();

  const handlePublicApi = createRestHandler({
    router: apiRouter,
    routes: restRoutes,
    webhooks: apiWebhooks,
    publicBaseUrl: () => settings.PUBLIC_BASE_URL ?? `http://localhost:${listeningPort(settings.PORT)}`,
    maxBodyBytes: settings.MAX_BODY_BYTES,
    authorize: authorizeApiCall,
  });

  // Both handlers answer their own errors; should one reject all the same, the failure is
  // logged and the response ended with a 500 rather than left open.
  const serve = (work: Promise<unknown>, req: IncomingMessage, res: ServerResponse) => {
    const ended = work.catch((error: unknown) => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
      throw error;
    });
    runDetached(ended, "handling a request", { level: "error", fields: { path: req.url } });
  };

  let stopping = false;
  const http = httpDrain();
  const headersFor = { api: securityHeaders(settings, false), page: securityHeaders(settings, true), review: reviewLinkSecurityHeaders(settings) };
  const server = createServer((req, res) => {
    const publicApi = isPublicApiPath(req.url);
    applySecurityHeaders(res, publicApi ? headersFor.api : isReviewLinkPath(req.url) ? headersFor.review : headersFor.page);
    if (!http.admit(req, res, !publicApi && Boolean(req.headers.accept?.includes("text/event-stream")))) return;
    if (publicApi) {
      serve(handlePublicApi(req, res), req, res);
    } else {
      const requestId = randomUUID();
      res.setHeader("X-Request-Id", requestId);
      req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, settings.TRUST_PROXY);
      // Next's route handlers (the dashboard's tRPC) run inside this context and reuse the id.
      serve(runWithRequestId(requestId, () => handleWithNext(req, res)), req, res);
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

  // Shutdown (SIGTERM/SIGINT): every phase runs at once under one deadline, so open SSE
  // streams and jobs in flight (a webhook receiver may hold a delivery 10 s) cannot add up.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + settings.SHUTDOWN_GRACE_MS;
    logger.info("shutting down", { signal, graceMs: settings.SHUTDOWN_GRACE_MS });
    // A backstop: closing the pools can hang when the database is unreachable.
    setTimeout(() => {
      logger.error("shutdown did not finish in time; exiting");
      process.exit(1);
    }, settings.SHUTDOWN_GRACE_MS + 10_000).unref();
    // The HTTP drain and the job engine's stop run side by side under the one deadline.
    const engineStopped = engine.stop(deadline).catch((error: unknown) => logger.error("stopping the job engine failed", { error: String(error) }));
    const { streamsEnded } = await http.drain(server, deadline);
    await engineStopped;
    logger.info("drained", { streamsEnded, ms: settings.SHUTDOWN_GRACE_MS - (deadline - Date.now()) });
    await app.close().catch(logFailure("closing Next"));
    await stopListening().catch(logFailure("closing the change listener"));
    await limiter.close().catch(logFailure("closing the rate limiter"));
    await database.close().catch(logFailure("closing the database"));
    process.exit(0);
  };
  process.on("SIGTERM", () => runDetached(stop("SIGTERM"), "shutdown", { level: "error" }));
  process.on("SIGINT", () => runDetached(stop("SIGINT"), "shutdown", { level: "error" }));
}

main().catch((error) => {
  if (error instanceof InvalidEnvironmentError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
