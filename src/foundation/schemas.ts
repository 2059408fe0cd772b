// Zod primitives every contract shares: ids, URLs, JSON objects, timestamps. Domain
// schemas compose these; none of them knows a domain.
import { z } from "zod";
import { env } from "./env.ts";
import { findJsonInputProblem, MAX_JSON_DEPTH } from "./json-input.ts";

/** A UUID path or body parameter; the message names the field. */
export const ZUuid = (field = "id") => z.uuid({ error: `${field} must be a UUID` });

export const ZHttpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// URL" }).max(2048);

/**
 * Any JSON object a caller sends (the `data` of a run or batch row), within the bounds every
 * transport enforces (src/foundation/json-input.ts): at most MAX_JSON_DEPTH levels, at
 * most MAX_BODY_BYTES in size, and only strings and keys PostgreSQL can store. The check
 * walks iteratively, so the dashboard's tRPC transport refuses what /v1 refuses.
 */
export const ZJsonObject = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const problem = findJsonInputProblem(value, { maxDepth: MAX_JSON_DEPTH, maxSize: env().MAX_BODY_BYTES });
  if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: problem.segments });
});
export type TJsonObject = z.infer<typeof ZJsonObject>;

/** A JSON object the service sends back (stored data, agent output): described, not re-checked. */
export const ZJsonObjectOutput = z.record(z.string(), z.unknown());

/** A JSON value read back from the database as an object, or null when it is not one. */
export const asJsonObject = (value: unknown): TJsonObject | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as TJsonObject) : null;

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);
