"use client";
// A list of recipients on the Review routing page: one line each (an email address or an
// https chat webhook URL), with remove and "Send test" for those who may write routes. The
// test message is sent now to what the line says, saved or not (reviewRoutes.testMessage).
import { useMutation } from "@tanstack/react-query";
import { PlusIcon, SendIcon, XIcon } from "lucide-react";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { describeError } from "../ui/feedback";
import { Input } from "../ui/input";
import { issueAt, newKey, recipientOf, type TIssue, type TRecipientDraft } from "./route-draft";

export function RecipientList({
  agentType,
  label,
  idPrefix,
  pathPrefix,
  recipients,
  onChange,
  issues,
  canWrite,
}: {
  agentType: string;
  /** Names each line for screen readers: "Notify, recipient 1". */
  label: string;
  idPrefix: string;
  /** Where the list sits in the request (`notify`, `escalation.0.notify`), to place the server's issues. */
  pathPrefix: string;
  recipients: TRecipientDraft[];
  onChange: (next: TRecipientDraft[]) => void;
  issues: TIssue[];
  canWrite: boolean;
}) {
  const listIssue = issueAt(issues, pathPrefix);
  return (
    <div className="grid gap-2">
      {recipients.length === 0 ? <p className="text-sm text-muted-foreground">Nobody yet.</p> : null}
      <ul className="grid gap-2">
        {recipients.map((recipient, index) => (
          <RecipientRow
            key={recipient.key}
            agentType={agentType}
            id={`${idPrefix}-${index}`}
            label={`${label}, recipient ${index + 1}`}
            value={recipient.value}
            error={issueAt(issues, `${pathPrefix}.${index}`, true)}
            canWrite={canWrite}
            onValue={(value) => onChange(recipients.map((other) => (other.key === recipient.key ? { ...other, value } : other)))}
            onRemove={() => onChange(recipients.filter((other) => other.key !== recipient.key))}
          />
        ))}
      </ul>
      {listIssue ? (
        <p role="alert" className="text-xs text-destructive">
          {listIssue}
        </p>
      ) : null}
      {canWrite ? (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange([...recipients, { key: newKey(), value: "" }])}>
            <PlusIcon aria-hidden />
            Add recipient<span className="sr-only"> to {label}</span>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function RecipientRow({
  agentType,
  id,
  label,
  value,
  error,
  canWrite,
  onValue,
  onRemove,
}: {
  agentType: string;
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  canWrite: boolean;
  onValue: (value: string) => void;
  onRemove: () => void;
}) {
  const trpc = useTRPC();
  const test = useMutation(trpc.reviewRoutes.testMessage.mutationOptions());
  const described = test.error ? describeError(test.error) : null;
  const reason = (test.error as { data?: { body?: { reason?: string } } } | null)?.data?.body?.reason;
  const describedBy = [error ? `${id}-error` : null, test.isSuccess || test.isError ? `${id}-test` : null].filter(Boolean).join(" ") || undefined;
  return (
    <li className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Input
          id={id}
          value={value}
          placeholder="ap-lead@example.com or https://hooks.slack.com/services/…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            onValue(event.target.value);
            test.reset();
          }}
          className="min-w-0 flex-1 basis-64"
        />
        {canWrite ? (
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={!value.trim() || test.isPending}
              onClick={() => test.mutate({ agent_type: agentType, recipient: recipientOf(value) })}
            >
              <SendIcon aria-hidden />
              {test.isPending ? "Sending…" : "Send test"}
              <span className="sr-only"> message to {label}</span>
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
              <XIcon aria-hidden />
              Remove<span className="sr-only"> {label}</span>
            </Button>
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      {test.isSuccess ? (
        <p id={`${id}-test`} role="status" className="text-xs text-success">
          Test message sent to {test.data.recipient}.
        </p>
      ) : null}
      {described ? (
        <p id={`${id}-test`} role="alert" className="text-xs text-destructive">
          Not delivered: {reason && !described.message.includes(reason) ? `${described.message} (${reason})` : described.message}
        </p>
      ) : null}
    </li>
  );
}
