"use client";
// A webhook's health and the changes that heal it: the disabled badge with the reason,
// "Enable" (clears the counters), and "Rotate secret" (the new secret shown once; the old
// one keeps signing deliveries for 24 h so the receiver can roll).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "../lib/format";
import { useCan } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorMessage } from "../ui/feedback";

export type TWebhook = {
  id: string;
  url: string;
  events: string[];
  is_active: boolean;
  disabled_reason: string | null;
  disabled_at: string | null;
  consecutive_failures: number;
  previous_secret_expires_at: string | null;
  created_at: string;
};

export function WebhookHealth({ webhook }: { webhook: TWebhook }) {
  if (!webhook.is_active) {
    return (
      <p role="status" data-testid="webhook-disabled" className="rounded-md bg-destructive/10 p-2 text-sm text-destructive">
        Disabled{webhook.disabled_at ? ` ${formatDateTime(webhook.disabled_at)}` : ""}: {webhook.disabled_reason ?? "no reason recorded"}. It receives no
        events until it is enabled again.
      </p>
    );
  }
  return (
    <>
      {webhook.consecutive_failures > 0 ? (
        <p className="text-xs text-muted-foreground">
          {webhook.consecutive_failures} failed attempt{webhook.consecutive_failures === 1 ? "" : "s"} in a row; after 5 days of failures only, it is disabled.
        </p>
      ) : null}
      {webhook.previous_secret_expires_at ? (
        <p className="text-xs text-muted-foreground">Deliveries are also signed with the previous secret until {formatDateTime(webhook.previous_secret_expires_at)}.</p>
      ) : null}
    </>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "success" : "destructive"}>{active ? "active" : "disabled"}</Badge>;
}

export function WebhookActions({ webhook, onSecret }: { webhook: TWebhook; onSecret: (secret: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = useCan("webhooks:write");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const enable = useMutation(trpc.webhooks.enable.mutationOptions({ onSuccess: refresh }));
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions({ onSuccess: refresh }));
  if (!canWrite) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ErrorMessage error={enable.error} />
      {!webhook.is_active ? (
        <Button size="sm" disabled={enable.isPending} onClick={() => enable.mutate({ id: webhook.id })} aria-label={`Enable webhook ${webhook.url}`}>
          {enable.isPending ? "Enabling…" : "Enable"}
        </Button>
      ) : null}
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Rotate secret of ${webhook.url}`}>
            Rotate secret
          </Button>
        }
        title="Rotate the signing secret?"
        description="A new secret is shown once. For 24 hours deliveries carry signatures under both secrets (webhook-signature); X-Service-Signature uses the new one at once."
        confirmLabel="Rotate secret"
        onConfirm={async () => {
          const result = await rotate.mutateAsync({ id: webhook.id });
          onSecret(result.data.secret);
        }}
      />
    </div>
  );
}
