"use client";
// The edited output of "edit and approve" on a review link's page: the form the agent's output
// schema describes (the dashboard's schema fields), or a JSON text area when there is no
// schema or the form cannot describe it. Either way the page's form posts the JSON object in
// the `output` field; without script, the text area is what the reader edits.
import { useEffect, useId, useMemo, useState } from "react";
import { formatJson } from "../lib/format";
import { describeForm, type TJsonSchema } from "../lib/schema-form";
import { SchemaFields } from "../triage/schema-fields";
import { Field, Textarea } from "../ui/input";

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function EditOutputField({
  name,
  label,
  proposed,
  schema,
  error,
}: {
  name: string;
  label: string;
  proposed: unknown;
  schema: TJsonSchema | null;
  error?: string;
}) {
  const id = useId();
  const [value, setValue] = useState<Record<string, unknown>>(() => asObject(proposed));
  const [hydrated, setHydrated] = useState(false);
  const description = useMemo(() => (schema ? describeForm(schema, value) : null), [schema, value]);
  // The form needs script; until it runs (or when it cannot describe the schema) the text area is the editor.
  useEffect(() => setHydrated(true), []);
  if (hydrated && description?.ok) {
    return (
      <fieldset className="grid min-w-0 gap-2">
        <legend className="text-sm font-medium">{label}</legend>
        <SchemaFields root={description.root} idPrefix={id} value={value} rootSchema={schema!} issues={new Map()} onJsonProblem={() => undefined} onChange={(next) => setValue(asObject(next))} />
        <input type="hidden" name={name} value={JSON.stringify(value)} />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }
  return (
    <Field id={`${id}-json`} label={`${label} (JSON object)`} error={error}>
      <Textarea
        id={`${id}-json`}
        name={name}
        spellCheck={false}
        rows={Math.min(18, Math.max(6, formatJson(proposed ?? {}).split("\n").length + 1))}
        className="font-mono text-xs"
        defaultValue={formatJson(proposed ?? {})}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-json-error` : undefined}
      />
    </Field>
  );
}
