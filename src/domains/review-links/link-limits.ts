// Decisions through signed links come from people who are not signed in, so the one thing to
// limit by is the client's address: REVIEW_LINK_POSTS_PER_ADDRESS_PER_MIN posts per minute
// (a named policy of the one limiter, src/domains/limits/policies.ts). A token is 256 bits, so
// this is about load, not guessing: one address cannot keep the service busy for others.
import { rateLimiter } from "../limits/rate-limiter.ts";

/** Counts a post from `address`; answers the seconds to wait when it must be refused, else null. */
export async function admitLinkPost(address: string): Promise<number | null> {
  const decision = await rateLimiter().check("review-link-posts", address);
  if (!decision || decision.allowed) return null;
  return Math.max(1, Math.ceil((decision.resetAt - Date.now()) / 1000));
}
