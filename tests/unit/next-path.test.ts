// Where a sign-in link may send people afterwards: only a path on the dashboard's own origin.
import { describe, expect, it } from "vitest";
import { DEFAULT_NEXT_PATH, safeNextPath } from "../../src/domains/auth/next-path.ts";

const ORIGIN = "http://127.0.0.1:3000";

describe("safeNextPath", () => {
  it.each([
    ["/usage?from=link", "/usage?from=link"],
    ["/runs/abc#output", "/runs/abc#output"],
    ["http://127.0.0.1:3000/keys", "/keys"],
    ["/triage/../members", "/members"],
  ])("keeps a same-origin path: %j → %j", (value, expected) => {
    expect(safeNextPath(value, ORIGIN)).toBe(expected);
  });

  it.each([
    "/\\evil.example/x",
    "/\t/evil.example/x",
    "/\n/evil.example/x",
    "//evil.example",
    "///evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http://127.0.0.1:3001/triage",
    "/.//evil.example/x",
    "javascript:alert(1)",
    "data:text/html,hi",
    "http://[",
  ])("replaces another origin (or a path read as one) with the default page: %j", (value) => {
    expect(safeNextPath(value, ORIGIN)).toBe(DEFAULT_NEXT_PATH);
  });

  it("uses the default page when there is no next", () => {
    expect(safeNextPath(null, ORIGIN)).toBe(DEFAULT_NEXT_PATH);
    expect(safeNextPath("", ORIGIN)).toBe(DEFAULT_NEXT_PATH);
  });

  it("never returns something a browser would resolve to another origin", () => {
    for (const value of ["/\\evil.example", "/.//evil.example", "/%2F%2Fevil.example", "/ /evil.example", "/\\/\\evil.example"]) {
      const path = safeNextPath(value, ORIGIN);
      expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});
