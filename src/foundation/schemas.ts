// Zod primitives every contract shares: ids, URLs, JSON objects, timestamps. Domain
// schemas compose these; none of them knows a domain.
import { z } from "zod";

/** A UUID path or body parameter; the message names the field. */
export const ZUuid = (field = "id") => z.uuid({ error: `${field} must be a UUID` });

export const ZHttpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// URL" }).max(2048);

/** Any JSON object (the `data` of a run, an agent's output). */
export const ZJsonObject = z.record(z.string(), z.unknown());
export type TJsonObject = z.infer<typeof ZJsonObject>;

/** A JSON value read back from the database as an object, or null when it is not one. */
export const asJsonObject = (value: unknown): TJsonObject | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as TJsonObject) : null;

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);
