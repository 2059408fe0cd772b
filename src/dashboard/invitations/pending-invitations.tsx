"use client";
// Invitations addressed to the signed-in person's email, above every dashboard page (and in
// place of it for someone who belongs to no organization yet): Accept joins and switches to
// that organization, Decline dismisses the invitation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { rememberOrganization } from "../lib/selection";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/feedback";

/** The invitations query; the dashboard shell waits for it too (dashboard-shell.tsx). */
export function invitationsQueryOptions(trpc: ReturnType<typeof useTRPC>) {
  return trpc.invitations.list.queryOptions({}, { staleTime: 60_000 });
}

export function PendingInvitations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(invitationsQueryOptions(trpc));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invitations.list.queryKey() });
  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({
      onSuccess: (joined) => {
        rememberOrganization(joined.data.organization_id);
        window.location.assign("/triage");
      },
    }),
  );
  const decline = useMutation(trpc.invitations.decline.mutationOptions({ onSuccess: refresh }));
  const pending = invitations.data?.data ?? [];
  if (pending.length === 0) return null;
  return (
    <section aria-label="Invitations for you" className="grid gap-2 border-b bg-accent/40 px-4 py-2 text-sm">
      <ErrorMessage error={accept.error ?? decline.error} />
      {pending.map((invitation) => (
        <div key={invitation.id} className="flex flex-wrap items-center gap-2" data-testid="received-invitation">
          <span className="min-w-0 flex-1">
            You are invited to join <strong>{invitation.organization_name}</strong> as {invitation.role}.
          </span>
          <Button size="sm" disabled={accept.isPending} onClick={() => accept.mutate({ id: invitation.id })}>
            Accept
          </Button>
          <Button size="sm" variant="outline" disabled={decline.isPending} onClick={() => decline.mutate({ id: invitation.id })}>
            Decline
          </Button>
        </div>
      ))}
    </section>
  );
}
