"use client";
// /batches: batch jobs newest first, a page at a time (batches.list, as GET /v1/batches),
// and "New batch from CSV" for those who may start batches.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "../lib/format";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { Pager } from "../ui/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { NewBatchDialog } from "./new-batch-dialog";
import { ACTIVE_BATCH_STATUSES } from "./types";

const PAGE_SIZE = 20;

export function BatchesList() {
  const trpc = useTRPC();
  const canRun = useCan("batch:run");
  const [offset, setOffset] = useState(0);
  const batches = useQuery({
    ...trpc.batches.list.queryOptions({ limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
    // Progress moves while any listed batch is still working.
    refetchInterval: (query) => (query.state.data?.jobs.some((job) => ACTIVE_BATCH_STATUSES.includes(job.status)) ? 3_000 : false),
  });

  return (
    <>
      <PageHeader
        title="Batches"
        description="One agent type over up to 500 rows; each row is its own run."
        actions={canRun ? <NewBatchDialog /> : null}
      />
      {batches.error ? (
        <ErrorMessage error={batches.error} />
      ) : !batches.data ? (
        <Loading label="Loading batches" rows={4} />
      ) : batches.data.jobs.length === 0 ? (
        <EmptyState title="No batches yet">
          {canRun
            ? "Upload a CSV (map its columns to the agent's input; one row per item, or several rows grouped by a key column) to run an agent over every item, or call POST /v1/batches."
            : "Batches started with POST /v1/batches or from a CSV by an admin or reviewer appear here."}
        </EmptyState>
      ) : (
        <>
          <Table aria-label="Batches">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Agent type</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Completed / failed / total</TableHead>
                <TableHead>Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {batches.data.jobs.map((job) => (
                <TableRow key={job.id} data-testid="batch-row">
                  <TableCell className="min-w-40">
                    <Link href={`/batches/${job.id}`} className="font-medium underline-offset-4 hover:underline">
                      {job.name ?? `Batch ${job.id.slice(0, 8)}`}
                    </Link>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{job.agent_type}</TableCell>
                  <TableCell>
                    <StatusBadge status={job.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums" title="completed / failed / total">
                    {job.completed_rows}/{job.failed_rows}/{job.total_rows}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(job.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager label="Batches pages" offset={offset} limit={PAGE_SIZE} total={batches.data.total} onChange={setOffset} />
        </>
      )}
    </>
  );
}
