"use client";
// The organization's review due time (admins): how many minutes a new triage item may wait
// before it is overdue. An agent version's review.sla_minutes overrides it; items already
// open keep their due time (docs/api-conventions.md, "Claims, due times and bulk decisions").
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field, Input } from "../ui/input";
import { SettingsFormFooter } from "./settings-form-footer";

export function ReviewSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const organization = useQuery(trpc.organization.get.queryOptions({}));
  const [minutes, setMinutes] = useState("");
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (organization.data) setMinutes(String(organization.data.triage_sla_minutes));
  }, [organization.data]);
  const update = useMutation(
    trpc.organization.updateSettings.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.organization.get.queryKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate({ triage_sla_minutes: Number(minutes) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Review due time</CardTitle>
        <CardDescription>
          How long a run may wait in the triage queue before it is overdue. Agents can set their own; items already waiting keep
          their due time.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="Review due time" className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-minutes`} label="Minutes until overdue" hint="1 to 10080 (a week). Default: 240 (4 hours).">
            <Input
              id={`${id}-minutes`}
              type="number"
              inputMode="numeric"
              min={1}
              max={10080}
              step={1}
              required
              disabled={!organization.data}
              value={minutes}
              onChange={(e) => {
                setMinutes(e.target.value);
                setSaved(false);
              }}
              aria-describedby={`${id}-minutes-hint`}
            />
          </Field>
          <SettingsFormFooter error={update.error ?? organization.error} pending={update.isPending} ready={Boolean(organization.data)} saved={saved} label="Save due time" />
        </form>
      </CardContent>
    </Card>
  );
}
