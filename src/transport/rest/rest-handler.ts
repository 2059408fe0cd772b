// The public REST API on Node's HTTP server: /v1/* goes to trpc-to-openapi's Node adapter
// (≈5× the throughput of an App Router route here). Before the adapter runs, this handler
// finds the procedure for the method and path, authorizes the call (key, plan, daily cap,
// scope, rate limit — decided by the `authorize` function the composition root passes in),
// and only then reads the body within bounds (size, content type, depth, storable strings:
// src/foundation/json-input.ts), so hostile input meets typed errors and anonymous callers
// never make the server parse anything. Every error body is rewritten through the one
// error table. Routes that are not tRPC procedures (the SSE run stream) are registered by
// the composition root: this file knows no domain.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError, type AnyRouter } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { readBoundedBody } from "../../foundation/bounded-body.ts";
import { AppError, isInternal, toErrorResponse } from "../../foundation/errors.ts";
import { jsonInputError, parseJsonObjectText, unstorableStringReason } from "../../foundation/json-input.ts";
import { trackForegroundCall } from "../../foundation/foreground.ts";
import { logger } from "../../foundation/logger.ts";
import { currentRequestId, runWithRequestId } from "../../foundation/request-context.ts";
import { procedureMetaByPath, requiresCaller, type TApiMeta } from "../trpc/init.ts";
import type { TContext, TPreauthorized } from "../trpc/context.ts";
import { buildOpenApiDocument, METHODS_WITH_BODY, type TWebhookDelivery } from "./openapi.ts";
import { keepBodiesStrict } from "./strict-bodies.ts";

type TRequest = IncomingMessage & { body?: unknown; query?: Record<string, string[]> };
type THeaderReader = (name: string) => string | undefined;

/** A /v1 route served outside tRPC, with its entry in the OpenAPI document. */
export type TRestRoute = {
  method: "GET" | "POST";
  /** OpenAPI path template, e.g. "/v1/runs/{id}/stream". */
  path: string;
  operation: ZodOpenApiOperationObject;
  /** Spends a rate-limit policy: its responses carry RateLimit-* (documented as such). */
  rateLimited?: boolean;
  handle: (call: { req: IncomingMessage; res: ServerResponse; params: Record<string, string>; header: THeaderReader }) => Promise<void>;
};

/** Decides whether an API call may proceed (src/transport/authorize.ts), before its body is read. */
export type TAuthorize = (
  request: { header: THeaderReader; setHeader: (name: string, value: string) => void },
  requirement: { scope?: TApiMeta["scope"]; role?: TApiMeta["role"]; rateLimit?: TApiMeta["rateLimit"] },
) => Promise<TPreauthorized["principal"]>;

export type TRestHandlerOptions = {
  router: AnyRouter;
  routes: TRestRoute[];
  /** The deliveries the service sends, documented as the document's `webhooks`. */
  webhooks?: TWebhookDelivery[];
  /** Server URL written into the OpenAPI document (read when it is first served: the port may be chosen at listen time). */
  publicBaseUrl: string | (() => string);
  maxBodyBytes: number;
  authorize: TAuthorize;
};

/** A procedure served at an OpenAPI method and path. */
type TProcedureRoute = { procedurePath: string; method: string; meta: TApiMeta; match: (pathname: string) => Record<string, string> | null };

const statusOverrides = new WeakMap<IncomingMessage, number>();
const errorsByRequest = new WeakMap<IncomingMessage, unknown>();
const authorizations = new WeakMap<IncomingMessage, TPreauthorized>();

/** Reads a request header by name (the first value when repeated). */
function headerReader(req: IncomingMessage): THeaderReader {
  return (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
}

/** decodeURIComponent, or the segment as it came when it is not valid percent-encoded UTF-8. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // "%", "%zz", "%ED%A0%80" (a UTF-8-encoded surrogate): the route's own validation
    // (after authentication) refuses the raw segment as it refuses any malformed id.
    return segment;
  }
}

/**
 * "/v1/runs/{id}/stream" → a matcher returning { id } for a concrete path. Matches like
 * trpc-to-openapi's router (case-insensitive, one optional trailing slash), so the
 * procedure found here is the one the adapter runs.
 */
function pathMatcher(template: string): (pathname: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const regex = new RegExp(`^${pattern}/?$`, "i");
  return (pathname) => {
    const match = regex.exec(pathname);
    if (!match) return null;
    return Object.fromEntries(names.map((name, index) => [name, decodePathSegment(match[index + 1]!)]));
  };
}

/** Every procedure with an OpenAPI route, in the router's order (the adapter's order too). */
function procedureRoutes(router: AnyRouter): TProcedureRoute[] {
  return [...procedureMetaByPath(router)].flatMap(([procedurePath, meta]) =>
    meta?.openapi ? [{ procedurePath, method: meta.openapi.method.toUpperCase(), meta, match: pathMatcher(meta.openapi.path) }] : [],
  );
}

function sendError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const requestId = currentRequestId() ?? "";
  if (isInternal(error)) {
    const cause = error instanceof TRPCError && error.cause ? error.cause : error;
    // The line carries requestId through the request context (logger.ts).
    logger.error("unhandled error", { path: req.url, error: (cause as Error)?.stack ?? String(cause) });
  }
  const { status, headers, body } = toErrorResponse(error, requestId);
  if (res.headersSent) {
    res.end();
    return;
  }
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(JSON.stringify(body));
}

/**
 * Reads the body (stopping at `limit` bytes: 413) and parses it within the bounds of
 * src/foundation/json-input.ts. Called only after the call was authorized.
 */
async function readBody(req: TRequest, limit: number): Promise<void> {
  const raw = (await readBoundedBody(req, req.headers["content-length"], limit)).toString("utf8");
  if (raw.trim() === "") {
    // Bodiless POSTs (approve, cancel) are fine: treat them as an empty JSON object.
    req.headers["content-type"] = "application/json";
    req.body = {};
    return;
  }
  const contentType = req.headers["content-type"] ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Request body must be JSON (Content-Type: application/json)");
  }
  req.headers["content-type"] = "application/json";
  req.body = parseJsonObjectText(raw, { maxBytes: limit });
}

/** Query parameters are input too: refuse names and values that cannot be stored. */
/**
 * Checks the query string and returns it parsed into an object without a prototype, for the
 * adapter to use as `req.query`: its own parser collects into a plain `{}`, where a parameter
 * named `toString` or `constructor` finds the inherited function and throws (a 500).
 */
function parseQuery(searchParams: URLSearchParams): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null);
  for (const [name, value] of searchParams) {
    const nameReason = unstorableStringReason(name);
    if (nameReason) throw jsonInputError({ path: "(query)", message: `parameter name ${nameReason}` });
    const reason = unstorableStringReason(value);
    if (reason) throw jsonInputError({ path: name, message: reason });
    // No operation has such a parameter; the adapter's own copy must not get a prototype from it.
    if (name === "__proto__") continue;
    (query[name] ??= []).push(value);
  }
  return query;
}

export function isPublicApiPath(url: string | undefined): boolean {
  return url === "/v1" || Boolean(url?.startsWith("/v1/") || url?.startsWith("/v1?"));
}

/** The OpenAPI document of a router tree plus its extra routes. */
export function openApiDocument(options: Pick<TRestHandlerOptions, "router" | "routes" | "webhooks" | "publicBaseUrl">) {
  return buildOpenApiDocument({
    router: options.router,
    baseUrl: typeof options.publicBaseUrl === "function" ? options.publicBaseUrl() : options.publicBaseUrl,
    extraPaths: Object.fromEntries(options.routes.map((route) => [route.path, { [route.method.toLowerCase()]: route.operation }])),
    rateLimitedExtras: new Set(options.routes.filter((route) => route.rateLimited).map((route) => `${route.method.toLowerCase()} ${route.path}`)),
    webhooks: options.webhooks,
  });
}

/** Builds the /v1 handler over a router tree and the extra routes the composition root registers. */
export function createRestHandler(options: TRestHandlerOptions): (req: TRequest, res: ServerResponse) => Promise<void> {
  const metaByPath = procedureMetaByPath(options.router);
  const procedures = procedureRoutes(options.router);
  // Before the adapter first runs: it would switch string coercion on for bodies too.
  keepBodiesStrict(options.router);
  const routes = options.routes.map((route) => ({ ...route, match: pathMatcher(route.path) }));
  let document: string | undefined;
  const serializedDocument = () => (document ??= JSON.stringify(openApiDocument(options)));

  const openApiHandler = createOpenApiNodeHttpHandler({
    router: options.router,
    createContext: ({ req, res }): TContext => ({
      requestId: currentRequestId() ?? randomUUID(),
      credentials: "api_key",
      header: headerReader(req),
      setHeader: (name, value) => res.setHeader(name, value),
      setStatus: (status) => statusOverrides.set(req, status),
      preauthorized: authorizations.get(req),
      // Bodies were parsed by parseJsonObjectText and query strings by parseQuery.
      inputChecked: true,
    }),
    responseMeta: ({ paths, errors }) => {
      if (errors.length > 0) return {};
      const meta = paths?.[0] ? metaByPath.get(paths[0]) : undefined;
      return { status: meta?.successStatus ?? 200 };
    },
    onError: ({ error, req }) => errorsByRequest.set(req as IncomingMessage, error),
  });

  const handle = async (req: TRequest, res: ServerResponse) => {
    const started = performance.now();
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      const pathname = url.pathname;
      // HEAD is GET without a body (Node drops the body of a HEAD response by itself).
      const head = req.method === "HEAD";
      const method = head ? "GET" : (req.method ?? "");

      if (pathname === "/v1/openapi.json" && method === "GET") {
        res.setHeader("Content-Type", "application/json");
        res.end(serializedDocument());
        return;
      }

      for (const route of routes) {
        const params = method === route.method ? route.match(pathname) : null;
        if (!params) continue;
        if (head) {
          // A stream has no headers to preview without opening it.
          res.setHeader("Allow", route.method);
          throw new AppError("method_not_allowed", `HEAD is not supported on ${route.path}; use ${route.method}`);
        }
        await route.handle({ req, res, params, header: headerReader(req) });
        return;
      }

      const procedure = procedures.find((candidate) => candidate.method === method && candidate.match(pathname));
      if (!procedure) throw new AppError("not_found", `No route for ${req.method} ${pathname}`);
      // Background work gives way while calls are served (streams, held open, do not count).
      trackForegroundCall(res);

      // Who is calling, and may they, before anything of the request is read.
      if (requiresCaller(procedure.meta)) {
        const principal = await options.authorize(
          { header: headerReader(req), setHeader: (name, value) => res.setHeader(name, value) },
          { scope: procedure.meta.scope, role: procedure.meta.role, rateLimit: procedure.meta.rateLimit },
        );
        authorizations.set(req, { procedurePath: procedure.procedurePath, principal });
      }

      if (METHODS_WITH_BODY.has(method)) await readBody(req, options.maxBodyBytes);
      // The adapter takes GET and DELETE input from the query string.
      if (method === "GET" || method === "DELETE") req.query = parseQuery(url.searchParams);
      if (head) req.method = "GET";

      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      // The adapter writes its own error bodies; replace them with the table's.
      res.end = ((...args: unknown[]) => {
        if (errorsByRequest.has(req)) {
          const error = errorsByRequest.get(req);
          errorsByRequest.delete(req);
          res.end = end as typeof res.end;
          sendError(req, res, error);
          return res;
        }
        const override = statusOverrides.get(req);
        if (override) res.statusCode = override;
        return end(...args);
      }) as typeof res.end;

      await openApiHandler(req, res, () => {
        throw new AppError("not_found", `No route for ${method} ${pathname}`);
      });
    } catch (error) {
      sendError(req, res, error);
    } finally {
      // Headers are logged as received: logger.ts redacts Authorization, X-Api-Key and cookies.
      logger.debug("request", {
        method: req.method,
        path: req.url,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        headers: req.headers,
      });
    }
  };

  return (req, res) => {
    const requestId = randomUUID();
    res.setHeader("X-Request-Id", requestId);
    // Everything this request awaits (the adapter, its context, the error bodies, the logs) sees its id.
    return runWithRequestId(requestId, () => handle(req, res));
  };
}
