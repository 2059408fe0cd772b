// The OpenAPI 3 document, generated from the same routers that serve /v1. The library
// writes 200 for every success; procedures that answer 201/202 say so in their meta, and
// the document is corrected from there. The SSE stream is served outside tRPC, so its
// operation is added here by hand.
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { SERVICE_VERSION } from "../health/version.ts";
import { appRouter, procedureMetaByPath } from "../trpc/root.ts";

type TOperation = { responses?: Record<string, unknown> };

function successStatusByOperation(): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const meta of procedureMetaByPath.values()) {
    if (meta?.openapi && meta.successStatus) {
      statuses.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta.successStatus);
    }
  }
  return statuses;
}

export function buildOpenApiDocument(baseUrl: string): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "Agent Workforce API",
    description: "Start agent runs, review what agents are unsure of, run batches and read credit usage.",
    version: SERVICE_VERSION,
    baseUrl: baseUrl.replace(/\/$/, ""),
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "svc_live_… or svc_test_… API key" },
    },
    paths: {
      "/v1/runs/{id}/stream": {
        get: {
          operationId: "runs-stream",
          tags: ["runs"],
          summary: "Server-Sent Events stream of a run's status",
          security: [{ bearerAuth: [] }],
          requestParams: { path: z.object({ id: z.uuid() }) },
          responses: {
            "200": {
              description: "text/event-stream of `data: {status, confidence, result, error}` updates",
              content: { "text/event-stream": { schema: { type: "string" } } },
            },
          },
        },
      },
    },
  });

  const statuses = successStatusByOperation();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, TOperation>)) {
      const status = statuses.get(`${method} ${path}`);
      if (status && operation.responses?.["200"]) {
        operation.responses[String(status)] = operation.responses["200"];
        delete operation.responses["200"];
      }
    }
  }
  return document;
}
