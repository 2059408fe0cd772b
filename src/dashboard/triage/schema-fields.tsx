"use client";
// The controls of a form described by lib/schema-form.ts: fieldsets for objects, a row of
// inputs per list element with add and remove buttons, selects for enums, and a JSON text
// area for what the form does not model. Every control is named by its label and its path
// ("Quantity (invoice.lines.0.quantity)"); required ones carry aria-required and a visible *.
// The value is JSON throughout: each edit hands the whole new value to `onChange`.
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { cn } from "../lib/cn";
import { jsonEqual } from "../lib/merge-patch";
import { emptyValue, getAt, removeAt, setAt, type TField, type TJsonSchema } from "../lib/schema-form";
import { Button } from "../ui/button";
import { Input, Select, Textarea } from "../ui/input";

type TContext = {
  idPrefix: string;
  value: unknown;
  rootSchema: TJsonSchema;
  issues: ReadonlyMap<string, string>;
  onChange: (next: unknown) => void;
  /** A JSON text area that does not parse: the form must not be sent until it does. */
  onJsonProblem: (key: string, problem: string | null) => void;
};

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export const fieldId = (idPrefix: string, key: string): string => `${idPrefix}-f-${key.replace(/[^\w-]/g, "_") || "root"}`;

/** The path read out after the label, for screen readers (fieldset legends give it to the eye). */
const PathNote = ({ fieldKey }: { fieldKey: string }) => (fieldKey ? <span className="sr-only"> ({fieldKey})</span> : null);

/** The fields of the form's root object. */
export function SchemaFields({ root, ...context }: TContext & { root: Extract<TField, { kind: "object" }> }) {
  return <FieldGrid fields={root.fields} context={context} />;
}

function FieldGrid({ fields, context }: { fields: TField[]; context: TContext }) {
  return (
    // Columns by the room the form has (a half-width card column or the whole card), not the window.
    <div className="@container min-w-0">
      <div className="grid min-w-0 gap-x-3 gap-y-2 @sm:grid-cols-2 @2xl:grid-cols-4">
        {fields.map((field) => (
          <FieldControl key={field.key} field={field} context={context} />
        ))}
      </div>
    </div>
  );
}

function FieldControl({ field, context }: { field: TField; context: TContext }) {
  switch (field.kind) {
    case "object":
      return <ObjectFieldset field={field} context={context} />;
    case "array":
      return <ArrayFieldset field={field} context={context} />;
    default:
      return <ScalarField field={field} context={context} />;
  }
}

function Frame({ legend, actions, error, errorId, children }: { legend: ReactNode; actions?: ReactNode; error?: string; errorId: string; children: ReactNode }) {
  return (
    <fieldset className="col-span-full grid min-w-0 gap-2 rounded-md border bg-background/60 px-2.5 pt-1 pb-2.5" aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-xs font-medium">{legend}</legend>
      {actions ? <div className="-mt-1 flex flex-wrap justify-end gap-1">{actions}</div> : null}
      {error ? (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

function ObjectFieldset({ field, context }: { field: Extract<TField, { kind: "object" }>; context: TContext }) {
  const errorId = `${fieldId(context.idPrefix, field.key)}-error`;
  const inList = typeof field.path[field.path.length - 1] === "number";
  if (!field.present && !field.required) {
    return (
      <div className="col-span-full">
        <Button type="button" variant="outline" size="sm" onClick={() => context.onChange(setAt(context.value, field.path, emptyValue(field.schema, context.rootSchema)))}>
          <PlusIcon aria-hidden /> Add {field.label.toLowerCase()}
          <PathNote fieldKey={field.key} />
        </Button>
      </div>
    );
  }
  // An element of a list is removed by the list (its legend says which); an optional object by itself.
  const remove =
    !inList && !field.required ? (
      <Button type="button" variant="ghost" size="sm" className="h-7 px-2" onClick={() => context.onChange(setAt(context.value, field.path, undefined))}>
        <Trash2Icon aria-hidden /> Remove {field.label.toLowerCase()}
        <PathNote fieldKey={field.key} />
      </Button>
    ) : undefined;
  return (
    <Frame legend={<Legend field={field} />} actions={remove} error={context.issues.get(field.key)} errorId={errorId}>
      <FieldGrid fields={field.fields} context={context} />
    </Frame>
  );
}

function Legend({ field }: { field: TField }) {
  return (
    <>
      {field.label}
      {field.required && field.kind !== "object" && field.kind !== "array" ? <span aria-hidden> *</span> : null}
      <PathNote fieldKey={field.key} />
    </>
  );
}

function ArrayFieldset({ field, context }: { field: Extract<TField, { kind: "array" }>; context: TContext }) {
  const errorId = `${fieldId(context.idPrefix, field.key)}-error`;
  const itemName = field.itemLabel.toLowerCase();
  // Beside a single input the button is its icon alone (its name is still said in full).
  const removeButton = (item: TField, index: number, compact = false) =>
    field.canRemove ? (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn("h-7 px-2", compact && "mb-0.5 w-8 px-0")}
        title={compact ? `Remove ${itemName} ${index + 1}` : undefined}
        onClick={() => context.onChange(removeAt(context.value, item.path))}
      >
        <Trash2Icon aria-hidden />
        <span className={compact ? "sr-only" : undefined}>
          Remove {itemName} {index + 1}
        </span>
        <PathNote fieldKey={item.key} />
      </Button>
    ) : null;
  return (
    <Frame legend={<Legend field={field} />} error={context.issues.get(field.key)} errorId={errorId}>
      {field.items.length === 0 ? <p className="text-xs text-muted-foreground">No {field.label.toLowerCase()}.</p> : null}
      {field.items.map((item, index) =>
        item.kind === "object" ? (
          <Frame key={item.key} legend={<Legend field={item} />} actions={removeButton(item, index)} error={context.issues.get(item.key)} errorId={`${fieldId(context.idPrefix, item.key)}-error`}>
            <FieldGrid fields={item.fields} context={context} />
          </Frame>
        ) : (
          <div key={item.key} className="flex min-w-0 items-end gap-1">
            <div className="min-w-0 flex-1">
              <FieldControl field={item} context={context} />
            </div>
            {removeButton(item, index, true)}
          </div>
        ),
      )}
      {field.canAdd ? (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-7"
            onClick={() => {
              const list = getAt(context.value, field.path);
              const next = [...(Array.isArray(list) ? list : []), emptyValue(field.itemSchema, context.rootSchema) ?? null];
              context.onChange(setAt(context.value, field.path, next));
            }}
          >
            <PlusIcon aria-hidden /> Add {itemName}
            <PathNote fieldKey={field.key} />
          </Button>
        </div>
      ) : null}
    </Frame>
  );
}

function ScalarField({ field, context }: { field: Exclude<TField, { kind: "object" | "array" }>; context: TContext }) {
  const id = fieldId(context.idPrefix, field.key);
  const error = context.issues.get(field.key);
  const set = (next: unknown) => context.onChange(setAt(context.value, field.path, next));
  const aria = {
    id,
    "aria-required": field.required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : field.description ? `${id}-hint` : undefined,
  } as const;
  // The * sits beside the label, not in it: the control's name stays "Quantity (invoice.lines.0.quantity)".
  const label = (
    <span className="text-xs font-medium">
      <label htmlFor={id}>
        {field.label}
        <PathNote fieldKey={field.key} />
      </label>
      {field.required ? (
        <span aria-hidden className="text-destructive">
          {" "}
          *
        </span>
      ) : null}
    </span>
  );
  let control: ReactNode;
  switch (field.kind) {
    case "checkbox":
      return (
        <div className="flex min-w-0 items-center gap-2 self-end pb-1.5">
          <input type="checkbox" className="size-4 accent-primary" checked={field.value} onChange={(event) => set(event.target.checked)} {...aria} />
          {label}
          <Problem id={id} error={error} />
        </div>
      );
    case "select":
      control = (
        <Select className="h-8 w-full min-w-0" value={field.value} onChange={(event) => set(event.target.value === "" ? undefined : JSON.parse(event.target.value))} {...aria}>
          {field.required ? (
            field.value === "" ? (
              <option value="" disabled>
                Choose…
              </option>
            ) : null
          ) : (
            <option value="">—</option>
          )}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
      break;
    case "number":
      control = <NumberInput field={field} onValue={set} aria={aria} />;
      break;
    case "text":
      control = (
        <Input
          type={field.inputType}
          className="h-8"
          value={field.value}
          onChange={(event) => {
            const text = event.target.value;
            if (text === "" && !field.required) return set(undefined);
            // A number stays a number while it reads as one (invoice numbers: text or a number).
            const wasNumber = typeof getAt(context.value, field.path) === "number";
            set(field.number && wasNumber && NUMERIC.test(text.trim()) ? Number(text) : text);
          }}
          {...aria}
        />
      );
      break;
    case "json":
      control = <JsonInput field={field} onValue={set} aria={aria} onProblem={(problem) => context.onJsonProblem(field.key, problem)} />;
      break;
  }
  return (
    <div className={cn("grid min-w-0 content-start gap-1", field.kind === "json" && "col-span-full")}>
      {label}
      {control}
      {field.description && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {field.description}
        </p>
      ) : null}
      {field.kind === "json" && !error ? <p className="text-xs text-muted-foreground">As JSON: {field.reason}.</p> : null}
      <Problem id={id} error={error} />
    </div>
  );
}

function Problem({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-xs text-destructive">
      {error}
    </p>
  ) : null;
}

type TAria = { id: string; "aria-required"?: boolean; "aria-invalid"?: boolean; "aria-describedby"?: string };

/** Its own text while typing ("1." or "-" are not numbers yet); the value follows once it reads as one. */
function NumberInput({ field, onValue, aria }: { field: Extract<TField, { kind: "number" }>; onValue: (value: number | undefined) => void; aria: TAria }) {
  const [text, setText] = useState(field.value === undefined ? "" : String(field.value));
  useEffect(() => {
    setText((current) => (Number(current) === field.value && current.trim() !== "" ? current : field.value === undefined ? "" : String(field.value)));
  }, [field.value]);
  return (
    <Input
      type="number"
      inputMode={field.integer ? "numeric" : "decimal"}
      step={field.integer ? 1 : "any"}
      className="h-8"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const trimmed = event.target.value.trim();
        if (trimmed === "") onValue(undefined);
        else if (NUMERIC.test(trimmed)) onValue(Number(trimmed));
      }}
      {...aria}
    />
  );
}

function JsonInput({
  field,
  onValue,
  onProblem,
  aria,
}: {
  field: Extract<TField, { kind: "json" }>;
  onValue: (value: unknown) => void;
  onProblem: (problem: string | null) => void;
  aria: TAria;
}) {
  const [text, setText] = useState(() => (field.value === undefined ? "" : JSON.stringify(field.value, null, 2)));
  const [problem, setProblem] = useState<string | null>(null);
  // On unmount (a removed line, the JSON view) its problem goes with it.
  useEffect(() => () => onProblem(null), []);
  // A value that changed from outside (a line above removed: this control now shows the next) is shown.
  useEffect(() => {
    setText((current) => {
      try {
        if (jsonEqual(current.trim() === "" ? undefined : JSON.parse(current), field.value)) return current;
      } catch {
        // Text that does not parse yet: replaced by the value it now stands for.
      }
      return field.value === undefined ? "" : JSON.stringify(field.value, null, 2);
    });
  }, [field.value]);
  const lines = text.split("\n").length;
  return (
    <>
      <Textarea
        spellCheck={false}
        rows={Math.min(8, Math.max(2, lines))}
        className="min-h-0 font-mono text-xs"
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          let found: string | null = null;
          if (next.trim() === "") onValue(undefined);
          else {
            try {
              onValue(JSON.parse(next));
            } catch (error) {
              found = `Not valid JSON: ${(error as Error).message}`;
            }
          }
          setProblem(found);
          onProblem(found);
        }}
        {...aria}
        aria-invalid={aria["aria-invalid"] || problem !== null || undefined}
        aria-describedby={problem ? `${aria.id}-json-error` : aria["aria-describedby"]}
      />
      {problem ? (
        <p id={`${aria.id}-json-error`} className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
    </>
  );
}
