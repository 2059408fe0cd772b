// List pagination shared by every list endpoint: limit 1–100 (default 20), offset ≥ 0.
import { z } from "zod";

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

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);
