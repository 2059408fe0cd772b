// The one error type and the one table that maps it to HTTP (decisions.md, "Errors").
// Domain code throws AppError; the REST adapter, the SSE route and the dashboard's tRPC
// formatter all render errors through toErrorResponse.
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { Prisma } from "../generated/prisma/client.ts";

export type TValidationIssue = { path: string; message: string };

type TErrorDetails = {
  validation_error: { issues: TValidationIssue[] };
  authentication_error: Record<string, never>;
  insufficient_credits: { credits_remaining: number };
  insufficient_scope: { required: string; provided: string[] };
  plan_required: { plan: string };
  not_found: Record<string, never>;
  method_not_allowed: Record<string, never>;
  request_timeout: Record<string, never>;
  conflict: Record<string, never>;
  payload_too_large: Record<string, never>;
  unsupported_media_type: Record<string, never>;
  rate_limited: { retry_after: number };
  headers_too_large: Record<string, never>;
  internal_error: Record<string, never>;
  service_unavailable: Record<string, never>;
};

export type TErrorType = keyof TErrorDetails;

const STATUS_BY_TYPE: Record<TErrorType, number> = {
  validation_error: 400,
  authentication_error: 401,
  insufficient_credits: 402,
  insufficient_scope: 403,
  plan_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
};

// The spec fixes `error` to a sentence for these two; every other body uses the type.
const ERROR_FIELD_OVERRIDES: Partial<Record<TErrorType, string>> = {
  insufficient_scope: "Insufficient scope",
  rate_limited: "Rate limit exceeded",
};

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
    return STATUS_BY_TYPE[this.type];
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
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025") return notFound("Resource");
    if (error.code === "P2002") return conflict("A resource with these values already exists");
  }
  return new AppError("internal_error", "An unexpected error occurred");
}

export function toErrorResponse(error: unknown, requestId: string): TErrorResponse {
  const appError = toAppError(error);
  const body: TErrorResponse["body"] = {
    error: ERROR_FIELD_OVERRIDES[appError.type] ?? appError.type,
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
