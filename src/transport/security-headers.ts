// Response headers every answer of the server carries, set in one place (src/server.ts, before
// /v1 or Next sees the request): no MIME sniffing, a referrer policy, HSTS when the public URL
// is https, and on everything but /v1's JSON a Content-Security-Policy that forbids framing
// (clickjacking) and loading from other origins. `'unsafe-inline'` stays in script-src and
// style-src: Next's App Router streams inline scripts without nonces on prerendered pages,
// Scalar's /docs page configures itself in an inline script, and both style inline.
import type { ServerResponse } from "node:http";
import type { TEnv } from "../foundation/env.ts";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** Signed decision links (/review/<token>, docs/api-conventions.md): the token is in the URL. */
export const isReviewLinkPath = (url: string | undefined): boolean => Boolean(url?.startsWith("/review/"));

/**
 * What a review link's page and its form posts add: no referrer carries the token to another
 * site, and no cache (shared or the browser's) keeps a page that acts on a decision.
 */
export const REVIEW_LINK_HEADERS: Readonly<Record<string, string>> = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/** The headers of a review link's responses: a page's, with REVIEW_LINK_HEADERS. */
export function reviewLinkSecurityHeaders(settings: Pick<TEnv, "PUBLIC_BASE_URL">): Record<string, string> {
  return { ...securityHeaders(settings, true), ...REVIEW_LINK_HEADERS };
}

/** The headers for one response: `page` for what Next serves (pages, /docs, /api/*), not /v1. */
export function securityHeaders(settings: Pick<TEnv, "PUBLIC_BASE_URL">, page: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  // Only when the public URL is https: over plain http (local use) it would pin browsers to
  // an https that does not exist.
  if (settings.PUBLIC_BASE_URL?.startsWith("https://")) headers["Strict-Transport-Security"] = `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`;
  if (page) {
    headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY;
    headers["X-Frame-Options"] = "DENY";
  }
  return headers;
}

export function applySecurityHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}
