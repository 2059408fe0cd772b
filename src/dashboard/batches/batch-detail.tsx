"use client";
// /batches/[id]: a batch's progress (read every second while it works), its rows, cancel,
// and the results as a CSV built in the browser.
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, DownloadIcon } from "lucide-react";
import Link from "next/link";
import { formatDateTime } from "../lib/format";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { BatchProgress } from "./batch-progress";
import { BatchRows } from "./batch-rows";
import { CancelBatchButton } from "./cancel-batch-button";
import { buildResultsCsv } from "./csv-results";
import { downloadText } from "./download";
import { ACTIVE_BATCH_STATUSES } from "./types";

const LIVE_REFRESH_MS = 1_000;

export function BatchDetail({ batchId }: { batchId: string }) {
  const trpc = useTRPC();
  const canRun = useCan("batch:run");
  const batch = useQuery({
    ...trpc.batches.get.queryOptions({ id: batchId }),
    refetchInterval: (query) => (query.state.data && ACTIVE_BATCH_STATUSES.includes(query.state.data.job.status) ? LIVE_REFRESH_MS : false),
  });

  const back = (
    <Link href="/batches" className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeftIcon className="size-4" aria-hidden /> All batches
    </Link>
  );
  if (batch.error || !batch.data) {
    return (
      <>
        {back}
        {batch.error ? <ErrorMessage error={batch.error} /> : <Loading label="Loading the batch" rows={4} />}
      </>
    );
  }

  const { job, rows } = batch.data;
  const active = ACTIVE_BATCH_STATUSES.includes(job.status);
  // Rows an agent handed to a person: the batch cannot finish until someone decides them.
  const waiting = rows.filter((row) => row.status === "pending_triage").length;
  return (
    <>
      {back}
      <PageHeader
        title={job.name ?? `Batch ${job.id.slice(0, 8)}`}
        description={`${job.agent_type} · created ${formatDateTime(job.created_at)}`}
        actions={
          <>
            <Button variant="outline" disabled={rows.length === 0} onClick={() => downloadText(`batch-${job.id}-results.csv`, buildResultsCsv(rows, job.agent_type))}>
              <DownloadIcon aria-hidden /> Download results CSV
            </Button>
            {canRun && active ? <CancelBatchButton batchId={job.id} /> : null}
          </>
        }
      />
      <Card className="mb-4">
        <CardContent className="grid gap-3 pt-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <StatusBadge status={job.status} />
            {active ? <span className="text-xs text-muted-foreground">updating live</span> : null}
          </div>
          <BatchProgress job={job} />
          {waiting > 0 ? (
            <p data-testid="batch-waiting" className="text-sm">
              <strong>{waiting} waiting for review</strong>: the batch finishes once a person decides {waiting === 1 ? "it" : "them"}.{" "}
              <Link href={`/triage?batch=${job.id}`} className="font-medium underline underline-offset-2">
                Review this batch in the triage queue
              </Link>{" "}
              <span className="text-muted-foreground">(only this batch&apos;s runs, soonest due first; each row&apos;s run below links to its own)</span>
            </p>
          ) : null}
        </CardContent>
      </Card>
      {rows.length === 0 ? <EmptyState title="This batch has no rows" /> : <BatchRows rows={rows} />}
    </>
  );
}
