"use client";
// A webhook's most recent delivery attempts, newest first; any of them can be resent (same
// event id, so the receiver can tell it is the same event). A resend is queued: the table
// polls until the new attempt shows up.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime, formatNumber } from "../lib/format";
import { useCan } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

const RECENT = 10;
const POLL_AFTER_RESEND_MS = 30_000;
const EXCERPT_IN_TOOLTIP = 300;

function responseTitle(delivery: { error: string | null; response_body: string | null }): string | undefined {
  const parts = [delivery.error, delivery.response_body ? `Response: ${delivery.response_body.slice(0, EXCERPT_IN_TOOLTIP)}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join("\n") : undefined;
}

/** `active`: a disabled webhook's attempts cannot be resent (the server answers 409) until it is enabled. */
export function DeliveriesTable({ webhookId, active }: { webhookId: string; active: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = useCan("webhooks:write") && active;
  const [resentAt, setResentAt] = useState<number | null>(null);
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: webhookId, limit: RECENT, offset: 0 }),
    // A queued resend lands within seconds (or 10 s for a hanging receiver): poll briefly.
    refetchInterval: () => (resentAt !== null && Date.now() - resentAt < POLL_AFTER_RESEND_MS ? 1000 : false),
  });
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: () => setResentAt(Date.now()),
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
      {resend.isSuccess ? (
        <p role="status" className="text-sm text-muted-foreground">
          Resend queued: the new attempt appears below with the same event id.
        </p>
      ) : null}
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
              <TableCell title={responseTitle(delivery)} className="max-w-[14rem] truncate">
                {delivery.response_status ?? <span className="text-muted-foreground">{delivery.error ?? "—"}</span>}
              </TableCell>
              <TableCell className="whitespace-nowrap">{delivery.duration_ms === null ? "—" : `${formatNumber(delivery.duration_ms)} ms`}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(delivery.created_at)}</TableCell>
              {canWrite ? (
                <TableCell className="text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() => {
                      resend.reset();
                      resend.mutate({ id: webhookId, deliveryId: delivery.id });
                    }}
                  >
                    Resend
                  </Button>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
