// The OpenAPI 3 document, generated from the same routers that serve /v1. The library
// writes 200 for every success and its own error schemas; this file corrects both from the
// procedures' meta (success status, the domain errors each can answer) and the one error
// table (src/foundation/errors.ts), so no status or error body is kept by hand. Routes
// served outside tRPC (the SSE stream) bring their own operation objects.
import type { AnyRouter } from "@trpc/server";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { ERROR_TABLE, ZErrorBody, type TErrorType } from "../../foundation/errors.ts";
import { SERVICE_VERSION } from "../../foundation/version.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../trpc/idempotent.ts";
import { procedureMetaByPath, type TApiMeta } from "../trpc/init.ts";

type TResponse = { description: string; content?: Record<string, unknown> };
type TSchema = { $ref?: string; required?: string[] };
type TOperation = {
  responses?: Record<string, TResponse>;
  security?: unknown[];
  parameters?: { in?: string; name?: string }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: TSchema }> };
};

const ERROR_SCHEMA_NAME = "Error";
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };

/** Errors any authenticated call can answer: the key, its scope, the plan, the daily cap. */
const AUTHENTICATED_ERRORS: TErrorType[] = ["authentication_error", "insufficient_scope", "plan_required", "rate_limited"];
const BODY_ERRORS: TErrorType[] = ["payload_too_large", "unsupported_media_type"];

function errorSchema(): Record<string, unknown> {
  // Clients must tolerate fields added later, so no additionalProperties: false here.
  const { $schema: _dialect, additionalProperties: _closed, ...schema } = z.toJSONSchema(ZErrorBody) as Record<string, unknown>;
  return { ...schema, description: "Every error body (decisions.md, Errors). Switch on `type`; `error` equals `type` except where the spec fixes a sentence." };
}

/** The error types an operation can answer, from what it is (authenticated, has path ids, has a body) and its meta. */
function errorTypesOf(path: string, operation: TOperation, meta: TApiMeta | undefined): Set<TErrorType> {
  // Every operation can answer 400: a query string or path that cannot be decoded, if nothing else.
  const types = new Set<TErrorType>(["validation_error", ...(meta?.errors ?? [])]);
  const authenticated = Boolean(operation.security?.length);
  if (authenticated) AUTHENTICATED_ERRORS.forEach((type) => types.add(type));
  if (path.includes("{")) types.add("not_found");
  if (operation.requestBody) BODY_ERRORS.forEach((type) => types.add(type));
  const idempotent = operation.parameters?.some((parameter) => parameter.in === "header" && parameter.name === IDEMPOTENCY_KEY_HEADER);
  if (idempotent) types.add("conflict");
  return types;
}

/** One response per status; several types sharing a status (403) share its description. */
function errorResponses(types: Set<TErrorType>): Record<string, TResponse> {
  const byStatus = new Map<number, TErrorType[]>();
  for (const type of types) byStatus.set(ERROR_TABLE[type].status, [...(byStatus.get(ERROR_TABLE[type].status) ?? []), type]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, sharing]) => [
        String(status),
        {
          description: sharing.map((type) => `\`${type}\`: ${ERROR_TABLE[type].meaning}`).join("; "),
          content: { "application/json": { schema: ERROR_REF } },
        },
      ]),
  );
}

/**
 * The server reads a missing body as `{}` (rest-handler.ts), so a body whose schema requires
 * no field may be left out (approve, reject): the document must not say it is required.
 */
function bodyIsOptional(operation: TOperation, schemas: Record<string, unknown>): boolean {
  const content = Object.values(operation.requestBody?.content ?? {});
  return (
    content.length > 0 &&
    content.every(({ schema }) => {
      const resolved = (schema?.$ref ? schemas[schema.$ref.replace("#/components/schemas/", "")] : schema) as TSchema | undefined;
      return resolved !== undefined && !resolved.$ref && (resolved.required ?? []).length === 0;
    })
  );
}

export function buildOpenApiDocument(input: { router: AnyRouter; baseUrl: string; extraPaths: ZodOpenApiPathsObject }): OpenAPIObject {
  const baseUrl = input.baseUrl.replace(/\/$/, "");
  const document = generateOpenApiDocument(input.router, {
    title: "Agent Workforce API",
    description: "Start agent runs, review what agents are unsure of, run batches and read credit usage.",
    version: SERVICE_VERSION,
    baseUrl,
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "svc_live_… or svc_test_… API key" },
    },
    paths: input.extraPaths,
  });
  document.info.license = { name: "Proprietary: use under the Agent Workforce terms of service", url: `${baseUrl}/docs` };

  const metaByOperation = new Map<string, TApiMeta>();
  for (const meta of procedureMetaByPath(input.router).values()) {
    if (meta?.openapi) metaByOperation.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta);
  }

  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, TOperation>)) {
      const meta = metaByOperation.get(`${method} ${path}`);
      const responses = Object.fromEntries(Object.entries(operation.responses ?? {}).filter(([status]) => Number(status) < 400));
      if (meta?.successStatus && responses["200"]) {
        responses[String(meta.successStatus)] = responses["200"];
        delete responses["200"];
      }
      const success = Object.values(responses)[0];
      if (meta?.alsoAnswers && success) responses[String(meta.alsoAnswers.status)] = { ...success, description: meta.alsoAnswers.description };
      // A public operation says so explicitly: no key needed.
      if (meta && meta.scope === undefined) operation.security = [];
      operation.responses = { ...responses, ...errorResponses(errorTypesOf(path, operation, meta)) };
      if (operation.requestBody && bodyIsOptional(operation, document.components?.schemas ?? {})) operation.requestBody.required = false;
    }
  }
  // Only our Error schema: the library's own error.* components are replaced everywhere.
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")));
  document.components = { ...document.components, schemas: { ...schemas, [ERROR_SCHEMA_NAME]: errorSchema() } };
  return document;
}
