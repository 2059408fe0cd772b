"use client";
// The webhook deliveries made for this run (runs.deliveries, dashboard-only): every attempt.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { formatDateTime } from "../lib/format";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage, Loading } from "../ui/feedback";
import { TERMINAL_STATUSES, type TRunStatus } from "./types";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { runDetached } from "../lib/detached";

export function RunDeliveries({ runId, runStatus }: { runId: string; runStatus: string }) {
  const trpc = useTRPC();
  const deliveries = useQuery({
    ...trpc.runs.deliveries.queryOptions({ id: runId }),
    // Events go out after the run changes, and failed attempts are retried: keep reading
    // while either may still add rows.
    refetchInterval: (query) =>
      !TERMINAL_STATUSES.includes(runStatus as TRunStatus) || query.state.data?.data.some((delivery) => delivery.status === "pending") ? 5_000 : false,
  });
  const { refetch } = deliveries;
  // A change of state announces an event, delivered moments later: read the log again then.
  const firstStatus = useRef(runStatus);
  useEffect(() => {
    if (runStatus === firstStatus.current) return;
    const timer = setTimeout(() => runDetached(refetch(), "re-reading the deliveries"), 2_000);
    return () => clearTimeout(timer);
  }, [runStatus, refetch]);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Webhook deliveries</CardTitle>
      </CardHeader>
      <CardContent>
        {deliveries.error ? (
          <ErrorMessage error={deliveries.error} />
        ) : !deliveries.data ? (
          <Loading label="Loading deliveries" rows={2} />
        ) : deliveries.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No webhook deliveries for this run. Register a webhook (or pass webhook_url) to be told when runs finish.
          </p>
        ) : (
          <Table aria-label="Webhook deliveries">
            <TableHeader>
              <TableRow>
                <TableHead>Event</TableHead>
                <TableHead>URL</TableHead>
                <TableHead className="text-right">Attempt</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Response</TableHead>
                <TableHead className="text-right">Duration</TableHead>
                <TableHead>Time</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {deliveries.data.data.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableCell className="whitespace-nowrap">{delivery.event}</TableCell>
                  <TableCell className="max-w-64 truncate" title={delivery.url}>
                    {delivery.url}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{delivery.attempt}</TableCell>
                  <TableCell>
                    <StatusBadge status={delivery.status} />
                    {delivery.error ? <p className="mt-1 max-w-64 truncate text-xs text-muted-foreground" title={delivery.error}>{delivery.error}</p> : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{delivery.response_status ?? "—"}</TableCell>
                  <TableCell className="text-right tabular-nums">{delivery.duration_ms === null ? "—" : `${delivery.duration_ms} ms`}</TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(delivery.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
