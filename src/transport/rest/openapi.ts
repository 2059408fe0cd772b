// The OpenAPI 3 document, generated from the same routers that serve /v1. The library
// writes 200 for every success and its own error schemas; this file corrects both from the
// procedures' meta (success status, the domain errors each can answer) and the one error
// table (src/foundation/errors.ts), so no status or error body is kept by hand. Routes
// served outside tRPC (the SSE stream) bring their own operation objects. What the server
// sends on every response (X-Request-Id, 500, 503; RateLimit-* and Retry-After where they
// apply; 413/415 wherever a body is read) is added here by rule, so a new operation or error
// type is documented without anyone remembering to; so are the webhook deliveries
// (`webhooks`) and the global tags.
import type { AnyRouter } from "@trpc/server";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { ERROR_TABLE, ZErrorBody, type TErrorType } from "../../foundation/errors.ts";
import { SERVICE_VERSION } from "../../foundation/version.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../trpc/idempotent.ts";
import { procedureMetaByPath, type TApiMeta } from "../trpc/init.ts";

type TResponse = { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };
type TSchema = { $ref?: string; required?: string[] };
type TOperation = {
  tags?: string[];
  description?: string;
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
/** Errors any operation can answer: a fault of the server, or a service it needs being down (the SDK retries 503). */
const SERVER_ERRORS: TErrorType[] = ["internal_error", "service_unavailable"];

/**
 * The methods whose body the server reads (src/transport/rest/rest-handler.ts), whether the
 * operation takes one or not: a bodiless POST (cancel, claim) still answers 413 and 415.
 */
export const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every tag an operation may carry, with its description (the document's global `tags`). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  health: "Liveness and readiness of the service and its dependencies.",
  runs: "Start agent runs, read them and their steps, follow them as they change, cancel them.",
  triage: "The review queue: runs an agent was unsure of, claimed, decided, sent back or spot-checked by people.",
  webhooks: "Endpoints that receive signed deliveries of run and triage events, their delivery log and their healing.",
  batches: "Many runs of one agent from one request, tracked together.",
  usage: "Credits: the period's balance, its history and who used them.",
  agents: "The built-in agents and the organization's own, their versions and their quality.",
  evaluations: "A version of an agent replayed over the runs people already judged, compared with their decisions, and the release gate it passes.",
  rollouts: "A canary of a version on a share of the unpinned runs, promoted on evidence or rolled back when people disagree with it.",
  "review-routes": "Where an agent type's review items reach people: email and chat messages with signed decision links, escalation steps, and approvals that need several people.",
  settings: "The organization's agent settings in the key's mode: the AP agent's tolerances and duplicate window.",
};

/** Response headers, one definition each (components.headers). */
const HEADERS = {
  "X-Request-Id": { description: "The request's id, on every response: quote it when reporting a problem.", schema: { type: "string", format: "uuid" } },
  "RateLimit-Limit": { description: "Calls this key may make in the operation's rate-limit window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Remaining": { description: "Calls left in the current window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer", minimum: 0 } },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 0 } },
} as const;
type THeaderName = keyof typeof HEADERS;
const headerRef = (name: THeaderName) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT_HEADERS: THeaderName[] = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];

/**
 * The headers a response carries: X-Request-Id always; RateLimit-* on an operation with a
 * rate-limit policy once the caller passed authentication and scope (not on 401, 403); Retry-After
 * on 429 (always) and 503 (when the server knows how long).
 */
function responseHeaders(status: number, rateLimited: boolean): Record<string, unknown> {
  const names: THeaderName[] = ["X-Request-Id"];
  if (rateLimited && status !== 401 && status !== 403) names.push(...RATE_LIMIT_HEADERS);
  if (status === 429 || status === 503) names.push("Retry-After");
  return Object.fromEntries(names.map((name) => [name, headerRef(name)]));
}

function errorSchema(): Record<string, unknown> {
  // Clients must tolerate fields added later, so no additionalProperties: false here.
  const { $schema: _dialect, additionalProperties: _closed, ...schema } = z.toJSONSchema(ZErrorBody) as Record<string, unknown>;
  const sentences = Object.entries(ERROR_TABLE).flatMap(([type, entry]) => ("error" in entry ? [`\`${type}\` answers \`error: "${entry.error}"\``] : []));
  return { ...schema, description: `Every error body. Switch on \`type\`: \`error\` equals \`type\`, except that ${sentences.join(" and ")}.` };
}

/** The error types an operation can answer, from what it is (authenticated, has path ids, has a body) and its meta. */
function errorTypesOf(path: string, method: string, operation: TOperation, meta: TApiMeta | undefined): Set<TErrorType> {
  // Every operation can answer 400: a query string or path that cannot be decoded, if nothing else.
  const types = new Set<TErrorType>(["validation_error", ...(meta?.errors ?? []), ...SERVER_ERRORS]);
  const authenticated = Boolean(operation.security?.length);
  if (authenticated) AUTHENTICATED_ERRORS.forEach((type) => types.add(type));
  if (path.includes("{")) types.add("not_found");
  if (operation.requestBody || METHODS_WITH_BODY.has(method.toUpperCase())) BODY_ERRORS.forEach((type) => types.add(type));
  const idempotent = operation.parameters?.some((parameter) => parameter.in === "header" && parameter.name === IDEMPOTENCY_KEY_HEADER);
  if (idempotent) types.add("conflict");
  return types;
}

/** One response per status; several types sharing a status (403) share its description. */
function errorResponses(types: Set<TErrorType>, present: Record<string, TResponse>): Record<string, TResponse> {
  const byStatus = new Map<number, TErrorType[]>();
  for (const type of types) {
    const status = ERROR_TABLE[type].status;
    // A status the operation answers with its own body (health's 503 when degraded) stays its own.
    if (present[String(status)]) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), type]);
  }
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

/**
 * A delivery the service sends to receivers (an OpenAPI 3.1 webhook), registered by the
 * composition root like the routes served outside tRPC: this file knows no domain.
 */
export type TWebhookDelivery = {
  event: string;
  summary: string;
  description: string;
  /** The payload's name in components.schemas; deliveries sharing a body share it. */
  payloadName: string;
  payload: z.ZodType;
  /** Request headers every delivery carries (signatures, ids). */
  headers: { name: string; description: string; example: string }[];
};

/** The delivery of one event to a receiver, as a Path Item the service calls. */
function webhookPathItem(delivery: TWebhookDelivery) {
  return {
    post: {
      operationId: `webhook-${delivery.event.replace(/[^a-z]+/g, "-")}`,
      tags: ["webhooks"],
      summary: delivery.summary,
      description: delivery.description,
      security: [],
      parameters: delivery.headers.map(({ name, description, example }) => ({ name, in: "header", required: true, description, schema: { type: "string" }, example })),
      requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${delivery.payloadName}` } } } },
      responses: {
        "200": { description: "Received. Any 2xx status counts as delivered." },
        "400": { description: "Refused. Any other status (or no answer within 10 s) is a failed attempt: the delivery is retried with backoff." },
      },
    },
  };
}

export function buildOpenApiDocument(input: {
  router: AnyRouter;
  baseUrl: string;
  extraPaths: ZodOpenApiPathsObject;
  /** Operations served outside tRPC that spend a rate-limit policy ("get /v1/agents/{name}/corrections"). */
  rateLimitedExtras?: Set<string>;
  webhooks?: TWebhookDelivery[];
}): OpenAPIObject {
  const webhooks = input.webhooks ?? [];
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
    contact: { name: "Agent Workforce API support", url: `${baseUrl}/docs` },
    defs: Object.fromEntries(webhooks.map((delivery) => [delivery.payloadName, delivery.payload])),
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
      operation.responses = { ...responses, ...errorResponses(errorTypesOf(path, method, operation, meta), responses) };
      const rateLimited = Boolean(meta?.rateLimit) || Boolean(input.rateLimitedExtras?.has(`${method} ${path}`));
      for (const [status, response] of Object.entries(operation.responses)) {
        response.headers = { ...response.headers, ...responseHeaders(Number(status), rateLimited) };
      }
      if (operation.requestBody && bodyIsOptional(operation, document.components?.schemas ?? {})) operation.requestBody.required = false;
    }
  }
  // Only our Error schema: the library's own error.* components are replaced everywhere.
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")));
  document.components = {
    ...document.components,
    schemas: { ...schemas, [ERROR_SCHEMA_NAME]: errorSchema() },
    headers: Object.fromEntries(Object.entries(HEADERS).map(([name, header]) => [name, { ...header }])),
  };
  if (webhooks.length > 0) {
    document.webhooks = Object.fromEntries(webhooks.map((delivery) => [delivery.event, webhookPathItem(delivery)])) as OpenAPIObject["webhooks"];
  }
  document.tags = globalTags(document);
  return document;
}

/** The global tags: every tag an operation or webhook uses, described; an undescribed one is a mistake caught here. */
function globalTags(document: OpenAPIObject): { name: string; description: string }[] {
  const used = new Set<string>();
  const containers = [document.paths ?? {}, document.webhooks ?? {}];
  for (const container of containers) {
    for (const operations of Object.values(container)) {
      for (const operation of Object.values(operations as Record<string, TOperation>)) operation.tags?.forEach((tag) => used.add(tag));
    }
  }
  const order = Object.keys(TAG_DESCRIPTIONS);
  return [...used].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    if (!description) throw new Error(`OpenAPI tag "${name}" has no description in TAG_DESCRIPTIONS (src/transport/rest/openapi.ts)`);
    return { name, description };
  });
}
