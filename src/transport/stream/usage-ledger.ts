// GET /v1/usage/ledger — the whole credit ledger, a page at a time ({data, next_cursor}) or,
// with ?format=csv, as text/csv written chunk by chunk while it is read (domains/usage/ledger.ts).
// Served outside tRPC because the adapter answers JSON only; one route keeps one path for
// both formats. Key, scope and rate limit are checked before the query is read.
import { z } from "zod";
import { logger } from "../../foundation/logger.ts";
import { ledgerPage, openLedgerCsv, ZLedgerPage, ZLedgerQuery } from "../../domains/usage/ledger.ts";
import { authorizeApiCall } from "../authorize.ts";
import type { TRestRoute } from "../rest/rest-handler.ts";
import { queryOf, writeLine } from "./corrections-export.ts";

export const usageLedgerRoute: TRestRoute = {
  method: "GET",
  path: "/v1/usage/ledger",
  rateLimited: true,
  operation: {
    operationId: "usage-ledger",
    tags: ["usage"],
    summary: "The whole credit ledger, a page at a time or as CSV",
    description:
      "Every charge, refund and top-up of the key's organization and mode, newest first (by write order, so one batch's entries keep their `balance_after` order). Pages of `limit` entries: pass `next_cursor` as `cursor` until it is null. `format=csv` exports every entry (from `cursor` on, if given) as text/csv with a header row. `GET /v1/usage/history` stays the newest 50. See docs/api-conventions.md, \"Usage ledger\".",
    security: [{ bearerAuth: [] }],
    requestParams: { query: ZLedgerQuery },
    responses: {
      "200": {
        description: "A page of entries (JSON), or with `format=csv` the whole ledger as CSV: `id,created_at,amount,balance_after,reason,run_id,member_id`.",
        content: {
          "application/json": { schema: ZLedgerPage },
          "text/csv": { schema: z.string().meta({ description: "CSV with a header row; CRLF line ends." }) },
        },
      },
    },
  },
  async handle({ req, res, header }) {
    const principal = await authorizeApiCall({ header, setHeader: (name, value) => res.setHeader(name, value) }, { scope: "agents:read", rateLimit: "standard" });
    const query = ZLedgerQuery.parse(queryOf(req.url));
    if (query.format !== "csv") {
      const page = await ledgerPage(principal, query);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(page));
      return;
    }
    const lines = openLedgerCsv(principal, query);
    const fileName = `ledger-${principal.livemode ? "live" : "test"}-${new Date().toISOString().slice(0, 10)}.csv`;
    res.writeHead(200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    });
    let gone = false;
    req.on("close", () => (gone = true));
    try {
      for await (const chunk of lines) {
        if (gone || res.destroyed) break;
        await writeLine(res, chunk);
      }
      res.end();
    } catch (error) {
      // The status is sent: a cut-off body (or a reset) is how a failure shows.
      logger.error("ledger export failed mid-stream", { error: String(error) });
      res.destroy(error as Error);
    } finally {
      await lines.return(undefined);
    }
  },
};
