// The one error type and the one table that maps it to HTTP (docs/contract.md, "Errors").
// Domain code throws AppError; the REST adapter, the SSE route and the dashboard's tRPC
// formatter all render errors through toErrorResponse.
import { TRPCError } from "@trpc/server";
import { z, ZodError } from "zod";
import { Prisma } from "../generated/prisma/client.ts";

export type TValidationIssue = { path: string; message: string };

const ZValidationIssue = z.object({ path: z.string(), message: z.string() });

/**
 * THE error table: every error type with its HTTP status, the `error` field where the
 * contract fixes a sentence (else the type), what it means (the OpenAPI descriptions), and the
 * detail fields its body carries. Statuses, bodies and the OpenAPI Error schema all derive
 * from it.
 */
export const ERROR_TABLE = {
  validation_error: { status: 400, meaning: "the request failed validation; `issues` name each field", details: { issues: z.array(ZValidationIssue) } },
  authentication_error: { status: 401, meaning: "the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired", details: {} },
  insufficient_credits: { status: 402, meaning: "the period's credits cannot cover this request; nothing was charged", details: { credits_remaining: z.number().int() } },
  insufficient_scope: { status: 403, error: "Insufficient scope", meaning: "the key lacks the scope this operation requires", details: { required: z.string(), provided: z.array(z.string()) } },
  insufficient_role: { status: 403, meaning: "the signed-in member's role does not allow this dashboard operation", details: { required: z.string(), role: z.string() } },
  plan_required: { status: 403, meaning: "the organization's plan does not include API access", details: { plan: z.string() } },
  not_found: { status: 404, meaning: "no such resource in the caller's organization and mode", details: {} },
  method_not_allowed: { status: 405, meaning: "the path exists but not with this method", details: {} },
  request_timeout: { status: 408, meaning: "the request was not received in time", details: {} },
  conflict: { status: 409, meaning: "the resource is not in a state that allows this, or the Idempotency-Key was used with another body", details: {} },
  gate_not_passed: {
    status: 409,
    meaning: "the version has no passed evaluation its release gate requires (`reasons` says why); nothing was changed. `force: true` overrides the gate",
    details: { reasons: z.array(z.string()) },
  },
  invitation_expired: { status: 410, meaning: "the invitation's link has expired; an admin can invite again", details: {} },
  payload_too_large: { status: 413, meaning: "the request body is larger than the server accepts", details: {} },
  unsupported_media_type: { status: 415, meaning: "the request body is not JSON", details: {} },
  rate_limited: { status: 429, error: "Rate limit exceeded", meaning: "a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds", details: { retry_after: z.number().int() } },
  test_mode_allowance_exhausted: {
    status: 429,
    meaning:
      "the organization's test-mode allowance of model-backed runs for today (UTC) is used up; nothing was accepted. Use a live key, or retry after `resets_at`",
    details: { allowance: z.number().int(), used: z.number().int(), resets_at: z.string() },
  },
  headers_too_large: { status: 431, meaning: "the request headers are larger than the server accepts", details: {} },
  internal_error: { status: 500, meaning: "an unexpected error; the body carries the request id", details: { request_id: z.string() } },
  message_not_delivered: {
    status: 502,
    meaning: "a test review message was refused by the mail server or the chat webhook (or could not reach it); `reason` says what answered",
    details: { reason: z.string() },
  },
  service_unavailable: { status: 503, meaning: "a service this request needs is unavailable; retry later", details: {} },
} as const satisfies Record<string, { status: number; error?: string; meaning: string; details: z.ZodRawShape }>;

type TErrorTable = typeof ERROR_TABLE;
export type TErrorType = keyof TErrorTable;
export const ERROR_TYPES = Object.keys(ERROR_TABLE) as TErrorType[];

type TErrorDetails = {
  [K in TErrorType]: K extends "internal_error" ? Record<string, never> : z.infer<z.ZodObject<TErrorTable[K]["details"]>>;
};

/** The one body every error response has (docs/contract.md, "Errors"): switch on `type`. */
export const ZErrorBody = z
  .object({
    error: z.string(),
    type: z.enum(ERROR_TYPES as [TErrorType, ...TErrorType[]]),
    message: z.string(),
    ...Object.assign({}, ...Object.values(ERROR_TABLE).map((entry) => entry.details)),
  })
  .partial()
  .required({ error: true, type: true, message: true });

const errorField = (type: TErrorType): string => ("error" in ERROR_TABLE[type] ? (ERROR_TABLE[type] as { error: string }).error : type);

export class AppError<T extends TErrorType = TErrorType> extends Error {
  readonly type: T;
  readonly details: TErrorDetails[T];
  readonly headers: Record<string, string>;

  constructor(type: T, message: string, details?: TErrorDetails[T], headers: Record<string, string> = {}) {
    super(message);
    this.name = "AppError";
    this.type = type;
    this.details = (details ?? {}) as TErrorDetails[T];
    this.headers = headers;
  }

  get status(): number {
    return ERROR_TABLE[this.type].status;
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const conflict = (message: string) => new AppError("conflict", message);
export const validationError = (message: string, issues: TValidationIssue[] = []) =>
  new AppError("validation_error", message, { issues });

export type TErrorResponse = {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown> & { error: string; type: TErrorType; message?: string };
};

function issuesFromZod(error: ZodError): TValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
  }));
}

function describeIssues(issues: TValidationIssue[]): string {
  const first = issues[0];
  if (!first) return "Request validation failed";
  const suffix = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `Invalid ${first.path}: ${first.message}${suffix}`;
}

/** Seconds a client is told to wait (Retry-After) when the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// The message stays general: a bare ECONNREFUSED or ECONNRESET does not say which service it was.
export const databaseUnavailable = () =>
  new AppError("service_unavailable", "A service this request needs (the database) is unavailable; retry later", {}, {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  });

// PostgreSQL SQLSTATEs of a connection the server ended or could not serve: admin_shutdown,
// crash_shutdown, cannot_connect_now, too_many_connections; class 08 is connection_exception.
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const CONNECTION_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// Prisma's own codes: can't reach (P1001), timed out (P1002, P1008), closed (P1017), pool timeout (P2024).
const PRISMA_CONNECTION_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// @prisma/adapter-pg's DriverAdapterError kinds for a lost or unreachable server.
const ADAPTER_CONNECTION_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);
// node-postgres and pg-pool raise these as plain Errors (Prisma rethrows them as they are).
const CONNECTION_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * Whether an error means the database could not be reached or dropped the connection, as
 * node-postgres, pg-pool and Prisma 6 with @prisma/adapter-pg raise it (checked against the
 * real driver: tests/integration/database-pool.test.ts). Follows `cause` and Prisma's
 * `meta.driverAdapterError`, since each layer wraps the one below.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const candidate = error as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown }; errorCode?: unknown };
  const code = typeof candidate.code === "string" ? candidate.code : undefined;
  if (code && (CONNECTION_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || CONNECTION_ERRNOS.has(code) || PRISMA_CONNECTION_CODES.has(code))) return true;
  if (typeof candidate.errorCode === "string" && PRISMA_CONNECTION_CODES.has(candidate.errorCode)) return true;
  if (typeof candidate.kind === "string" && ADAPTER_CONNECTION_KINDS.has(candidate.kind)) return true;
  if (typeof candidate.message === "string" && CONNECTION_MESSAGES.test(candidate.message)) return true;
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  return isDatabaseUnavailable(candidate.meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(candidate.cause, depth + 1);
}

/** Turns anything thrown into a domain error; unknown errors become internal_error. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    if (error.cause instanceof ZodError) {
      const issues = issuesFromZod(error.cause);
      return validationError(describeIssues(issues), issues);
    }
    switch (error.code) {
      case "PARSE_ERROR":
        return validationError("Request body is not valid JSON", [{ path: "(body)", message: "malformed JSON" }]);
      case "BAD_REQUEST":
        return validationError(error.message);
      case "NOT_FOUND":
        return new AppError("not_found", "No such route");
      case "METHOD_NOT_SUPPORTED":
        return new AppError("method_not_allowed", error.message);
      case "UNSUPPORTED_MEDIA_TYPE":
        return new AppError("unsupported_media_type", "Request body must be application/json");
      case "PAYLOAD_TOO_LARGE":
        return new AppError("payload_too_large", "Request body too large");
      default:
        if (error.cause) return toAppError(error.cause);
    }
  }
  if (error instanceof ZodError) {
    const issues = issuesFromZod(error);
    return validationError(describeIssues(issues), issues);
  }
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025") return notFound("Resource");
    if (error.code === "P2002") return conflict("A resource with these values already exists");
  }
  return new AppError("internal_error", "An unexpected error occurred");
}

export function toErrorResponse(error: unknown, requestId: string): TErrorResponse {
  const appError = toAppError(error);
  const body: TErrorResponse["body"] = {
    error: errorField(appError.type),
    type: appError.type,
    message: appError.message,
    ...appError.details,
  };
  if (appError.type === "internal_error") body.request_id = requestId;
  const headers = { ...appError.headers };
  if (appError.type === "rate_limited") headers["Retry-After"] = String((appError.details as { retry_after: number }).retry_after);
  return { status: appError.status, headers, body };
}

export function isInternal(error: unknown): boolean {
  return toAppError(error).type === "internal_error";
}
