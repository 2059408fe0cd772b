// The form post of a signed decision link's page: the only way a link decides. It must come
// from the page itself (Origin, when sent, is this server's, or "null" with Sec-Fetch-Site
// same-origin; Sec-Fetch-Site, when sent, is same-origin): a form on another site cannot
// decide (CSRF). It answers 303 See Other back
// to the page with what happened, so reloading the result decides nothing again.
import { decideThroughLink } from "../../../../src/domains/review-links/link-decisions.ts";
import { reviewLinkOrigin } from "../../../../src/domains/review-reach/review-links.ts";
import { REVIEW_LINK_HEADERS } from "../../../../src/transport/security-headers.ts";
import { readBoundedBody } from "../../../../src/foundation/bounded-body.ts";
import { CLIENT_ADDRESS_HEADER } from "../../../../src/foundation/request-context.ts";
import { admitLinkPost } from "../../../../src/domains/review-links/link-limits.ts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const MAX_FORM_BYTES = 256 * 1024;

/** The origins the page is served from: the public URL's, and the one this request was addressed to. */
function pageOrigins(request: Request): Set<string> {
  const origins = new Set([reviewLinkOrigin()]);
  const host = request.headers.get("host");
  if (host) origins.add(`${new URL(request.url).protocol}//${host}`);
  return origins;
}

function refuse(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { ...REVIEW_LINK_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return refuse(403, "Decisions are made on the review page itself");
  // The page's Referrer-Policy (no-referrer) makes browsers send `Origin: null` on its own
  // form post: then Sec-Fetch-Site must vouch for it.
  const vouched = origin === "null" ? site === "same-origin" : origin === null || pageOrigins(request).has(origin);
  if (!vouched) return refuse(403, "Decisions are made on the review page itself");
  if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) return refuse(415, "Send the review page's form");
  // Before the body is read: a flood from one address costs a counter, not a decision.
  const retryAfter = await admitLinkPost(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown");
  if (retryAfter !== null) {
    return new Response(`Too many decisions from your network: wait ${retryAfter} s, then try again.\n`, {
      status: 429,
      headers: { ...REVIEW_LINK_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(retryAfter) },
    });
  }
  // Read within the bound as it arrives: a chunked body past it is refused before more is buffered.
  let body: string;
  try {
    body = request.body ? (await readBoundedBody(request.body, request.headers.get("content-length"), MAX_FORM_BYTES)).toString("utf8") : "";
  } catch (error) {
    const tooLarge = (error as { type?: string }).type === "payload_too_large";
    return tooLarge ? refuse(413, "The form is too large") : refuse(408, "The form was not received: the connection closed");
  }
  const form = Object.fromEntries(new URLSearchParams(body)) as Record<string, string>;
  const result = await decideThroughLink(token, form);
  const back = new URLSearchParams();
  if (result.ok) {
    back.set("done", result.done);
  } else {
    if (result.status === 404) return refuse(404, result.message);
    back.set("error", result.message);
    if (result.field) back.set("field", result.field);
    if (form.action) back.set("action", form.action);
  }
  return new Response(null, { status: 303, headers: { ...REVIEW_LINK_HEADERS, Location: `/review/${encodeURIComponent(token)}?${back}` } });
}
