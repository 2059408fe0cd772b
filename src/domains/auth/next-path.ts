// Where a sign-in link may send people afterwards (`/sign-in?next=`): only a path on the
// dashboard's own origin. The value is resolved the way a browser resolves it, so tricks that
// a prefix check misses (`/\evil.example`, `/<TAB>/evil.example`, `//evil.example`) are
// recognised as another origin and replaced by the default page.

export const DEFAULT_NEXT_PATH = "/triage";

/** `value` resolved against `origin`: its path, query and fragment when it stays on that origin, else the default page. */
export function safeNextPath(value: string | null | undefined, origin: string): string {
  if (!value) return DEFAULT_NEXT_PATH;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return DEFAULT_NEXT_PATH;
  }
  if (target.origin !== base.origin) return DEFAULT_NEXT_PATH;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // A path beginning with two slashes would itself be read as another host (`/.//evil.example`
  // normalises to `//evil.example`) wherever it is used as a link or a Location.
  if (!path.startsWith("/") || path.startsWith("//")) return DEFAULT_NEXT_PATH;
  return path;
}
