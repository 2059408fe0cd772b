"use client";
// The two inline forms of a decision: a reason to reject (required), and the JSON editor
// for approving an edited output (checked here before it is sent; the server checks again).
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { formatJson } from "../lib/format";
import { Button } from "../ui/button";
import { Field, Input, Textarea } from "../ui/input";
import { parseOutputObject } from "./format";

export function RejectForm({ busy, onSubmit, onCancel }: { busy: boolean; onSubmit: (reason: string) => void; onCancel: () => void }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError("Give a reason: it is recorded with the decision.");
    onSubmit(reason.trim());
  };
  return (
    <form onSubmit={submit} onKeyDown={cancelOnEscape(onCancel)} className="grid gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3" aria-label="Reject">
      <Field id={id} label="Reason for rejecting" hint="Enter rejects; Esc cancels." error={error}>
        <Input
          id={id}
          autoFocus
          value={reason}
          maxLength={5000}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" size="sm" disabled={busy}>
          Reject run
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function EditOutputForm({
  proposed,
  busy,
  onSubmit,
  onCancel,
}: {
  proposed: unknown;
  busy: boolean;
  onSubmit: (output: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(() => formatJson(proposed ?? {}));
  const [error, setError] = useState<string>();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = parseOutputObject(text);
    if ("error" in parsed) return setError(parsed.error);
    onSubmit(parsed.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Ctrl/Cmd+Enter approves from inside the editor, so the keyboard alone is enough.
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
      return;
    }
    cancelOnEscape(onCancel)(event);
  };
  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} className="grid min-w-0 gap-2" aria-label="Edit output">
      <Field id={id} label="Edited output (JSON object)" hint="Ctrl+Enter approves the edited output; Esc cancels." error={error}>
        <Textarea
          id={id}
          autoFocus
          spellCheck={false}
          rows={Math.min(18, Math.max(6, text.split("\n").length + 1))}
          className="font-mono text-xs"
          value={text}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Approve edited output
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function cancelOnEscape(onCancel: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };
}
