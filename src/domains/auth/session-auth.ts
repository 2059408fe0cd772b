// Dashboard sign-in with better-auth: email + password against the users/accounts tables,
// HTTP-only session cookies, expiry and a sign-in rate limit. Built lazily, because
// `next build` imports route modules without a database. A signed-in person becomes a
// principal through one of their memberships (src/domains/auth/selection.ts).
import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { db } from "../../foundation/db/client.ts";
import { env, type TEnv } from "../../foundation/env.ts";
import { AppError } from "../../foundation/errors.ts";
import { CLIENT_ADDRESS_HEADER } from "../../foundation/request-context.ts";
import { readOrCreateSecretFile } from "../../foundation/secret-file.ts";
import { listeningPort } from "../../foundation/server-address.ts";
import type { THeaderReader, TPrincipal } from "./authenticate.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { ROLE_SCOPES } from "./roles.ts";
import { MODE_COOKIE, ORGANIZATION_COOKIE, readCookie } from "./selection.ts";

const SESSION_SECRET_FILE = "session-secret.key";

/** The origins the dashboard is served from: PUBLIC_BASE_URL, else localhost and 127.0.0.1. */
export function dashboardOrigins(settings: TEnv): string[] {
  if (settings.PUBLIC_BASE_URL) return [new URL(settings.PUBLIC_BASE_URL).origin];
  const port = listeningPort(settings.PORT);
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
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
      // People are added by an admin (dashboard Members page or the admin CLI), never by sign-up.
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
      customRules: {
        "/sign-in/email": { window: settings.SIGN_IN_RATE_LIMIT_WINDOW_SECONDS, max: settings.SIGN_IN_RATE_LIMIT_MAX },
      },
    },
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
    throw new AppError("insufficient_role", "You are not a member of any organization; ask an admin to add you", {
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
