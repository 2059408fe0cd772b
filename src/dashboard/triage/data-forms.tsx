"use client";
// The two decisions that change data, as forms built from the agent's schemas (triage.schemas;
// lib/schema-form.ts), with JSON one toggle away ("Edit as JSON"):
// - request changes: feedback, and the run's input data edited in a form; what is sent is the
//   JSON Merge Patch (RFC 7396) from the original data to the edited one, which the JSON view
//   shows and edits (switching back applies it to the data again, so both views agree);
// - edit and approve: the proposed output in a form built from the output schema; the JSON
//   view is the whole output.
// Where there is no form (the schema is loading, failed, names no fields, or is too large)
// the JSON view is the editor. The form's check here is the schema's types and required
// fields; the server checks the patched data again (the output stands as the reviewer edits it).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { formatJson } from "../lib/format";
import { applyMergePatch, isJsonObject, mergePatchBetween, type TJsonObject } from "../lib/merge-patch";
import { describeForm, fieldKeys, formIssues, type TField, type TFieldIssue, type TJsonSchema } from "../lib/schema-form";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Field, Textarea } from "../ui/input";
import { parseOutputObject } from "./format";
import { JsonBlock } from "./json-block";
import { SchemaFields } from "./schema-fields";
import type { TChangeRequest } from "./types";

/** The schemas of the item's run as the card fetched them (undefined while loading). */
export type TSchemasState = { input: TJsonSchema | null; output: TJsonSchema } | { error: unknown } | undefined;

/** The schemas of an item's run (triage.schemas), fetched when `enabled` and kept for the page's life. */
export function useReviewSchemas(triageItemId: string, enabled: boolean): TSchemasState {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.triage.schemas.queryOptions({ id: triageItemId }), enabled, staleTime: Infinity, retry: 1 });
  return useMemo(
    () => (query.data ? { input: query.data.input_schema, output: query.data.output_schema } : query.error ? { error: query.error } : undefined),
    [query.data, query.error],
  );
}

const asObject = (value: unknown): TJsonObject => (isJsonObject(value) ? value : {});

/** Ctrl/Cmd+Enter sends, Esc cancels, and Enter in a field does not send a half-edited form. */
function formKeys(submit: () => void, onCancel: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.type !== "submit") {
      event.preventDefault();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };
}

/** The form of `value` under `schema`, or why there is none. */
function useDescription(schema: TJsonSchema | null | undefined, value: unknown) {
  return useMemo(() => (schema ? describeForm(schema, value) : null), [schema, value]);
}

function FormUnavailable({ schemas, reason }: { schemas: TSchemasState; reason: string | null }) {
  const text =
    schemas === undefined
      ? "Loading the form…"
      : "error" in schemas
        ? "The form could not be loaded: edit as JSON."
        : reason
          ? `No form: ${reason}. Edit as JSON.`
          : null;
  return text ? (
    <p className="text-xs text-muted-foreground" role="status">
      {text}
    </p>
  ) : null;
}

function IssueSummary({ id, issues, unplaced }: { id: string; issues: TFieldIssue[]; unplaced: TFieldIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <div id={id} role="alert" className="text-xs text-destructive">
      {issues.length === 1 ? "One field needs a change" : `${issues.length} fields need a change`}: see the marked fields.
      {unplaced.length > 0 ? (
        <ul className="list-disc pl-4">
          {unplaced.slice(0, 5).map((issue) => (
            <li key={issue.key}>
              {issue.key || "The data"}: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Focuses the first control of the form once it is there. */
function useFocusFirst(ref: React.RefObject<HTMLElement | null>, when: unknown) {
  useEffect(() => {
    if (!when) return;
    ref.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, [ref, when]);
}

function ViewToggle({ json, disabled, onToggle }: { json: boolean; disabled: boolean; onToggle: () => void }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="h-7 justify-self-start aria-pressed:border-primary aria-pressed:bg-primary/10"
      aria-pressed={json}
      disabled={disabled}
      onClick={onToggle}
    >
      Edit as JSON
    </Button>
  );
}

function useIssues() {
  const [issues, setIssues] = useState<TFieldIssue[]>([]);
  const jsonProblems = useRef(new Map<string, string>());
  const byKey = useMemo(() => new Map(issues.map((issue) => [issue.key, issue.message])), [issues]);
  const onJsonProblem = (key: string, problem: string | null) => {
    if (problem) jsonProblems.current.set(key, problem);
    else jsonProblems.current.delete(key);
  };
  return { issues, setIssues, byKey, onJsonProblem, jsonProblems };
}

/** Issues that name no control of the form are listed in the summary instead. */
const unplacedIssues = (issues: TFieldIssue[], root: TField) => {
  const keys = fieldKeys(root);
  return issues.filter((issue) => !keys.has(issue.key));
};

export function RequestChangesForm({
  data,
  canPatch,
  schemas,
  busy,
  onSubmit,
  onCancel,
}: {
  data: unknown;
  canPatch: boolean;
  schemas: TSchemasState;
  busy: boolean;
  onSubmit: (request: TChangeRequest) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const original = useMemo(() => asObject(data), [data]);
  const [feedback, setFeedback] = useState("");
  const [edited, setEdited] = useState<TJsonObject>(original);
  const [patchText, setPatchText] = useState("{}");
  const [jsonView, setJsonView] = useState(false);
  const [error, setError] = useState<{ field: "feedback" | "patch"; message: string }>();
  const { issues, setIssues, byKey, onJsonProblem, jsonProblems } = useIssues();
  const schema = schemas && !("error" in schemas) ? schemas.input : undefined;
  const description = useDescription(canPatch ? schema : null, edited);
  const formReady = description?.ok === true;
  const showJson = canPatch && (jsonView || !formReady);
  const patch = useMemo(() => mergePatchBetween(original, edited), [original, edited]);

  const toggle = () => {
    if (!jsonView) {
      setPatchText(formatJson(patch));
      setJsonView(true);
      return;
    }
    const parsed = parseOutputObject(patchText, "The patch", '{ "purchase_order": { "total": 100 } }');
    if ("error" in parsed) return setError({ field: "patch", message: parsed.error });
    setEdited(asObject(applyMergePatch(original, parsed.value)));
    setIssues([]);
    setJsonView(false);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!feedback.trim()) return setError({ field: "feedback", message: "Tell the agent what to change." });
    let dataPatch: TJsonObject | undefined;
    if (canPatch && showJson) {
      const parsed = parseOutputObject(patchText, "The patch", '{ "purchase_order": { "total": 100 } }');
      if ("error" in parsed) return setError({ field: "patch", message: parsed.error });
      dataPatch = parsed.value;
    } else if (canPatch) {
      if (jsonProblems.current.size > 0) return setIssues([...jsonProblems.current].map(([key, message]) => ({ key, message })));
      const found = schema ? formIssues(schema, edited) : [];
      if (found.length > 0) return setIssues(found);
      dataPatch = patch;
    }
    onSubmit({ feedback: feedback.trim(), ...(dataPatch && Object.keys(dataPatch).length > 0 ? { dataPatch } : {}) });
  };
  return (
    <form noValidate onSubmit={submit} onKeyDown={formKeys(submit, onCancel)} className="grid min-w-0 gap-3 rounded-md border border-primary/30 bg-primary/5 p-3" aria-label="Request changes">
      <Field
        id={id}
        label="Feedback for the agent"
        hint="The agent runs again with it. Ctrl+Enter sends; Esc cancels."
        error={error?.field === "feedback" ? error.message : undefined}
      >
        <Textarea
          id={id}
          autoFocus
          rows={2}
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
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium">Changes to the input data</h3>
            <ViewToggle json={showJson} disabled={!formReady} onToggle={toggle} />
          </div>
          {!showJson && description?.ok ? (
            <section aria-label="Input data form" className="grid min-w-0 gap-2">
              <p className="text-xs text-muted-foreground">Change a value, add or remove a line; only what differs is sent. * required.</p>
              <SchemaFields root={description.root} idPrefix={id} value={edited} rootSchema={schema!} issues={byKey} onJsonProblem={onJsonProblem} onChange={(next) => { setEdited(asObject(next)); setIssues([]); }} />
              <IssueSummary id={`${id}-issues`} issues={issues} unplaced={unplacedIssues(issues, description.root)} />
              {Object.keys(patch).length > 0 ? <JsonBlock label="Changes to send (JSON Merge Patch)" value={patch} /> : null}
            </section>
          ) : (
            <>
              <FormUnavailable schemas={schemas} reason={description && !description.ok ? description.reason : null} />
              <div className="grid min-w-0 items-start gap-3 md:grid-cols-2">
                <Field
                  id={`${id}-patch`}
                  label="Changes to the input data (JSON Merge Patch)"
                  hint='Only what changes, e.g. { "purchase_order": { "total": 100 } }; null removes a field; a list is replaced whole; {} changes nothing.'
                  error={error?.field === "patch" ? error.message : undefined}
                >
                  <Textarea
                    id={`${id}-patch`}
                    spellCheck={false}
                    rows={6}
                    className="font-mono text-xs"
                    value={patchText}
                    aria-invalid={error?.field === "patch"}
                    aria-describedby={error?.field === "patch" ? `${id}-patch-error` : `${id}-patch-hint`}
                    onChange={(event) => {
                      setPatchText(event.target.value);
                      setJsonView(true); // typed while the form was loading: it stays the editor
                      setError(undefined);
                    }}
                  />
                </Field>
                <JsonBlock label="Current input data" value={data ?? null} />
              </div>
            </>
          )}
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
  schemas,
  busy,
  onSubmit,
  onCancel,
}: {
  proposed: unknown;
  schemas: TSchemasState;
  busy: boolean;
  onSubmit: (output: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLElement>(null);
  const [edited, setEdited] = useState<TJsonObject>(() => asObject(proposed));
  const [text, setText] = useState(() => formatJson(proposed ?? {}));
  const [jsonView, setJsonView] = useState(false);
  const [error, setError] = useState<string>();
  const { issues, setIssues, byKey, onJsonProblem, jsonProblems } = useIssues();
  const schema = schemas && !("error" in schemas) ? schemas.output : undefined;
  const description = useDescription(schema, edited);
  const formReady = description?.ok === true;
  const showJson = jsonView || !formReady;
  useFocusFirst(formRef, !showJson);

  const toggle = () => {
    if (!jsonView) {
      setText(formatJson(edited));
      setJsonView(true);
      return;
    }
    const parsed = parseOutputObject(text);
    if ("error" in parsed) return setError(parsed.error);
    setEdited(parsed.value);
    setIssues([]);
    setJsonView(false);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (showJson) {
      // The JSON view sends what is typed (an object): the reviewer's word stands, as on the API.
      const parsed = parseOutputObject(text);
      if ("error" in parsed) return setError(parsed.error);
      return onSubmit(parsed.value);
    }
    if (jsonProblems.current.size > 0) return setIssues([...jsonProblems.current].map(([key, message]) => ({ key, message })));
    const found = schema ? formIssues(schema, edited) : [];
    if (found.length > 0) return setIssues(found);
    onSubmit(edited);
  };
  return (
    <form noValidate onSubmit={submit} onKeyDown={formKeys(submit, onCancel)} className="grid min-w-0 content-start gap-2" aria-label="Edit output">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Edited output</h3>
        <ViewToggle json={showJson} disabled={!formReady} onToggle={toggle} />
      </div>
      {!showJson && description?.ok ? (
        <section ref={formRef} aria-label="Output form" className="grid min-w-0 gap-2">
          <p className="text-xs text-muted-foreground">Ctrl+Enter approves the edited output; Esc cancels. * required.</p>
          <SchemaFields root={description.root} idPrefix={id} value={edited} rootSchema={schema!} issues={byKey} onJsonProblem={onJsonProblem} onChange={(next) => { setEdited(asObject(next)); setIssues([]); }} />
          <IssueSummary id={`${id}-issues`} issues={issues} unplaced={unplacedIssues(issues, description.root)} />
        </section>
      ) : (
        <>
          <FormUnavailable schemas={schemas} reason={description && !description.ok ? description.reason : null} />
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
                setJsonView(true); // typed while the form was loading: it stays the editor
                setError(undefined);
              }}
            />
          </Field>
        </>
      )}
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
