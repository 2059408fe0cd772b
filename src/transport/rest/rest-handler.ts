// The public REST API on Node's HTTP server: /v1/* goes to trpc-to-openapi's Node adapter
// (≈5× the throughput of an App Router route here), with the body parsed up front so
// size, content type and malformed JSON get our typed errors, and every error body
// rewritten through the one error table. Routes that are not tRPC procedures (the SSE
// run stream) are registered by the composition root: this file knows no domain.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError, type AnyRouter } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { AppError, isInternal, toErrorResponse } from "../../foundation/errors.ts";
import { logger } from "../../foundation/logger.ts";
import { runWithRequestId } from "../../foundation/request-context.ts";
import { procedureMetaByPath } from "../trpc/init.ts";
import type { TContext } from "../trpc/context.ts";
import { buildOpenApiDocument } from "./openapi.ts";

type TRequest = IncomingMessage & { body?: unknown };
type THeaderReader = (name: string) => string | undefined;

/** A /v1 route served outside tRPC, with its entry in the OpenAPI document. */
export type TRestRoute = {
  method: "GET" | "POST";
  /** OpenAPI path template, e.g. "/v1/runs/{id}/stream". */
  path: string;
  operation: ZodOpenApiOperationObject;
  handle: (call: { req: IncomingMessage; res: ServerResponse; params: Record<string, string>; header: THeaderReader }) => Promise<void>;
};

export type TRestHandlerOptions = {
  router: AnyRouter;
  routes: TRestRoute[];
  /** Server URL written into the OpenAPI document (read when it is first served: the port may be chosen at listen time). */
  publicBaseUrl: string | (() => string);
  maxBodyBytes: number;
};

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const requestIds = new WeakMap<IncomingMessage, string>();
const statusOverrides = new WeakMap<IncomingMessage, number>();
const errorsByRequest = new WeakMap<IncomingMessage, unknown>();

/** Reads a request header by name (the first value when repeated). */
function headerReader(req: IncomingMessage): THeaderReader {
  return (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
}

/** "/v1/runs/{id}/stream" → a matcher returning { id } for a concrete path. */
function pathMatcher(template: string): (pathname: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const regex = new RegExp(`^${pattern}/?$`);
  return (pathname) => {
    const match = regex.exec(pathname);
    if (!match) return null;
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
  };
}

function sendError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const requestId = requestIds.get(req) ?? "";
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

async function readBody(req: TRequest, limit: number): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new AppError("payload_too_large", `Request body exceeds ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString("utf8");
  if (raw.trim() === "") {
    // Bodiless POSTs (approve, cancel) are fine: treat them as an empty JSON object.
    req.headers["content-type"] ??= "application/json";
    req.body = {};
    return;
  }
  const contentType = req.headers["content-type"] ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Request body must be JSON (Content-Type: application/json)");
  }
  req.headers["content-type"] = "application/json";
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError("validation_error", "Request body is not valid JSON", { issues: [{ path: "(body)", message: "malformed JSON" }] });
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AppError("validation_error", "Request body must be a JSON object", {
      issues: [{ path: "(body)", message: "expected a JSON object" }],
    });
  }
  const nulPath = findNulCharacter(parsed);
  if (nulPath) {
    const message = "must not contain NUL (\\u0000) characters";
    throw new AppError("validation_error", `Invalid ${nulPath.join(".") || "(body)"}: ${message}`, {
      issues: [{ path: nulPath.join(".") || "(body)", message }],
    });
  }
  req.body = parsed;
}

/** Path of the first string (or key) holding U+0000, which PostgreSQL text and jsonb cannot store. */
function findNulCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value && typeof value === "object") {
    for (const [key, nested] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key];
      const found = findNulCharacter(nested, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function isPublicApiPath(url: string | undefined): boolean {
  return url === "/v1" || Boolean(url?.startsWith("/v1/") || url?.startsWith("/v1?"));
}

/** The OpenAPI document of a router tree plus its extra routes. */
export function openApiDocument(options: Pick<TRestHandlerOptions, "router" | "routes" | "publicBaseUrl">) {
  return buildOpenApiDocument({
    router: options.router,
    baseUrl: typeof options.publicBaseUrl === "function" ? options.publicBaseUrl() : options.publicBaseUrl,
    extraPaths: Object.fromEntries(options.routes.map((route) => [route.path, { [route.method.toLowerCase()]: route.operation }])),
  });
}

/** Builds the /v1 handler over a router tree and the extra routes the composition root registers. */
export function createRestHandler(options: TRestHandlerOptions): (req: TRequest, res: ServerResponse) => Promise<void> {
  const metaByPath = procedureMetaByPath(options.router);
  const routes = options.routes.map((route) => ({ ...route, match: pathMatcher(route.path) }));
  let document: string | undefined;
  const serializedDocument = () => (document ??= JSON.stringify(openApiDocument(options)));

  const openApiHandler = createOpenApiNodeHttpHandler({
    router: options.router,
    createContext: ({ req, res }): TContext => ({
      requestId: requestIds.get(req) ?? randomUUID(),
      header: headerReader(req),
      setHeader: (name, value) => res.setHeader(name, value),
      setStatus: (status) => statusOverrides.set(req, status),
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
      const pathname = new URL(req.url ?? "/", "http://localhost").pathname;

      if (pathname === "/v1/openapi.json" && req.method === "GET") {
        res.setHeader("Content-Type", "application/json");
        res.end(serializedDocument());
        return;
      }

      for (const route of routes) {
        const params = req.method === route.method ? route.match(pathname) : null;
        if (params) {
          await route.handle({ req, res, params, header: headerReader(req) });
          return;
        }
      }

      if (METHODS_WITH_BODY.has(req.method ?? "")) await readBody(req, options.maxBodyBytes);

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
        throw new AppError("not_found", `No route for ${req.method} ${pathname}`);
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
    requestIds.set(req, requestId);
    res.setHeader("X-Request-Id", requestId);
    // Everything this request awaits logs with its id.
    return runWithRequestId(requestId, () => handle(req, res));
  };
}
