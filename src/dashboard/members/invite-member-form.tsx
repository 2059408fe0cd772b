"use client";
// Inviting a person: their email and role. The server answers with a link that works once
// for 7 days; there is no mail server, so the admin copies it and sends it themselves. The
// answer is the same whether or not the email has an account, and names nobody.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { MEMBER_ROLES, ROLE_DESCRIPTIONS, type TMemberRole } from "../../domains/auth/roles";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage } from "../ui/feedback";
import { Field, Input, Select } from "../ui/input";
import { SecretOnceDialog } from "../ui/secret-once-dialog";

export const roleLabel = (role: TMemberRole) => `${role[0]!.toUpperCase()}${role.slice(1)}`;

export function InviteMemberForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TMemberRole>("viewer");
  const [link, setLink] = useState<{ url: string; email: string } | null>(null);
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: async (result) => {
        setLink({ url: result.invitation.url, email: result.invitation.email });
        setEmail("");
        setRole("viewer");
        await queryClient.invalidateQueries({ queryKey: trpc.members.invitations.queryKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a member</CardTitle>
        <CardDescription>
          You get a link to send them. They open it, sign in (or create their account) and accept; the link works once, for 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="Invite a member" className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-email`} label="Email">
            <Input id={`${id}-email`} type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field id={`${id}-role`} label="Role" hint={ROLE_DESCRIPTIONS[role]}>
            <Select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as TMemberRole)} aria-describedby={`${id}-role-hint`}>
              {MEMBER_ROLES.map((option) => (
                <option key={option} value={option}>
                  {roleLabel(option)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid gap-3 sm:col-span-2">
            <ErrorMessage error={invite.error} />
            <div>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? "Inviting…" : "Create invitation"}
              </Button>
            </div>
          </div>
        </form>
      </CardContent>
      <SecretOnceDialog
        secret={link?.url ?? null}
        title="Invitation link"
        description={`Send this link to ${link?.email ?? ""}. Whoever opens it can join with the role you chose, once, within 7 days.`}
        onClose={() => setLink(null)}
      />
    </Card>
  );
}
