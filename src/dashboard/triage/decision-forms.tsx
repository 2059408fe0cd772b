"use client";
// The inline forms of a decision: reject (a reason code and a reason) and a spot check's
// "incorrect" verdict. Request changes and edit-and-approve, built from the agent's schemas,
// are in data-forms.tsx. JSON is checked here before it is sent; the server checks again.
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "../ui/button";
import { Field, Input, Select, Textarea } from "../ui/input";
import { parseOutputObject, type TDecisionLabels } from "./format";
import { REASON_CODE_LABELS, REJECT_REASON_CODES, type TRejectReasonCode, type TRejection, type TVerdict } from "./types";

export function RejectForm({
  busy,
  labels,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  /** The reject's name by its effect ("Don't pay" on a payment proposal) and what it does. */
  labels?: Pick<TDecisionLabels, "reject" | "rejectHint">;
  onSubmit: (rejection: TRejection) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reasonCode, setReasonCode] = useState<TRejectReasonCode | "">("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ field: "code" | "reason"; message: string }>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError({ field: "reason", message: "Give a reason: it is recorded with the decision." });
    if (!reasonCode) return setError({ field: "code", message: "Choose a reason code." });
    onSubmit({ reasonCode, reason: reason.trim() });
  };
  return (
    <form onSubmit={submit} onKeyDown={cancelOnEscape(onCancel)} className="grid gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3" aria-label="Reject">
      <div className="grid gap-2 sm:grid-cols-[14rem_1fr]">
        <Field id={`${id}-code`} label="Reason code" error={error?.field === "code" ? error.message : undefined}>
          <Select
            id={`${id}-code`}
            value={reasonCode}
            aria-required="true"
            aria-invalid={error?.field === "code"}
            aria-describedby={error?.field === "code" ? `${id}-code-error` : undefined}
            onChange={(event) => {
              setReasonCode(event.target.value as TRejectReasonCode);
              setError(undefined);
            }}
          >
            <option value="">Choose…</option>
            {REJECT_REASON_CODES.map((code) => (
              <option key={code} value={code}>
                {REASON_CODE_LABELS[code]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id} label="Reason for rejecting" hint="Enter rejects; Esc cancels." error={error?.field === "reason" ? error.message : undefined}>
          <Input
            id={id}
            autoFocus
            value={reason}
            maxLength={5000}
            aria-invalid={error?.field === "reason"}
            aria-describedby={error?.field === "reason" ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" size="sm" disabled={busy} title={labels?.rejectHint}>
          {labels && labels.reject !== "Reject" ? `${labels.reject}: reject run` : "Reject run"}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A spot check found incorrect: optionally the output that would have been right (a JSON
 * object, kept for evaluations) and a note; both may be left empty and the verdict just sent.
 */
export function IncorrectVerdictForm({ busy, onSubmit, onCancel }: { busy: boolean; onSubmit: (verdict: TVerdict) => void; onCancel: () => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    let correctedOutput: Record<string, unknown> | undefined;
    if (text.trim()) {
      const parsed = parseOutputObject(text, "The corrected output");
      if ("error" in parsed) return setError(parsed.error);
      correctedOutput = parsed.value;
    }
    onSubmit({ verdict: "incorrect", ...(correctedOutput ? { correctedOutput } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
      return;
    }
    cancelOnEscape(onCancel)(event);
  };
  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} className="grid min-w-0 gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3" aria-label="Mark incorrect">
      <Field id={`${id}-output`} label="Corrected output (optional JSON object)" hint="Ctrl+Enter sends the verdict; Esc cancels." error={error}>
        <Textarea
          id={`${id}-output`}
          autoFocus
          spellCheck={false}
          rows={5}
          className="font-mono text-xs"
          value={text}
          placeholder='{ "decision": "hold" }'
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-output-error` : `${id}-output-hint`}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <Field id={`${id}-note`} label="Note (optional)">
        <Input id={`${id}-note`} value={note} maxLength={5000} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" size="sm" disabled={busy}>
          Send: incorrect
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
