"use client";
// One agent type's review route (docs/api-conventions.md, "Review routes"): who is told when
// an item opens, who is told next if nobody decides, and how many people must approve. Those
// who may write routes (agents:write: admins) edit it; everyone else reads it, chat URLs masked.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PlusIcon, Trash2Icon, XIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorMessage } from "../ui/feedback";
import { Field, Input } from "../ui/input";
import { RecipientList } from "./recipient-list";
import { draftOf, inputOf, issueAt, issuesOf, newKey, type TReviewRoute, type TRouteDraft, type TStepDraft } from "./route-draft";

const NEVER_SET = new Date(0).toISOString();

export function RouteForm({ route, canWrite }: { route: TReviewRoute; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<TRouteDraft>(() => draftOf(route));
  const [saved, setSaved] = useState<"saved" | "deleted" | null>(null);
  const exists = route.updated_at !== NEVER_SET;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.reviewRoutes.pathKey() });
  const put = useMutation(
    trpc.reviewRoutes.put.mutationOptions({
      onSuccess: async (response) => {
        setDraft(draftOf(response.route));
        setSaved("saved");
        await refresh();
      },
    }),
  );
  const remove = useMutation(trpc.reviewRoutes.delete.mutationOptions());
  const issues = issuesOf(put.error);
  const change = (next: Partial<TRouteDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setSaved(null);
  };
  const changeStep = (key: string, next: Partial<TStepDraft>) => change({ escalation: draft.escalation.map((step) => (step.key === key ? { ...step, ...next } : step)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    put.mutate(inputOf(route.agent_type, draft));
  };

  const escalationIssue = issueAt(issues, "escalation");
  const whenIssue = issueAt(issues, "approvals.when");
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Route for <code className="font-mono">{route.agent_type}</code>
        </CardTitle>
        <CardDescription>
          {exists ? `Last changed ${new Date(route.updated_at).toLocaleString()}.` : "No route yet: nobody is told by message, and one approval decides."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label={`Review route for ${route.agent_type}`} className="grid gap-6" noValidate>
          {/* Read-only for those who may not write: disabled, but at full contrast (it is there to be read). */}
          <fieldset disabled={!canWrite} className="grid min-w-0 gap-6 [&_input:disabled]:cursor-default [&_input:disabled]:opacity-100">
            <section aria-labelledby={`${id}-notify`} className="grid gap-2">
              <h3 id={`${id}-notify`} className="text-sm font-semibold">
                Notify when an item opens
              </h3>
              <p className="text-xs text-muted-foreground">An email address, or an https chat incoming-webhook URL (Slack-compatible).</p>
              <RecipientList
                agentType={route.agent_type}
                label="Notify"
                idPrefix={`${id}-notify`}
                pathPrefix="notify"
                recipients={draft.notify}
                onChange={(notify) => change({ notify })}
                issues={issues}
                canWrite={canWrite}
              />
            </section>

            <section aria-labelledby={`${id}-escalation`} className="grid gap-3">
              <h3 id={`${id}-escalation`} className="text-sm font-semibold">
                Escalation
              </h3>
              <p className="text-xs text-muted-foreground">If the item is still open this many minutes after it opened, these people are told, once. Each step later than the one before.</p>
              {draft.escalation.length === 0 ? <p className="text-sm text-muted-foreground">No escalation.</p> : null}
              <ol className="grid gap-3">
                {draft.escalation.map((step, index) => (
                  <li key={step.key} className="grid gap-3 rounded-md border p-3">
                    <div className="flex flex-wrap items-end justify-between gap-2">
                      <div className="w-40">
                        <Field id={`${id}-step-${index}`} label={`Step ${index + 1}: after minutes`} error={issueAt(issues, `escalation.${index}.after_minutes`)}>
                          <Input
                            id={`${id}-step-${index}`}
                            type="number"
                            inputMode="numeric"
                            min={1}
                            step={1}
                            value={step.afterMinutes}
                            aria-invalid={issueAt(issues, `escalation.${index}.after_minutes`) ? true : undefined}
                            aria-describedby={issueAt(issues, `escalation.${index}.after_minutes`) ? `${id}-step-${index}-error` : undefined}
                            onChange={(event) => changeStep(step.key, { afterMinutes: event.target.value })}
                          />
                        </Field>
                      </div>
                      {canWrite ? (
                        <Button type="button" variant="ghost" size="sm" onClick={() => change({ escalation: draft.escalation.filter((other) => other.key !== step.key) })}>
                          <XIcon aria-hidden />
                          Remove step {index + 1}
                        </Button>
                      ) : null}
                    </div>
                    <RecipientList
                      agentType={route.agent_type}
                      label={`Step ${index + 1}`}
                      idPrefix={`${id}-step-${index}-notify`}
                      pathPrefix={`escalation.${index}.notify`}
                      recipients={step.notify}
                      onChange={(notify) => changeStep(step.key, { notify })}
                      issues={issues}
                      canWrite={canWrite}
                    />
                  </li>
                ))}
              </ol>
              {escalationIssue ? (
                <p role="alert" className="text-xs text-destructive">
                  {escalationIssue}
                </p>
              ) : null}
              {canWrite ? (
                <div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      const last = Number(draft.escalation.at(-1)?.afterMinutes) || 0;
                      change({ escalation: [...draft.escalation, { key: newKey(), afterMinutes: String(last + 60), notify: [{ key: newKey(), value: "" }] }] });
                    }}
                  >
                    <PlusIcon aria-hidden />
                    Add escalation step
                  </Button>
                </div>
              ) : null}
            </section>

            <section aria-labelledby={`${id}-approvals`} className="grid gap-3">
              <h3 id={`${id}-approvals`} className="text-sm font-semibold">
                Approvals
              </h3>
              <div className="w-40">
                <Field id={`${id}-required`} label="Approvals required" hint="1 to 5 different people" error={issueAt(issues, "approvals.required")}>
                  <Input
                    id={`${id}-required`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={5}
                    step={1}
                    value={draft.required}
                    aria-invalid={issueAt(issues, "approvals.required") ? true : undefined}
                    aria-describedby={issueAt(issues, "approvals.required") ? `${id}-required-error` : `${id}-required-hint`}
                    onChange={(event) => change({ required: event.target.value })}
                  />
                </Field>
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={draft.conditional} onChange={(event) => change({ conditional: event.target.checked })} className="size-4" />
                Only when a number in the run&apos;s input is above an amount (otherwise one approval decides)
              </label>
              {draft.conditional ? (
                <div className="grid items-start gap-3 sm:grid-cols-2">
                  <Field id={`${id}-path`} label="Input field (JSON Pointer)" hint="e.g. /invoice/total" error={issueAt(issues, "approvals.when.path") ?? whenIssue}>
                    <Input
                      id={`${id}-path`}
                      value={draft.path}
                      placeholder="/invoice/total"
                      spellCheck={false}
                      aria-invalid={issueAt(issues, "approvals.when.path") ?? whenIssue ? true : undefined}
                      aria-describedby={issueAt(issues, "approvals.when.path") ?? whenIssue ? `${id}-path-error` : `${id}-path-hint`}
                      onChange={(event) => change({ path: event.target.value })}
                    />
                  </Field>
                  <Field id={`${id}-gt`} label="Greater than" error={issueAt(issues, "approvals.when.gt")}>
                    <Input
                      id={`${id}-gt`}
                      type="number"
                      inputMode="decimal"
                      value={draft.gt}
                      aria-invalid={issueAt(issues, "approvals.when.gt") ? true : undefined}
                      aria-describedby={issueAt(issues, "approvals.when.gt") ? `${id}-gt-error` : undefined}
                      onChange={(event) => change({ gt: event.target.value })}
                    />
                  </Field>
                </div>
              ) : null}
            </section>
          </fieldset>

          {canWrite ? (
            <div className="grid gap-3">
              <ErrorMessage error={put.error} />
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" disabled={put.isPending}>
                  {put.isPending ? "Saving…" : "Save route"}
                </Button>
                {exists ? (
                  <ConfirmDialog
                    trigger={
                      <Button type="button" variant="outline">
                        <Trash2Icon aria-hidden />
                        Delete route
                      </Button>
                    }
                    title={`Delete the route for ${route.agent_type}?`}
                    description="Its review items will reach nobody by message again, and one approval will decide them."
                    confirmLabel="Delete route"
                    onConfirm={async () => {
                      await remove.mutateAsync({ agent_type: route.agent_type });
                      put.reset();
                      setDraft(draftOf({ ...route, notify: [], escalation: [], approvals: { required: 1, when: null } }));
                      setSaved("deleted");
                      await refresh();
                    }}
                  />
                ) : null}
                {saved ? (
                  <p role="status" className="text-sm text-muted-foreground">
                    {saved === "saved" ? "Saved." : "Route deleted."}
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
