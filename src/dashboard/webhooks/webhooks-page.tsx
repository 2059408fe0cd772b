"use client";
// Webhooks: register one (secret shown once), send a test event, see each webhook's recent
// delivery attempts and resend them, see why one was disabled and enable it, rotate its
// secret (shown once), delete. Changes need webhooks:write.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SendIcon } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "../lib/format";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan, useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { SecretOnceDialog } from "../ui/secret-once-dialog";
import { CreateWebhookForm } from "./create-webhook-form";
import { DeliveriesTable } from "./deliveries-table";
import { ActiveBadge, WebhookActions, WebhookHealth, type TWebhook } from "./webhook-actions";

export function WebhooksPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mode, organization_id: organizationId } = useSession().current;
  const canWrite = useCan("webhooks:write");
  const [shown, setShown] = useState<{ secret: string; rotated: boolean } | null>(null);
  const sendTest = useMutation(
    trpc.webhooks.test.mutationOptions({
      // Attempts, and the webhooks too: a 410 answer disables one, a success clears its counters.
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }),
        ]),
    }),
  );
  const outcome = sendTest.data?.data;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={`Where this organization's ${mode}-mode run events are delivered.`}
        actions={
          canWrite ? (
            <Button variant="outline" disabled={sendTest.isPending} onClick={() => sendTest.mutate({ orgId: organizationId })}>
              <SendIcon aria-hidden />
              {sendTest.isPending ? "Sending…" : "Send test"}
            </Button>
          ) : undefined
        }
      />
      <div className="grid gap-6">
        <ErrorMessage error={sendTest.error} />
        {outcome ? (
          <p role="status" className="text-sm">
            {outcome.length === 0
              ? "No active webhook to send a test event to."
              : `Test event sent to ${outcome.length} webhook${outcome.length === 1 ? "" : "s"}: ${outcome.filter((item) => item.status === "succeeded").length} succeeded, ${outcome.filter((item) => item.status === "failed").length} failed.`}
          </p>
        ) : null}
        <WebhookList onRotated={(secret) => setShown({ secret, rotated: true })} />
        {canWrite ? <CreateWebhookForm onCreated={(secret) => setShown({ secret, rotated: false })} /> : null}
      </div>
      <SecretOnceDialog
        secret={shown?.secret ?? null}
        title={shown?.rotated ? "Secret rotated" : "Webhook created"}
        description={
          shown?.rotated
            ? "Deploy this secret to the receiver: for 24 hours webhook-signature carries signatures under the new and the old secret; X-Service-Signature uses the new one now."
            : "Check each delivery's X-Service-Signature (or webhook-signature) with this signing secret."
        }
        onClose={() => setShown(null)}
      />
    </>
  );
}

function WebhookList({ onRotated }: { onRotated: (secret: string) => void }) {
  const trpc = useTRPC();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions({}));
  if (webhooks.isPending) return <Loading label="Loading webhooks" />;
  if (webhooks.error) return <ErrorMessage error={webhooks.error} />;
  if (webhooks.data.data.length === 0) {
    return (
      <EmptyState title="No webhooks yet">
        Add one to be told when a run completes, fails or waits for triage, instead of polling the API.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      {webhooks.data.data.map((webhook) => (
        <WebhookCard key={webhook.id} webhook={webhook} onRotated={onRotated} />
      ))}
    </div>
  );
}

function WebhookCard({ webhook, onRotated }: { webhook: TWebhook; onRotated: (secret: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = useCan("webhooks:write");
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      // The attempts table (unmounted while deleting) may be polling: abort its request in
      // flight, so it cannot reach the server after the webhook is gone (a 404).
      onMutate: () => queryClient.cancelQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ id: webhook.id }) }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }),
    }),
  );
  return (
    <Card data-testid="webhook-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <CardTitle className="font-medium break-all">{webhook.url}</CardTitle>
          <div className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
            <ActiveBadge active={webhook.is_active} />
            {webhook.events.map((event) => (
              <Badge key={event} variant="outline">
                {event}
              </Badge>
            ))}
            <span>· added {formatDateTime(webhook.created_at)}</span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <WebhookActions webhook={webhook} onSecret={onRotated} />
          {canWrite ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" aria-label={`Delete webhook ${webhook.url}`}>
                  Delete
                </Button>
              }
              title="Delete this webhook?"
              description={`${webhook.url} receives no more events, and its delivery history is deleted with it.`}
              confirmLabel="Delete webhook"
              onConfirm={() => remove.mutateAsync({ id: webhook.id })}
            />
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        <WebhookHealth webhook={webhook} />
        <h3 className="text-sm font-medium">Recent delivery attempts</h3>
        {remove.isPending || remove.isSuccess ? null : <DeliveriesTable webhookId={webhook.id} active={webhook.is_active} />}
      </CardContent>
    </Card>
  );
}
