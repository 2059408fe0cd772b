"use client";
// The review messages sent about an item (triage.notifications, GET /v1/triage/{id}/notifications):
// to whom, by which channel, on opening or escalation, and whether it arrived. Read when opened.
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "../lib/format";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { ErrorMessage, Loading } from "../ui/feedback";

export function ItemMessages({ itemId }: { itemId: string }) {
  const trpc = useTRPC();
  const messages = useQuery(trpc.triage.notifications.queryOptions({ id: itemId }));
  if (messages.error) return <ErrorMessage error={messages.error} />;
  if (!messages.data) return <Loading label="Loading the messages" rows={1} />;
  if (messages.data.data.length === 0) return <p className="text-sm text-muted-foreground">No messages were sent about this item.</p>;
  return (
    <ul aria-label="Messages" className="grid min-w-0 gap-2 text-sm">
      {messages.data.data.map((message) => (
        <li key={message.id} className="grid min-w-0 gap-0.5">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="font-medium">{message.kind === "escalated" ? `Escalation ${message.step}` : "On opening"}</span>
            <span className="text-muted-foreground">by {message.channel}</span>
            <span className="min-w-0 break-all">{message.recipient}</span>
            <StatusBadge status={message.status} />
          </div>
          <p className="text-xs text-muted-foreground">
            {message.sent_at ? `Sent ${formatDateTime(message.sent_at)}` : `Queued ${formatDateTime(message.created_at)}`}
            {` · ${message.attempts} ${message.attempts === 1 ? "attempt" : "attempts"}`}
            {message.last_error && message.status !== "sent" ? ` · ${message.last_error}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}
