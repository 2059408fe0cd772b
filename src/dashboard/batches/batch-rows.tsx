"use client";
// A batch's rows, 50 to a page (batches.get returns all of them, at most 500).
import Link from "next/link";
import { useState } from "react";
import { formatJson } from "../lib/format";
import { StatusBadge } from "../ui/badge";
import { Pager } from "../ui/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import type { TBatchRow } from "./types";

const PAGE_SIZE = 50;

export function BatchRows({ rows }: { rows: TBatchRow[] }) {
  const [offset, setOffset] = useState(0);
  return (
    <>
      <Table aria-label="Batch rows">
        <TableHeader>
          <TableRow>
            <TableHead className="text-right">#</TableHead>
            <TableHead>Task</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Result or error</TableHead>
            <TableHead>Run</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.slice(offset, offset + PAGE_SIZE).map((row) => (
            <TableRow key={row.id} data-testid="batch-row-item">
              <TableCell className="text-right tabular-nums text-muted-foreground">{row.row_index}</TableCell>
              <TableCell className="max-w-72 min-w-40">
                <p className="line-clamp-2 break-words">{row.task}</p>
              </TableCell>
              <TableCell>
                <StatusBadge status={row.status} />
              </TableCell>
              <TableCell className="max-w-80 min-w-40">
                {row.error_message ? (
                  <p className="line-clamp-2 break-words text-destructive">{row.error_message}</p>
                ) : row.result ? (
                  <p className="line-clamp-2 font-mono text-xs break-all text-muted-foreground" title={formatJson(row.result)}>
                    {JSON.stringify(row.result)}
                  </p>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {row.run_id ? (
                  <Link className="underline underline-offset-4" href={`/runs/${row.run_id}`} aria-label={`Run of row ${row.row_index}`}>
                    {row.run_id.slice(0, 8)}
                  </Link>
                ) : (
                  "—"
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager label="Row pages" offset={offset} limit={PAGE_SIZE} total={rows.length} onChange={setOffset} />
    </>
  );
}
