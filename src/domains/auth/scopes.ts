// The scopes of the spec's authentication table.
import { z } from "zod";

export const SCOPES = [
  "agents:run",
  "agents:read",
  "triage:read",
  "triage:write",
  "webhooks:read",
  "webhooks:write",
  "batch:run",
  "batch:read",
] as const;

export const ZScope = z.enum(SCOPES);
export type TScope = z.infer<typeof ZScope>;

/** Parses "a:b,c:d" or "all" (the admin CLI's notation). */
export function parseScopeList(value: string): TScope[] {
  if (value.trim() === "all") return [...SCOPES];
  const scopes = value.split(",").map((scope) => scope.trim()).filter(Boolean);
  return z.array(ZScope).min(1).parse(scopes);
}
