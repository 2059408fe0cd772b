"use client";
// Registering a webhook: an https URL and the run events it wants. The signing secret comes
// back once; the caller shows it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage } from "../ui/feedback";
import { Field, Input } from "../ui/input";

export const WEBHOOK_EVENTS = [
  { event: "run.completed", description: "A run finished with its output." },
  { event: "run.failed", description: "A run failed (credits refunded)." },
  { event: "run.triage_required", description: "A run waits for a person in the triage queue." },
  // Opt-in: not ticked by default.
  { event: "triage.overdue", description: "A triage item passed its due time undecided (sent once per item)." },
] as const;
type TEvent = (typeof WEBHOOK_EVENTS)[number]["event"];

export function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<TEvent[]>(["run.completed", "run.failed", "run.triage_required"]);
  const [eventsError, setEventsError] = useState<string | undefined>();
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (result) => {
        setUrl("");
        onCreated(result.data.secret);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setEventsError("Choose at least one event.");
      return;
    }
    setEventsError(undefined);
    create.mutate({ url: url.trim(), events });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a webhook</CardTitle>
        <CardDescription>Each delivery is a signed POST; failed deliveries are retried for about five hours.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="Add a webhook" className="grid gap-4">
          <Field id={`${id}-url`} label="URL" hint="An https:// address that answers 2xx within 10 seconds.">
            <Input
              id={`${id}-url`}
              type="url"
              required
              placeholder="https://example.com/hooks/agent-workforce"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-describedby={`${id}-url-hint`}
            />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Events</legend>
            {WEBHOOK_EVENTS.map(({ event, description }) => (
              <label key={event} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={events.includes(event)}
                  onChange={(e) => setEvents((current) => (e.target.checked ? [...current, event] : current.filter((item) => item !== event)))}
                />
                <span>
                  <code className="font-medium">{event}</code>
                  <span className="block text-xs text-muted-foreground">{description}</span>
                </span>
              </label>
            ))}
            {eventsError ? (
              <p role="alert" className="text-xs text-destructive">
                {eventsError}
              </p>
            ) : null}
          </fieldset>
          <ErrorMessage error={create.error} />
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Adding…" : "Add webhook"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
