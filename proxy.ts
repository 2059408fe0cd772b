// Signed-out visitors of a dashboard page go to the sign-in page and come back to the page
// they asked for (?next=). Only the cookie's presence is checked here; the dashboard layout
// and every procedure check the session itself on the server.
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { safeNextPath } from "@/domains/auth/next-path";

export function proxy(request: NextRequest) {
  if (getSessionCookie(request, { cookiePrefix: "aw" })) return NextResponse.next();
  const signIn = new URL("/sign-in", request.url);
  signIn.searchParams.set("next", safeNextPath(`${request.nextUrl.pathname}${request.nextUrl.search}`, request.nextUrl.origin));
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: ["/triage/:path*", "/runs/:path*", "/batches/:path*", "/keys/:path*", "/webhooks/:path*", "/usage/:path*", "/members/:path*"],
};
