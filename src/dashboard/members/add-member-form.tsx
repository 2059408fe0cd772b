"use client";
// Adding a person: their email, name and role; a password only when they have no account
// yet (someone already in another organization keeps their own password).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { MEMBER_ROLES, ROLE_DESCRIPTIONS, type TMemberRole } from "../../domains/auth/roles";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage } from "../ui/feedback";
import { Field, Input, Select } from "../ui/input";

export const roleLabel = (role: TMemberRole) => `${role[0]!.toUpperCase()}${role.slice(1)}`;

export function AddMemberForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<TMemberRole>("viewer");
  const [password, setPassword] = useState("");
  const [added, setAdded] = useState<string | null>(null);
  const add = useMutation(
    trpc.members.add.mutationOptions({
      onSuccess: async (result) => {
        setAdded(`${result.data.name} (${result.data.email}) is now a ${result.data.role}.`);
        setEmail("");
        setName("");
        setPassword("");
        setRole("viewer");
        await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    add.mutate({ email: email.trim(), name: name.trim(), role, password: password || undefined });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add member</CardTitle>
        <CardDescription>They sign in with their email and password at the sign-in page.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="Add a member" className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-email`} label="Email">
            <Input id={`${id}-email`} type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field id={`${id}-name`} label="Name">
            <Input id={`${id}-name`} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
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
          <Field id={`${id}-password`} label="Password" hint="Only for people new to Agent Workforce (at least 8 characters); leave empty if they already have an account.">
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              minLength={8}
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={`${id}-password-hint`}
            />
          </Field>
          <div className="grid gap-3 sm:col-span-2">
            <ErrorMessage error={add.error} />
            {added ? (
              <p role="status" className="text-sm text-success">
                {added}
              </p>
            ) : null}
            <div>
              <Button type="submit" disabled={add.isPending}>
                {add.isPending ? "Adding…" : "Add member"}
              </Button>
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
