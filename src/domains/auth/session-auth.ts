// Dashboard sign-in with better-auth: email + password against the users/accounts tables,
// HTTP-only session cookies, expiry and sign-in limits (sign-in-limits.ts). Built lazily,
// because `next build` imports route modules without a database. A signed-in person becomes
// a principal through one of their memberships (src/domains/auth/selection.ts).
import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { db } from "../../foundation/db/client.ts";
import { env, type TEnv } from "../../foundation/env.ts";
import { AppError, toErrorResponse } from "../../foundation/errors.ts";
import { logger } from "../../foundation/logger.ts";
import { CLIENT_ADDRESS_HEADER, currentRequestId } from "../../foundation/request-context.ts";
import { readOrCreateSecretFile } from "../../foundation/secret-file.ts";
import { listeningPort } from "../../foundation/server-address.ts";
import type { THeaderReader, TPrincipal } from "./authenticate.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { ROLE_SCOPES } from "./roles.ts";
import { MODE_COOKIE, ORGANIZATION_COOKIE, readCookie } from "./selection.ts";
import { admitSignInAttempt, recordSignInFailure } from "./sign-in-limits.ts";

const SESSION_SECRET_FILE = "session-secret.key";

/** The origins the dashboard is served from: PUBLIC_BASE_URL, else localhost and 127.0.0.1. */
export function dashboardOrigins(settings: TEnv): string[] {
  if (settings.PUBLIC_BASE_URL) return [new URL(settings.PUBLIC_BASE_URL).origin];
  const port = listeningPort(settings.PORT);
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

const SIGN_IN_PATH = "/sign-in/email";

/** The sign-in attempt's email and the client address src/server.ts decided (never the client's say-so). */
function attempt(context: { body?: unknown; headers?: Headers }): { email: string; address: string } {
  const email = (context.body as { email?: unknown } | undefined)?.email;
  return { email: typeof email === "string" ? email : "", address: context.headers?.get(CLIENT_ADDRESS_HEADER) ?? "unknown" };
}

/** An AppError as better-auth's error, with the one error table's status, body and headers (429: Retry-After). */
function asAuthError(error: AppError): APIError {
  const { status, headers, body } = toErrorResponse(error, currentRequestId() ?? "");
  return new APIError(status as 429, { ...body, code: error.type.toUpperCase() }, headers);
}

/** better-auth's log lines become pino records (one JSON line each, no colours): src/foundation/logger.ts. */
function authLogger(settings: TEnv) {
  return {
    disabled: settings.LOG_LEVEL === "silent",
    disableColors: true,
    level: settings.LOG_LEVEL === "silent" ? ("error" as const) : settings.LOG_LEVEL,
    log: (level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) => {
      const details = args.map((arg) => (arg instanceof Error ? { name: arg.name, message: arg.message, stack: arg.stack } : arg));
      logger[level](message, { source: "better-auth", ...(details.length > 0 ? { details } : {}) });
    },
  };
}

function buildAuth() {
  const settings = env();
  const origins = dashboardOrigins(settings);
  return betterAuth({
    appName: "Agent Workforce",
    baseURL: origins[0],
    trustedOrigins: origins,
    secret: settings.BETTER_AUTH_SECRET ?? readOrCreateSecretFile(settings.DATA_DIR, SESSION_SECRET_FILE),
    database: prismaAdapter(db(), { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      // People join by accepting an admin's invitation (invitations.service.ts) or are added by the operator (admin CLI), never by open sign-up.
      disableSignUp: true,
      minPasswordLength: 8,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(password, hash),
      },
    },
    session: {
      expiresIn: settings.SESSION_MAX_AGE_SECONDS,
      updateAge: Math.min(24 * 3600, Math.floor(settings.SESSION_MAX_AGE_SECONDS / 2)),
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      // Email sign-in is limited by the hooks below (sign-in-limits.ts), on every path to it.
      customRules: { [SIGN_IN_PATH]: false },
    },
    hooks: {
      before: createAuthMiddleware(async (context) => {
        if (context.path !== SIGN_IN_PATH) return;
        const { email, address } = attempt(context);
        try {
          await admitSignInAttempt(email, address);
        } catch (error) {
          if (error instanceof AppError) throw asAuthError(error);
          throw error;
        }
      }),
      after: createAuthMiddleware(async (context) => {
        if (context.path !== SIGN_IN_PATH) return;
        const returned = context.context.returned;
        if (isAPIError(returned) && returned.statusCode === 401) {
          const { email, address } = attempt(context);
          await recordSignInFailure(email, address);
        }
      }),
    },
    logger: authLogger(settings),
    advanced: {
      cookiePrefix: "aw",
      // Secure (and __Secure- prefixed) cookies exactly when the dashboard is served over https,
      // whatever NODE_ENV says.
      useSecureCookies: origins[0]!.startsWith("https://"),
      // The address src/server.ts decided (socket or trusted proxy hop), never the client's say-so.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // Explicit, because better-auth relaxes both when NODE_ENV is "test".
      disableOriginCheck: false,
      disableCSRFCheck: false,
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

type TAuth = ReturnType<typeof buildAuth>;
const store = globalThis as unknown as { __agentWorkforceAuth?: TAuth };

export function sessionAuth(): TAuth {
  return (store.__agentWorkforceAuth ??= buildAuth());
}

export type TPasswordSignIn = { ok: true } | { ok: false; reason: "invalid_credentials" | "invalid_input" | "rate_limited"; retryAfter?: number };

/**
 * Signs a person in from a server action (the sign-in form, which works without script):
 * the same endpoint, hooks and limits as POST /api/auth/sign-in/email; the session cookie is
 * set on the response by the nextCookies plugin.
 */
export async function signInWithPassword(credentials: { email: string; password: string }, headers: Headers): Promise<TPasswordSignIn> {
  try {
    await sessionAuth().api.signInEmail({ body: credentials, headers });
    return { ok: true };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    if (error.statusCode === 429) return { ok: false, reason: "rate_limited", retryAfter: Number((error.body as { retry_after?: number } | undefined)?.retry_after) || undefined };
    if (error.statusCode === 401) return { ok: false, reason: "invalid_credentials" };
    if (error.statusCode === 400) return { ok: false, reason: "invalid_input" };
    throw error;
  }
}

export type TSignedInUser = { id: string; email: string; name: string };

/** The signed-in user of a request, or null (no cookie, expired or signed out). */
export async function signedInUser(header: THeaderReader): Promise<TSignedInUser | null> {
  const cookie = header("cookie");
  if (!cookie) return null;
  const session = await sessionAuth().api.getSession({ headers: new Headers({ cookie }) });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}

/** The memberships a user holds, oldest first (the first is the default organization). */
export function membershipsOf(userId: string) {
  return db().member.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      organization: { select: { id: true, name: true, plan: true } },
      user: { select: { id: true, email: true, name: true } },
    },
  });
}

/**
 * The signed-in member as a principal: the organization chosen in the organization cookie
 * (if the user belongs to it, else their first), the mode chosen in the mode cookie
 * (live unless "test"), and the scopes of their role there.
 */
export async function authenticateMember(header: THeaderReader): Promise<TPrincipal> {
  const user = await signedInUser(header);
  if (!user) throw new AppError("authentication_error", "Sign in to continue: your session is missing or has expired");
  const memberships = await membershipsOf(user.id);
  const chosen = readCookie(header("cookie"), ORGANIZATION_COOKIE);
  const membership = memberships.find((entry) => entry.organizationId === chosen) ?? memberships[0];
  if (!membership) {
    throw new AppError("insufficient_role", "You are not a member of any organization yet; accept an invitation or ask an admin to invite you", {
      required: "member",
      role: "none",
    });
  }
  return {
    kind: "member",
    organizationId: membership.organizationId,
    livemode: readCookie(header("cookie"), MODE_COOKIE) !== "test",
    apiKeyId: null,
    userId: user.id,
    memberId: membership.id,
    role: membership.role,
    scopes: [...ROLE_SCOPES[membership.role]],
    plan: membership.organization.plan,
    actor: { id: `member:${membership.id}`, name: user.name },
  };
}
