// The API key scopes (docs/contract.md, "Authentication and tenancy").
import { z } from "zod";

export const SCOPES = [
  "agents:run",
  "agents:read",
  "agents:write",
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

/** One line per scope, for people choosing a key's scopes in the dashboard. */
export const SCOPE_DESCRIPTIONS: Record<TScope, string> = {
  "agents:run": "Start and cancel agent runs (POST /v1/run).",
  "agents:read": "Read runs, their output and their status stream, and the agents.",
  "agents:write": "Define, version, roll back and archive the organization's own agents.",
  "triage:read": "List the runs waiting for a person.",
  "triage:write": "Approve or reject runs waiting for a person.",
  "webhooks:read": "List webhooks and their delivery attempts.",
  "webhooks:write": "Register, delete and test webhooks.",
  "batch:run": "Start and cancel batches of up to 500 rows.",
  "batch:read": "Read batches, their rows and credit usage.",
};
