"use client";
// Creating an API key: a name, its scopes (each explained), an optional expiry. The key is
// made in the mode the dashboard is in; the caller shows the returned key once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { SCOPE_DESCRIPTIONS, SCOPES, type TScope } from "../../domains/auth/scopes";
import { useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage } from "../ui/feedback";
import { Field, Input } from "../ui/input";

/** Today as YYYY-MM-DD in the person's own time zone (the date input's format). */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export function CreateKeyForm({ onCreated }: { onCreated: (created: { key: string; name: string }) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mode } = useSession().current;
  const formId = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TScope[]>([]);
  const [expiry, setExpiry] = useState("");
  const [scopeError, setScopeError] = useState<string | undefined>();
  const create = useMutation(
    trpc.keys.create.mutationOptions({
      onSuccess: async (result) => {
        setName("");
        setScopes([]);
        setExpiry("");
        onCreated({ key: result.data.key, name: result.data.name });
        // The page keeps the plaintext only in the dialog, not in this mutation's state.
        create.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
      },
    }),
  );

  const allChecked = scopes.length === SCOPES.length;
  const toggle = (scope: TScope, on: boolean) =>
    setScopes((current) => (on ? SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scopes.length === 0) {
      setScopeError("Choose at least one scope.");
      return;
    }
    setScopeError(undefined);
    // The key stops working at the end of the chosen day, in the person's own time zone.
    const expires_at = expiry ? new Date(`${expiry}T23:59:59`).toISOString() : undefined;
    create.mutate({ name: name.trim(), scopes, expires_at });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create a key</CardTitle>
        <CardDescription>
          New keys are <Badge variant={mode === "live" ? "success" : "warning"}>{mode}</Badge> keys (
          <code>svc_{mode}_…</code>) because the dashboard is in {mode} mode. Switch mode at the top to create the other kind.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Create an API key">
          <Field id={`${formId}-name`} label="Name" hint="Where the key is used, e.g. “ERP integration”.">
            <Input id={`${formId}-name`} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} aria-describedby={`${formId}-name-hint`} />
          </Field>
          <fieldset className="grid gap-2" aria-describedby={scopeError ? `${formId}-scopes-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">Scopes</legend>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={allChecked}
                ref={(input) => {
                  if (input) input.indeterminate = scopes.length > 0 && !allChecked;
                }}
                onChange={(e) => setScopes(e.target.checked ? [...SCOPES] : [])}
              />
              All scopes
            </label>
            <div className="grid gap-2 sm:grid-cols-2">
              {SCOPES.map((scope) => (
                <label key={scope} className="flex items-start gap-2 rounded-md border p-2 text-sm">
                  <input type="checkbox" className="mt-0.5" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
                  <span className="min-w-0">
                    <code className="font-medium">{scope}</code>
                    <span className="block text-xs text-muted-foreground">{SCOPE_DESCRIPTIONS[scope]}</span>
                  </span>
                </label>
              ))}
            </div>
            {scopeError ? (
              <p id={`${formId}-scopes-error`} role="alert" className="text-xs text-destructive">
                {scopeError}
              </p>
            ) : null}
          </fieldset>
          <Field id={`${formId}-expiry`} label="Expires (optional)" hint="Leave empty for a key that does not expire; it stops working at the end of that day.">
            <Input
              id={`${formId}-expiry`}
              type="date"
              min={today()}
              value={expiry}
              onChange={(e) => setExpiry(e.target.value)}
              className="max-w-[12rem]"
              aria-describedby={`${formId}-expiry-hint`}
            />
          </Field>
          <ErrorMessage error={create.error} />
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating…" : "Create key"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
