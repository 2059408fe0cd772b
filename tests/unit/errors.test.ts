// The error table (src/foundation/errors.ts): every AppError type, unknown errors, Zod and
// tRPC errors rendered to the status and body of docs/contract.md, "Errors".
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Prisma } from "../../src/generated/prisma/client.ts";
import { AppError, conflict, notFound, toErrorResponse, validationError } from "../../src/foundation/errors.ts";

const REQUEST_ID = "3f6c1d2e-0000-4000-8000-000000000001";

describe("toErrorResponse: AppError types", () => {
  it.each([
    ["validation_error", 400, { issues: [{ path: "task", message: "task is required" }] }],
    ["authentication_error", 401, {}],
    ["insufficient_credits", 402, { credits_remaining: 3 }],
    ["plan_required", 403, { plan: "starter" }],
    ["not_found", 404, {}],
    ["method_not_allowed", 405, {}],
    ["conflict", 409, {}],
    ["payload_too_large", 413, {}],
    ["unsupported_media_type", 415, {}],
    ["service_unavailable", 503, {}],
  ] as const)("%s → %i with {error: type, type, message, ...details}", (type, status, details) => {
    const response = toErrorResponse(new AppError(type, "Something specific", details as never), REQUEST_ID);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: type, type, message: "Something specific", ...details });
    expect(response.headers).toEqual({});
  });

  it("insufficient_scope → 403 with error 'Insufficient scope', required and provided", () => {
    const error = new AppError("insufficient_scope", "lacks agents:run", { required: "agents:run", provided: ["agents:read"] });
    const response = toErrorResponse(error, REQUEST_ID);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: "Insufficient scope", type: "insufficient_scope", message: "lacks agents:run", required: "agents:run", provided: ["agents:read"],
    });
  });

  it("rate_limited → 429 with error 'Rate limit exceeded', retry_after and a Retry-After header", () => {
    const error = new AppError("rate_limited", "Rate limit exceeded", { retry_after: 17 }, { "RateLimit-Limit": "60" });
    const response = toErrorResponse(error, REQUEST_ID);
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({ error: "Rate limit exceeded", type: "rate_limited", retry_after: 17 });
    expect(response.headers).toEqual({ "Retry-After": "17", "RateLimit-Limit": "60" });
  });

  it("the helpers build not_found, conflict and validation_error", () => {
    expect(toErrorResponse(notFound("Run"), REQUEST_ID)).toMatchObject({ status: 404, body: { error: "not_found", message: "Run not found" } });
    expect(toErrorResponse(conflict("already done"), REQUEST_ID)).toMatchObject({ status: 409, body: { error: "conflict", message: "already done" } });
    expect(toErrorResponse(validationError("bad"), REQUEST_ID)).toMatchObject({ status: 400, body: { type: "validation_error", issues: [] } });
  });

  it("adds request_id only to internal errors", () => {
    expect(toErrorResponse(notFound("Run"), REQUEST_ID).body).not.toHaveProperty("request_id");
  });
});

describe("toErrorResponse: unexpected errors", () => {
  it("turns a plain Error into 500 internal_error with request_id and nothing of the original", () => {
    const original = new Error("connection to 10.0.0.5 refused: password=hunter2");
    const response = toErrorResponse(original, REQUEST_ID);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      error: "internal_error", type: "internal_error", message: expect.any(String), request_id: REQUEST_ID,
    });
    const serialized = JSON.stringify(response.body);
    expect(serialized).not.toContain("hunter2");
    expect(serialized).not.toContain(original.stack!.split("\n")[1]!.trim());
    expect(serialized).not.toMatch(/\bat .*:\d+:\d+/);
  });

  it.each([
    ["a thrown string", "boom"],
    ["null", null],
    ["a TRPCError without cause", new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "db exploded" })],
  ])("turns %s into 500 internal_error", (_name, thrown) => {
    const response = toErrorResponse(thrown, REQUEST_ID);
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({ error: "internal_error", type: "internal_error", request_id: REQUEST_ID });
    expect(JSON.stringify(response.body)).not.toContain("db exploded");
  });
});

describe("toErrorResponse: validation and adapter errors", () => {
  const schema = z.object({ task: z.string().min(1), data: z.object({ total: z.number() }) });
  const zodError = schema.safeParse({ task: "", data: { total: "x" } }).error!;

  it("turns a ZodError into 400 validation_error with one issue per problem, dotted paths", () => {
    const response = toErrorResponse(zodError, REQUEST_ID);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "validation_error",
      type: "validation_error",
      message: expect.stringContaining("task"),
      issues: [
        { path: "task", message: expect.any(String) },
        { path: "data.total", message: expect.any(String) },
      ],
    });
  });

  it("names the body when a ZodError has an empty path", () => {
    const response = toErrorResponse(z.string().safeParse(1).error!, REQUEST_ID);
    expect(response.body.issues).toEqual([{ path: "(body)", message: expect.any(String) }]);
  });

  it("unwraps a TRPCError caused by a ZodError or an AppError", () => {
    const fromZod = toErrorResponse(new TRPCError({ code: "BAD_REQUEST", cause: zodError }), REQUEST_ID);
    expect(fromZod.status).toBe(400);
    expect(fromZod.body.issues).toHaveLength(2);
    const fromApp = toErrorResponse(new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: conflict("taken") }), REQUEST_ID);
    expect(fromApp).toMatchObject({ status: 409, body: { type: "conflict", message: "taken" } });
  });

  it.each([
    ["PARSE_ERROR", 400, "validation_error"],
    ["NOT_FOUND", 404, "not_found"],
    ["METHOD_NOT_SUPPORTED", 405, "method_not_allowed"],
    ["UNSUPPORTED_MEDIA_TYPE", 415, "unsupported_media_type"],
    ["PAYLOAD_TOO_LARGE", 413, "payload_too_large"],
  ] as const)("maps TRPCError %s to %i %s", (code, status, type) => {
    const response = toErrorResponse(new TRPCError({ code }), REQUEST_ID);
    expect(response.status).toBe(status);
    expect(response.body.type).toBe(type);
  });

  it("maps Prisma P2025 to 404 and P2002 to 409", () => {
    const known = (code: string) => new Prisma.PrismaClientKnownRequestError("x", { code, clientVersion: "6.19.0" });
    expect(toErrorResponse(known("P2025"), REQUEST_ID)).toMatchObject({ status: 404, body: { type: "not_found" } });
    expect(toErrorResponse(known("P2002"), REQUEST_ID)).toMatchObject({ status: 409, body: { type: "conflict" } });
    expect(toErrorResponse(known("P2003"), REQUEST_ID).status).toBe(500);
  });
});
