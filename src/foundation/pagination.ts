// List pagination shared by every list endpoint: limit 1–100 (default 20), offset ≥ 0,
// and one helper that reads a page and its total in one snapshot.
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client.ts";
import { db } from "./db/client.ts";

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;

/**
 * A whole-number query parameter, strictly: the REST transport passes strings, which must
 * be plain decimal digits ("16", not "0x10", "1e1", "+5" or " 5"), given once; the
 * dashboard's tRPC transport passes numbers. Anything else is one issue with `message`.
 *
 * Not z.coerce: trpc-to-openapi switches coercion on by mutating number schemas in place,
 * and Number() reads hex and exponents. The adapter leaves a preprocess pipe alone, and the
 * OpenAPI document still describes the inner schema (integer, minimum, maximum, default).
 */
function strictWholeNumber(name: string, bounds: { min: number; max?: number; fallback: number }, message: string) {
  return wholeNumberParameter(name, strictNumber(bounds, message).default(bounds.fallback));
}

/** The same strict parsing for an optional parameter without a default. */
export function optionalWholeNumber(name: string, bounds: { min: number; max?: number }, message: string) {
  return wholeNumberParameter(name, strictNumber(bounds, message).optional());
}

function strictNumber(bounds: { min: number; max?: number }, message: string) {
  let inner = z.number({ error: message }).int({ error: message, abort: true }).min(bounds.min, { error: message });
  if (bounds.max !== undefined) inner = inner.max(bounds.max, { error: message });
  return inner;
}

function wholeNumberParameter<T extends z.ZodType>(name: string, inner: T) {
  return z.preprocess((value, ctx) => {
    if (Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: `${name} must be given once` });
      return value;
    }
    // 15 digits stay exact in a double; longer strings are out of every range anyway.
    if (typeof value === "string" && /^[0-9]{1,15}$/.test(value)) return Number(value);
    return value;
  }, inner);
}

export const ZPaginationQuery = z.object({
  limit: strictWholeNumber(
    "limit",
    { min: 1, max: MAX_PAGE_LIMIT, fallback: DEFAULT_PAGE_LIMIT },
    `limit must be a whole number between 1 and ${MAX_PAGE_LIMIT}`,
  ),
  offset: strictWholeNumber("offset", { min: 0, fallback: 0 }, "offset must be a whole number, 0 or more"),
});

export type TPagination = z.infer<typeof ZPaginationQuery>;

export const ZPageInfo = {
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
};

export type TPage<T> = { items: T[]; total: number; limit: number; offset: number };

/**
 * Reads one page and the total count in one transaction, so the two agree. The four list
 * services pass their Prisma queries unawaited; `window` carries the query's take/skip.
 */
export async function readPage<T>(
  page: TPagination,
  findPage: (window: { take: number; skip: number }) => Prisma.PrismaPromise<T[]>,
  count: () => Prisma.PrismaPromise<number>,
): Promise<TPage<T>> {
  // One snapshot for both statements: under READ COMMITTED a row committed between them is
  // counted in `total` but missing from `items`.
  const [items, total] = await db().$transaction([findPage({ take: page.limit, skip: page.offset }), count()], {
    isolationLevel: "RepeatableRead",
  });
  return { items, total, limit: page.limit, offset: page.offset };
}
