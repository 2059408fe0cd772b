// The OpenAPI 3 document, generated from the same routers that serve /v1. The library
// writes 200 for every success; procedures that answer 201/202 say so in their meta, and
// the document is corrected from there. Routes served outside tRPC (the SSE stream) bring
// their own operation objects.
import type { AnyRouter } from "@trpc/server";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { SERVICE_VERSION } from "../../foundation/version.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../trpc/idempotent.ts";
import { procedureMetaByPath } from "../trpc/init.ts";

type TOperation = { responses?: Record<string, unknown>; security?: unknown[]; parameters?: { in?: string; name?: string }[] };

type TSchema = NonNullable<NonNullable<OpenAPIObject["components"]>["schemas"]>[string];

const ERROR_SCHEMA: TSchema = {
  type: "object",
  description: "Every error body (decisions.md, Errors). Switch on `type`.",
  required: ["error", "type"],
  properties: {
    error: { type: "string" },
    type: {
      type: "string",
      enum: [
        "validation_error",
        "authentication_error",
        "insufficient_credits",
        "insufficient_scope",
        "plan_required",
        "not_found",
        "method_not_allowed",
        "request_timeout",
        "conflict",
        "payload_too_large",
        "unsupported_media_type",
        "rate_limited",
        "headers_too_large",
        "internal_error",
        "service_unavailable",
      ],
    },
    message: { type: "string" },
    issues: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } } },
    required: { type: "string" },
    provided: { type: "array", items: { type: "string" } },
    plan: { type: "string" },
    retry_after: { type: "integer" },
    credits_remaining: { type: "integer" },
    request_id: { type: "string" },
  },
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  "400": "validation_error: the request failed validation (issues name each field)",
  "401": "authentication_error: key missing, invalid, revoked or expired",
  "403": "insufficient_scope or plan_required",
  "404": "not_found: no such resource in the caller's organization and mode",
  "409": "conflict: the resource is not in a state that allows this",
  "413": "payload_too_large",
  "415": "unsupported_media_type: send application/json",
  "500": "internal_error (body carries request_id)",
};

const IDEMPOTENCY_CONFLICT = `conflict: the ${IDEMPOTENCY_KEY_HEADER} was already used with a different body`;

/** Replaces the library's error schemas with ours and lists the statuses each route can return. */
function describeErrors(path: string, method: string, operation: TOperation): void {
  const responses = (operation.responses ??= {});
  const statuses = new Set(Object.keys(responses).filter((status) => Number(status) >= 400));
  const authenticated = Boolean(operation.security?.length);
  if (authenticated) ["401", "403"].forEach((status) => statuses.add(status));
  if (path.includes("{")) statuses.add("404");
  else if (method === "get") {
    // A collection always exists; the library's default 404 does not apply.
    statuses.delete("404");
    delete responses["404"];
  }
  if (/\/(cancel|approve|reject)$/.test(path)) statuses.add("409");
  const idempotent = operation.parameters?.some((parameter) => parameter.in === "header" && parameter.name === IDEMPOTENCY_KEY_HEADER);
  if (idempotent) statuses.add("409");
  if (method !== "get") ["413", "415"].forEach((status) => statuses.add(status));
  for (const status of [...statuses].sort()) {
    responses[status] = {
      description: (idempotent && status === "409" ? IDEMPOTENCY_CONFLICT : ERROR_DESCRIPTIONS[status]) ?? "error",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
}

function successStatusByOperation(router: AnyRouter): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const meta of procedureMetaByPath(router).values()) {
    if (meta?.openapi && meta.successStatus) {
      statuses.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta.successStatus);
    }
  }
  return statuses;
}

export function buildOpenApiDocument(input: { router: AnyRouter; baseUrl: string; extraPaths: ZodOpenApiPathsObject }): OpenAPIObject {
  const document = generateOpenApiDocument(input.router, {
    title: "Agent Workforce API",
    description: "Start agent runs, review what agents are unsure of, run batches and read credit usage.",
    version: SERVICE_VERSION,
    baseUrl: input.baseUrl.replace(/\/$/, ""),
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "svc_live_… or svc_test_… API key" },
    },
    paths: input.extraPaths,
  });

  const statuses = successStatusByOperation(input.router);
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, TOperation>)) {
      const status = statuses.get(`${method} ${path}`);
      if (status && operation.responses?.["200"]) {
        operation.responses[String(status)] = operation.responses["200"];
        delete operation.responses["200"];
      }
      describeErrors(path, method, operation);
    }
  }
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Error: ERROR_SCHEMA } };
  return document;
}
