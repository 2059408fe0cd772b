// The review page of a signed decision link (app/review/[token]/page.tsx): the item as the
// dashboard card shows it, what happened to it, and one plain HTML form per decision posting
// to /review/<token>/decide. Nothing here decides on a GET, reads a session or sets a cookie;
// the decision tabs are links (`?action=`) so the page works without script.
import type { TReviewPage } from "../../domains/review-links/review-page";
import type { TLinkAction } from "../../domains/review-links/link-decisions";
import { Button, buttonVariants } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field, Input, Select, Textarea } from "../ui/input";
import { cn } from "../lib/cn";
import { JsonBlock } from "../triage/json-block";
import { REASON_CODE_LABELS, REJECT_REASON_CODES } from "../triage/types";
import { EditOutputField } from "./edit-output-field";

export type TReviewMessage = { done?: string; error?: string; field?: string };

const DONE_TEXT: Record<string, string> = {
  approved: "Approved. The run completed with this output.",
  pending: "Your approval is recorded. The item waits for the other approvals it needs.",
  rejected: "Rejected. The run was cancelled with your reason.",
  changes_requested: "Sent back: the agent works on it again with your feedback.",
  checked: "Your verdict is recorded.",
  sample: "This was a sample page: nothing was decided.",
};

const ACTION_LABELS: Record<TLinkAction, string> = {
  approve: "Approve",
  edit: "Edit and approve",
  reject: "Reject",
  request_changes: "Request changes",
  correct: "Output was correct",
  incorrect: "Output was incorrect",
};

/** "14:02 UTC on 27 Nov 2026" (the server renders it; readers are anywhere). */
function readable(at: string): string {
  const date = new Date(at);
  const day = date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return `${date.toISOString().slice(11, 16)} UTC on ${day}`;
}

const STATUS_WORDS: Record<string, string> = { approved: "Approved", rejected: "Rejected", changes_requested: "Sent back for changes", checked: "Checked" };

function StateNotice({ page }: { page: TReviewPage }) {
  const box = "rounded-md border p-3 text-sm";
  switch (page.state) {
    case "decided":
      return (
        <p className={cn(box, "border-emerald-300 bg-emerald-50 text-emerald-900")}>
          {`${STATUS_WORDS[page.decided!.status] ?? page.decided!.status} by ${page.decided!.by} at ${readable(page.decided!.at)}. This link changes nothing now.`}
        </p>
      );
    case "expired":
      return <p className={cn(box, "border-amber-300 bg-amber-50 text-amber-900")}>{`This link expired at ${readable(page.link.expires_at)}. It changes nothing now; the item waits in the review queue.`}</p>;
    case "used":
      return (
        <p className={cn(box, "border-sky-300 bg-sky-50 text-sky-900")}>
          {`Approved through this link at ${readable(page.link.used_at!)}; the item waits for ${page.approvals.required - page.approvals.given.length} more approval(s). This link changes nothing now.`}
        </p>
      );
    case "sample":
      return <p className={cn(box, "border-sky-300 bg-sky-50 text-sky-900")}>This is a sample review page: the decisions below decide nothing.</p>;
    default:
      return null;
  }
}

function Message({ message }: { message: TReviewMessage }) {
  if (message.done) {
    return (
      <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
        {DONE_TEXT[message.done] ?? "Done."}
      </p>
    );
  }
  if (message.error && !message.field) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
        {message.error}
      </p>
    );
  }
  return null;
}

function ItemDetails({ page }: { page: TReviewPage }) {
  const { item } = page;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{item.task}</CardTitle>
        <CardDescription>
          {page.agent.type} v{page.agent.version} · {item.kind === "spot_check" ? "spot check" : "review"}
          {item.round > 0 ? ` · round ${item.round + 1}` : ""} · due {readable(item.due_at)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <section aria-labelledby="reason-heading" className="grid gap-1">
          <h3 id="reason-heading" className="text-sm font-medium">
            Why it needs a person
          </h3>
          <p className="text-sm">{item.triage_reason}</p>
        </section>
        {page.claim ? (
          <p className="text-sm">
            <strong>{page.claim.name}</strong> is reviewing this until {readable(page.claim.until)}.
          </p>
        ) : null}
        {page.approvals.required > 1 ? (
          <p className="text-sm">
            {`Needs ${page.approvals.required} approvals; ${page.approvals.given.length} given`}
            {page.approvals.given.length > 0 ? ` (${page.approvals.given.map((given) => `${given.name} at ${readable(given.at)}`).join(", ")})` : ""}.
          </p>
        ) : null}
        {page.steps.length > 0 ? (
          <section aria-labelledby="steps-heading" className="grid gap-1">
            <h3 id="steps-heading" className="text-sm font-medium">
              What the agent did
            </h3>
            <ul className="grid gap-0.5 text-sm text-muted-foreground">
              {page.steps.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="grid gap-3 md:grid-cols-2">
          <JsonBlock label="Input data" value={item.data ?? {}} />
          <JsonBlock label={item.kind === "spot_check" ? "Output" : "Proposed output"} value={item.proposed_output ?? {}} />
        </div>
      </CardContent>
    </Card>
  );
}

const fieldError = (message: TReviewMessage, field: string) => (message.field === field ? message.error : undefined);

function TextField({ name, label, message, required, rows = 3, hint }: { name: string; label: string; message: TReviewMessage; required?: boolean; rows?: number; hint?: string }) {
  const id = `review-${name}`;
  const error = fieldError(message, name);
  return (
    <Field id={id} label={required ? `${label} *` : label} hint={hint} error={error}>
      <Textarea
        id={id}
        name={name}
        rows={rows}
        required={required}
        aria-required={required}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
    </Field>
  );
}

function DecisionForm({ page, token, action, message }: { page: TReviewPage; token: string; action: TLinkAction; message: TReviewMessage }) {
  const nameRequired = page.link.channel === "chat";
  const nameError = fieldError(message, "name");
  const forceError = fieldError(message, "force");
  const reasonError = fieldError(message, "reason_code");
  return (
    <form method="post" action={`/review/${encodeURIComponent(token)}/decide`} className="grid gap-3" aria-labelledby="decision-heading">
      <input type="hidden" name="action" value={action} />
      <Field id="review-name" label={nameRequired ? "Your name *" : "Your name"} hint="Recorded with your decision." error={nameError}>
        <Input
          id="review-name"
          name="name"
          autoComplete="name"
          required={nameRequired}
          aria-required={nameRequired}
          defaultValue={page.link.channel === "email" ? page.link.recipient : ""}
          aria-invalid={Boolean(nameError)}
          aria-describedby={nameError ? "review-name-error" : "review-name-hint"}
        />
      </Field>
      {action === "edit" || action === "incorrect" ? (
        <EditOutputField
          name="output"
          label={action === "edit" ? "Edited output" : "Corrected output"}
          proposed={page.item.proposed_output}
          schema={page.output_schema}
          error={fieldError(message, "output")}
        />
      ) : null}
      {action === "reject" ? (
        <Field id="review-reason_code" label="Reason *" error={reasonError}>
          <Select id="review-reason_code" name="reason_code" required aria-required defaultValue="" aria-invalid={Boolean(reasonError)} aria-describedby={reasonError ? "review-reason_code-error" : undefined}>
            <option value="" disabled>
              Choose a reason
            </option>
            {REJECT_REASON_CODES.map((code) => (
              <option key={code} value={code}>
                {REASON_CODE_LABELS[code]}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {action === "request_changes" ? (
        <>
          <TextField name="feedback" label="What should change" message={message} required rows={4} />
          {page.data_patch ? (
            <TextField name="data_patch" label="Data patch (optional JSON Merge Patch of the input data)" message={message} rows={3} hint="For example {&quot;invoice&quot;: {&quot;total&quot;: 1200}}." />
          ) : null}
        </>
      ) : (
        <TextField name="note" label="Note (optional)" message={message} rows={2} />
      )}
      {page.claim ? (
        <div className="grid gap-1">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="force" value="1" aria-describedby={forceError ? "review-force-error" : undefined} />
            Decide anyway ({page.claim.name}&apos;s claim ends)
          </label>
          {forceError ? (
            <p id="review-force-error" role="alert" className="text-xs text-destructive">
              {forceError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <Button type="submit" variant={action === "reject" ? "destructive" : "default"}>
          {ACTION_LABELS[action]}
        </Button>
      </div>
    </form>
  );
}

export function ReviewLinkPage({ page, token, action, message }: { page: TReviewPage; token: string; action: string | undefined; message: TReviewMessage }) {
  const actions: TLinkAction[] = page.item.kind === "spot_check" ? ["correct", "incorrect"] : ["approve", "edit", "reject", "request_changes"];
  const current = actions.find((candidate) => candidate === action) ?? actions[0]!;
  const decidable = page.state === "open" || page.state === "sample";
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-4 p-4">
      <header className="grid gap-1">
        <p className="text-sm text-muted-foreground">{page.organization}</p>
        <h1 className="text-xl font-semibold">Review: {page.item.task.length > 80 ? `${page.item.task.slice(0, 80)}…` : page.item.task}</h1>
        <p className="text-sm text-muted-foreground">
          Sent by {page.link.channel} to {page.link.recipient}
        </p>
      </header>
      <Message message={message} />
      <StateNotice page={page} />
      <ItemDetails page={page} />
      {decidable ? (
        <Card>
          <CardHeader>
            <CardTitle level={2} id="decision-heading">
              Your decision
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <nav aria-label="Decisions">
              <ul className="flex flex-wrap gap-2">
                {actions.map((candidate) => (
                  <li key={candidate}>
                    <a
                      href={`?action=${candidate}`}
                      aria-current={candidate === current ? "page" : undefined}
                      className={buttonVariants({ variant: candidate === current ? "secondary" : "outline", size: "sm" })}
                    >
                      {ACTION_LABELS[candidate]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <DecisionForm page={page} token={token} action={current} message={message} />
          </CardContent>
        </Card>
      ) : null}
    </main>
  );
}
