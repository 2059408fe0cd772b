// The whole credit ledger of the caller's organization and mode, newest first: pages behind an
// opaque cursor (GET /v1/usage/ledger) and a CSV export read in chunks, so neither holds more
// than one chunk in memory however long the ledger is (docs/api-conventions.md, "Usage ledger").
import { z } from "zod";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import { validationError } from "../../foundation/errors.ts";
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, optionalWholeNumber } from "../../foundation/pagination.ts";
import { iso } from "../../foundation/schemas.ts";
import { ZLedgerEntry } from "./usage.schemas.ts";

/** Rows the CSV export reads per statement. */
export const LEDGER_EXPORT_CHUNK_ROWS = 1_000;

export const ZLedgerQuery = z.object({
  limit: optionalWholeNumber("limit", { min: 1, max: MAX_PAGE_LIMIT }, `limit must be a whole number between 1 and ${MAX_PAGE_LIMIT}`).meta({
    description: `Entries per page, 1–${MAX_PAGE_LIMIT} (default ${DEFAULT_PAGE_LIMIT}); ignored by the CSV export, which holds every entry.`,
  }),
  cursor: z
    .string({ error: "cursor must be given once" })
    .max(64, { error: "cursor is not valid: pass next_cursor as it came" })
    .optional()
    .meta({ description: "`next_cursor` of the previous page; leave out for the newest entries." }),
  format: z
    .enum(["json", "csv"], { error: "format must be json or csv" })
    .optional()
    .meta({ description: "`csv` exports the whole ledger from the cursor on as text/csv with a header row (default json: one page)." }),
});
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

export const ZLedgerPage = z.object({
  data: z.array(ZLedgerEntry),
  next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) entries; null on the last page." }),
});

type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

// The cursor is the ledger's write sequence of the last entry shown: entries written later
// have higher sequences, so the pages of a walk neither repeat nor skip while charges go on.
function encodeCursor(sequence: bigint): string {
  return Buffer.from(`l1:${sequence}`).toString("base64url");
}

function decodeCursor(cursor: string | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  const match = /^l1:([0-9]{1,19})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw validationError("cursor is not valid: pass next_cursor as it came", [{ path: "cursor", message: "not a cursor this endpoint gave" }]);
  return BigInt(match[1]!);
}

/** Ledger entries of the caller's organization and mode, newest first in write order, before `before`. */
export async function readEntries(principal: TPrincipal, before: bigint | undefined, take: number) {
  return db().creditLedgerEntry.findMany({
    where: { ...tenantScope(principal), ...(before === undefined ? {} : { sequence: { lt: before } }) },
    orderBy: { sequence: "desc" },
    take,
  });
}

/** An entry as the API shows it (GET /v1/usage/history and /v1/usage/ledger). */
export function serialize(entry: Awaited<ReturnType<typeof readEntries>>[number]): TLedgerEntry {
  return {
    id: entry.id,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    reason: entry.reason,
    run_id: entry.runId,
    member_id: entry.memberId,
    created_at: iso(entry.createdAt),
  };
}

/** One page, newest first, and the cursor of the next. A bad cursor is a 400 before any read. */
export async function ledgerPage(principal: TPrincipal, query: Pick<TLedgerQuery, "limit" | "cursor">): Promise<z.infer<typeof ZLedgerPage>> {
  const before = decodeCursor(query.cursor);
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  // One more than the page tells whether another page follows without a count.
  const rows = await readEntries(principal, before, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(serialize), next_cursor: rows.length > limit && last ? encodeCursor(last.sequence) : null };
}

export const LEDGER_CSV_COLUMNS = ["id", "created_at", "amount", "balance_after", "reason", "run_id", "member_id"] as const;

/** A CSV field: quoted when it must be; text that a spreadsheet would run as a formula is prefixed with '. */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The ledger from the cursor on as CSV lines (the header first), read chunk by chunk. The
 * cursor is checked before the generator is returned, so a bad one is a 400, not a cut body.
 */
export function openLedgerCsv(principal: TPrincipal, query: Pick<TLedgerQuery, "cursor">): AsyncGenerator<string> {
  let before = decodeCursor(query.cursor);
  return (async function* lines() {
    yield `${LEDGER_CSV_COLUMNS.join(",")}\r\n`;
    for (;;) {
      const chunk = await readEntries(principal, before, LEDGER_EXPORT_CHUNK_ROWS);
      if (chunk.length > 0) {
        yield chunk
          .map(serialize)
          .map((entry) => `${LEDGER_CSV_COLUMNS.map((column) => csvField(entry[column])).join(",")}\r\n`)
          .join("");
      }
      if (chunk.length < LEDGER_EXPORT_CHUNK_ROWS) return;
      before = chunk.at(-1)!.sequence;
    }
  })();
}
