"use client";
// A webhook's most recent delivery attempts, newest first; a failed one can be resent now
// (same event id, so the receiver can tell it is the same event).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDateTime, formatNumber } from "../lib/format";
import { useCan } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

const RECENT = 10;

export function DeliveriesTable({ webhookId }: { webhookId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = useCan("webhooks:write");
  const deliveries = useQuery(trpc.webhooks.deliveries.queryOptions({ id: webhookId, limit: RECENT, offset: 0 }));
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ id: webhookId }) }),
    }),
  );

  if (deliveries.isPending) return <Loading label="Loading delivery attempts" rows={2} />;
  if (deliveries.error) return <ErrorMessage error={deliveries.error} />;
  if (deliveries.data.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No delivery attempts yet. Send a test event to check the receiver.</p>;
  }
  return (
    <div className="grid gap-2">
      <ErrorMessage error={resend.error} />
      <Table aria-label="Recent delivery attempts">
        <TableHeader>
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Response</TableHead>
            <TableHead>Duration</TableHead>
            <TableHead>Time</TableHead>
            {canWrite ? (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.data.data.map((delivery) => (
            <TableRow key={delivery.id} data-testid="delivery-row" data-status={delivery.status}>
              <TableCell>
                <code className="whitespace-nowrap">{delivery.event}</code>
                <div className="text-xs text-muted-foreground">attempt {delivery.attempt}</div>
              </TableCell>
              <TableCell>
                <StatusBadge status={delivery.status} />
              </TableCell>
              <TableCell title={delivery.error ?? undefined} className="max-w-[14rem] truncate">
                {delivery.response_status ?? <span className="text-muted-foreground">{delivery.error ?? "—"}</span>}
              </TableCell>
              <TableCell className="whitespace-nowrap">{delivery.duration_ms === null ? "—" : `${formatNumber(delivery.duration_ms)} ms`}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(delivery.created_at)}</TableCell>
              {canWrite ? (
                <TableCell className="text-right">
                  {delivery.status === "failed" ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={resend.isPending}
                      onClick={() => {
                        resend.reset();
                        resend.mutate({ delivery_id: delivery.id });
                      }}
                    >
                      Resend
                    </Button>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
