"use client";
// "Download CSV" on the usage page: the whole ledger of this organization and mode, read a
// page at a time through usage.ledger (the procedure behind GET /v1/usage/ledger's pages) and
// saved as the same columns as GET /v1/usage/ledger?format=csv.
import { useQueryClient } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { downloadText } from "../batches/download";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import type { TLedgerEntry } from "./types";
import { runDetached } from "../lib/detached";

const COLUMNS = ["id", "created_at", "amount", "balance_after", "reason", "run_id", "member_id"] as const;
const PAGE = 100;

function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function ledgerCsv(entries: TLedgerEntry[]): string {
  return [COLUMNS.join(","), ...entries.map((entry) => COLUMNS.map((column) => csvField(entry[column])).join(","))].map((line) => `${line}\r\n`).join("");
}

export function LedgerDownload({ mode }: { mode: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function download() {
    setState({ busy: true, error: null });
    try {
      const entries: TLedgerEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await queryClient.fetchQuery({ ...trpc.usage.ledger.queryOptions({ limit: PAGE, cursor }), staleTime: 0 });
        entries.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      downloadText(`ledger-${mode}-${new Date().toISOString().slice(0, 10)}.csv`, ledgerCsv(entries));
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" disabled={state.busy} onClick={() => runDetached(download(), "downloading the ledger")}>
        <DownloadIcon aria-hidden /> {state.busy ? "Preparing CSV…" : "Download full ledger (CSV)"}
      </Button>
      {state.error ? (
        <p role="alert" className="text-sm text-destructive">
          Download failed: {state.error}
        </p>
      ) : null}
    </div>
  );
}
