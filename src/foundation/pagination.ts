// List pagination shared by every list endpoint: limit 1–100 (default 20), offset ≥ 0,
// and one helper that reads a page and its total in one snapshot.
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client.ts";
import { db } from "./db/client.ts";

export const ZPaginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
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
  const [items, total] = await db().$transaction([findPage({ take: page.limit, skip: page.offset }), count()]);
  return { items, total, limit: page.limit, offset: page.offset };
}
