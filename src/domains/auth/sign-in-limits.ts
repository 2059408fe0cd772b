// Sign-in limits that fit an office: many colleagues share one client address, so the
// address gets a large ceiling of attempts per minute, and failures are counted per account
// and address, locking only that pair out after a few (credential stuffing). Both are named
// policies of the one limiter (src/domains/limits/policies.ts); better-auth's hooks call
// these around every email sign-in, over HTTP and from the sign-in form's server action.
import { createHash } from "node:crypto";
import { AppError } from "../../foundation/errors.ts";
import { rateLimiter, type TRateLimitDecision } from "../limits/rate-limiter.ts";

/** Account + address as one limiter identifier; the email is hashed so no address book sits in Redis. */
function accountAtAddress(email: string, address: string): string {
  const account = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
  return `${account}:${address}`;
}

function refused(decision: TRateLimitDecision, message: string): AppError<"rate_limited"> {
  const retryAfter = Math.max(1, Math.ceil((decision.resetAt - Date.now()) / 1000));
  return new AppError("rate_limited", message, { retry_after: retryAfter });
}

/**
 * Throws a typed 429 (rate_limited, with retry_after) when this attempt must be refused:
 * the address has used its attempts for the minute, or this account has failed too often
 * from this address. Counts the attempt against the address.
 */
export async function admitSignInAttempt(email: string, address: string): Promise<void> {
  const limiter = rateLimiter();
  const locked = await limiter.check("sign-in-failures", accountAtAddress(email, address), { consume: false });
  if (locked && !locked.allowed) {
    throw refused(locked, "Too many failed sign-ins for this account. Wait, then try again.");
  }
  const fromAddress = await limiter.check("sign-in-address", address);
  if (fromAddress && !fromAddress.allowed) {
    throw refused(fromAddress, "Too many sign-in attempts from your network. Wait a minute, then try again.");
  }
}

/** Counts a failed sign-in (wrong email or password) against the account at this address. */
export async function recordSignInFailure(email: string, address: string): Promise<void> {
  await rateLimiter().check("sign-in-failures", accountAtAddress(email, address));
}
