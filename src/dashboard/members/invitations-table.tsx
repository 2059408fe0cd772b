"use client";
// Invitations nobody has answered yet, with Revoke (the link stops working). A lost link is
// replaced by inviting the same email again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "../lib/format";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { roleLabel } from "./invite-member-form";

export function InvitationsTable() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.members.invitations.queryOptions({}));
  const revoke = useMutation(
    trpc.members.revokeInvitation.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.members.invitations.queryKey() }),
    }),
  );

  if (invitations.isPending) return <Loading label="Loading invitations" rows={1} />;
  if (invitations.error) return <ErrorMessage error={invitations.error} />;
  if (invitations.data.data.length === 0) return <EmptyState title="No pending invitations">Invite people with the form below.</EmptyState>;
  return (
    <Table aria-label="Pending invitations">
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invitations.data.data.map((invitation) => (
          <TableRow key={invitation.id} data-testid="invitation-row">
            <TableCell className="font-medium">{invitation.email}</TableCell>
            <TableCell>{roleLabel(invitation.role)}</TableCell>
            <TableCell className="whitespace-nowrap">
              {invitation.expired ? <Badge variant="warning">Expired</Badge> : formatDateTime(invitation.expires_at)}
            </TableCell>
            <TableCell className="text-right">
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Revoke the invitation of ${invitation.email}`}>
                    Revoke
                  </Button>
                }
                title={`Revoke the invitation of ${invitation.email}?`}
                description="Its link stops working at once. You can invite them again later."
                confirmLabel="Revoke invitation"
                onConfirm={() => revoke.mutateAsync({ id: invitation.id })}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
