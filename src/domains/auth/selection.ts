// The dashboard's current organization and mode live in two plain cookies the browser
// sets (they are choices, not credentials): every request re-checks the membership on the
// server. No imports, so client components can share the names.
export const ORGANIZATION_COOKIE = "aw_org";
export const MODE_COOKIE = "aw_mode";
export type TMode = "live" | "test";

/**
 * A cookie value from a Cookie header; a value that is not valid percent-encoding (`aw_org=%`)
 * counts as absent: the cookie is the browser's say-so, and a bad one must not fail every call.
 */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
