"use client";
// The inline forms of a decision: reject (a reason code and a reason), request changes
// (feedback, and a patch of the input data), and the JSON editor for approving an edited
// output. JSON is checked here before it is sent; the server checks again.
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { formatJson } from "../lib/format";
import { Button } from "../ui/button";
import { Field, Input, Select, Textarea } from "../ui/input";
import { parseOutputObject, type TDecisionLabels } from "./format";
import { JsonBlock } from "./json-block";
import { REASON_CODE_LABELS, REJECT_REASON_CODES, type TChangeRequest, type TRejectReasonCode, type TRejection, type TVerdict } from "./types";

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
 * Sends the item back: the reviewer's feedback, and for built-in agents a JSON Merge Patch
 * (RFC 7386) over the run's input data, shown beside the data it changes.
 */
export function RequestChangesForm({
  data,
  canPatch,
  busy,
  onSubmit,
  onCancel,
}: {
  data: unknown;
  canPatch: boolean;
  busy: boolean;
  onSubmit: (request: TChangeRequest) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [feedback, setFeedback] = useState("");
  const [patch, setPatch] = useState("{}");
  const [error, setError] = useState<{ field: "feedback" | "patch"; message: string }>();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!feedback.trim()) return setError({ field: "feedback", message: "Tell the agent what to change." });
    let dataPatch: Record<string, unknown> | undefined;
    if (canPatch) {
      const parsed = parseOutputObject(patch, "The patch", '{ "purchase_order": { "total": 100 } }');
      if ("error" in parsed) return setError({ field: "patch", message: parsed.error });
      dataPatch = Object.keys(parsed.value).length > 0 ? parsed.value : undefined;
    }
    onSubmit({ feedback: feedback.trim(), ...(dataPatch ? { dataPatch } : {}) });
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
    <form onSubmit={submit} onKeyDown={onKeyDown} className="grid min-w-0 gap-3 rounded-md border border-primary/30 bg-primary/5 p-3" aria-label="Request changes">
      <Field
        id={id}
        label="Feedback for the agent"
        hint="The agent runs again with it. Ctrl+Enter sends; Esc cancels."
        error={error?.field === "feedback" ? error.message : undefined}
      >
        <Textarea
          id={id}
          autoFocus
          rows={3}
          maxLength={4000}
          value={feedback}
          aria-invalid={error?.field === "feedback"}
          aria-describedby={error?.field === "feedback" ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setFeedback(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      {canPatch ? (
        <div className="grid min-w-0 gap-3 md:grid-cols-2">
          <Field
            id={`${id}-patch`}
            label="Changes to the input data (JSON Merge Patch)"
            hint='Only what changes, e.g. { "purchase_order": { "total": 100 } }; null removes a field; {} changes nothing.'
            error={error?.field === "patch" ? error.message : undefined}
          >
            <Textarea
              id={`${id}-patch`}
              spellCheck={false}
              rows={6}
              className="font-mono text-xs"
              value={patch}
              aria-invalid={error?.field === "patch"}
              aria-describedby={error?.field === "patch" ? `${id}-patch-error` : `${id}-patch-hint`}
              onChange={(event) => {
                setPatch(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <JsonBlock label="Current input data" value={data ?? null} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Send back to the agent
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
