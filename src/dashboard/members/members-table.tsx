"use client";
// Everyone in the organization, with their role (changeable in place) and Remove. The
// server keeps at least one admin and says so (409) when a change would leave none.
// Removing revokes the API keys the person created unless the admin ticks "Keep".
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { MEMBER_ROLES, type TMemberRole } from "../../domains/auth/roles";
import { formatDateTime } from "../lib/format";
import { useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { Select } from "../ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { roleLabel } from "./invite-member-form";

export function MembersTable() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useSession().current.member_id;
  const members = useQuery(trpc.members.list.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh }));

  if (members.isPending) return <Loading label="Loading members" />;
  if (members.error) return <ErrorMessage error={members.error} />;
  if (members.data.data.length === 0) return <EmptyState title="No members yet">Invite the people who work here with the form below.</EmptyState>;
  return (
    <div className="grid gap-2">
      <ErrorMessage error={changeRole.error} />
      <Table aria-label="Members">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Joined</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.data.data.map((member) => (
            <TableRow key={member.id} data-testid="member-row">
              <TableCell className="font-medium">
                {member.name}
                {member.id === me ? <span className="ml-1 text-xs text-muted-foreground">(you)</span> : null}
              </TableCell>
              <TableCell>{member.email}</TableCell>
              <TableCell>
                <Select
                  aria-label={`Role of ${member.name}`}
                  value={member.role}
                  disabled={changeRole.isPending}
                  onChange={(e) => {
                    changeRole.reset();
                    changeRole.mutate({ member_id: member.id, role: e.target.value as TMemberRole });
                  }}
                >
                  {MEMBER_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {roleLabel(role)}
                    </option>
                  ))}
                </Select>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(member.created_at)}</TableCell>
              <TableCell className="text-right">
                <RemoveMemberDialog member={member} onConfirm={(keepKeys) => remove.mutateAsync({ member_id: member.id, keep_keys: keepKeys })} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function RemoveMemberDialog({ member, onConfirm }: { member: { name: string; email: string }; onConfirm: (keepKeys: boolean) => Promise<unknown> }) {
  const [keepKeys, setKeepKeys] = useState(false);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Remove ${member.name}`}>
          Remove
        </Button>
      }
      title={`Remove ${member.name}?`}
      description={`${member.email} loses access to this organization at once. Their account stays, so you can invite them again later.`}
      confirmLabel="Remove member"
      onConfirm={() => onConfirm(keepKeys)}
    >
      <label className="flex items-start gap-2 rounded-md border p-2 text-sm">
        <input type="checkbox" className="mt-0.5" checked={keepKeys} onChange={(event) => setKeepKeys(event.target.checked)} />
        <span>
          Keep the API keys they created
          <span className="block text-xs text-muted-foreground">
            Unticked, their keys (live and test) are revoked with the membership and stop working at once. Kept keys
            become the organization&apos;s: no longer limited by this member&apos;s role, they act with the scopes they were given.
          </span>
        </span>
      </label>
    </ConfirmDialog>
  );
}
