// JSON Schema (draft 2020-12) + a value → the fields of a form, pure (no React), so it is
// unit-tested on its own. The reviewer's forms (request changes, edit and approve) render
// these descriptors; the value itself stays JSON and every edit is a `setAt` on it.
// Covered: objects (a fieldset), strings (enum → select, format date → date input), numbers,
// integers, booleans, arrays (repeated fieldsets or inputs, add and remove), nullable shapes
// (`anyOf [x, {type: null}]`, `type: [x, "null"]`) as optional, a string-or-number union as
// one text input, local `$ref`s; an absent `readOnly` property is left out. Anything else (oneOf, allOf, patternProperties, open
// objects, nesting deeper than MAX_DEPTH, a value that does not fit its schema) becomes a
// JSON text area for that sub-value; a form of more than MAX_FIELDS fields is not built at all.
// The browser cannot compile schemas (the CSP has no 'unsafe-eval', which Ajv needs): the
// check is csv-mapping's `dataIssues`, the server's Ajv check stays the authority.
import { dataIssues } from "../batches/csv-mapping";
import { isJsonObject, type TJsonObject } from "./merge-patch";

export type TJsonSchema = Record<string, unknown>;
export type TPath = (string | number)[];

type TCommon = {
  /** The path as text, "invoice.lines.0.quantity" ("" for the whole value): ids, errors. */
  key: string;
  path: TPath;
  /** The property's title, else its name in words ("unit_price" → "Unit price"). */
  label: string;
  required: boolean;
  description?: string;
};

export type TSelectOption = { value: string; label: string };
export type TField =
  /** `number` true: a string-or-number union; digits stay a number when the value was one. */
  | (TCommon & { kind: "text"; inputType: "text" | "date" | "email"; value: string; number: boolean })
  /** Option values are the enum members as JSON text. */
  | (TCommon & { kind: "select"; options: TSelectOption[]; value: string })
  | (TCommon & { kind: "number"; integer: boolean; value: number | undefined })
  | (TCommon & { kind: "checkbox"; value: boolean })
  /** `present` false: an optional object that is not there (the form offers to add it). */
  | (TCommon & { kind: "object"; fields: TField[]; present: boolean; schema: TJsonSchema })
  | (TCommon & { kind: "array"; items: TField[]; itemLabel: string; itemSchema: TJsonSchema; canAdd: boolean; canRemove: boolean })
  | (TCommon & { kind: "json"; value: unknown; reason: string });

export type TFormDescription = { ok: true; root: Extract<TField, { kind: "object" }>; count: number } | { ok: false; reason: string };

export const MAX_FIELDS = 300;
export const MAX_DEPTH = 6;

export const pathKey = (path: TPath): string => path.join(".");

const asSchema = (value: unknown): TJsonSchema | null => (isJsonObject(value) ? value : null);
const typesOf = (schema: TJsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];
const SCALARS = new Set(["string", "number", "integer", "boolean"]);
/** Keywords the form does not model: the sub-value is edited as JSON. */
const COMPLEX = ["oneOf", "allOf", "not", "if", "patternProperties", "dependentSchemas", "prefixItems", "unevaluatedProperties"];

/** "unit_price" → "Unit price", "purchaseOrder" → "Purchase order". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** "Lines" → "Line", "Discrepancies" → "Discrepancy": what one element of a list is called. */
export function singular(label: string): string {
  if (/ies$/i.test(label)) return label.replace(/ies$/i, "y");
  if (/[^s]s$/i.test(label)) return label.slice(0, -1);
  return "Item";
}

/** A local `$ref` ("#/$defs/line") resolved against the root schema; anything else stays. */
function resolve(schema: TJsonSchema, root: TJsonSchema): TJsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === "string" && hops < 10; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith("#")) return current;
    let target: unknown = root;
    for (const part of ref.slice(1).split("/").filter(Boolean)) {
      target = asSchema(target)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    const found = asSchema(target);
    if (!found) return current;
    const { $ref: _ref, ...siblings } = current;
    current = { ...found, ...siblings };
  }
  return current;
}

/** The shape without its null branch, and whether null was one (the field is then optional). */
export function unwrapNullable(schema: TJsonSchema): { schema: TJsonSchema; nullable: boolean } {
  const types = typesOf(schema);
  if (types.length > 1 && types.includes("null")) {
    const rest = types.filter((type) => type !== "null");
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as unknown[]).map(asSchema).filter((branch) => branch !== null);
    const isNull = (branch: TJsonSchema) => typesOf(branch).length === 1 && typesOf(branch)[0] === "null";
    const others = branches.filter((branch) => !isNull(branch));
    if (others.length === 1 && branches.length === 2) {
      const { anyOf: _anyOf, ...siblings } = schema;
      return { schema: { ...siblings, ...others[0]! }, nullable: true };
    }
  }
  return { schema, nullable: false };
}

/** `anyOf` of scalar types only (invoice numbers: text or a number): one text input. */
function scalarUnion(schema: TJsonSchema): string[] | null {
  if (!Array.isArray(schema.anyOf)) return typesOf(schema).length > 1 && typesOf(schema).every((type) => SCALARS.has(type)) ? typesOf(schema) : null;
  const types = (schema.anyOf as unknown[]).map(asSchema).map((branch) => (branch && !branch.anyOf && typesOf(branch).length === 1 ? typesOf(branch)[0]! : null));
  return types.every((type): type is string => type !== null && SCALARS.has(type)) ? types : null;
}

const describeType = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value;

type TContext = { root: TJsonSchema; count: number; maxFields: number; maxDepth: number };

function json(common: TCommon, value: unknown, reason: string): TField {
  return { ...common, kind: "json", value, reason };
}

function describe(schemaIn: TJsonSchema, value: unknown, common: TCommon, depth: number, context: TContext): TField {
  context.count++;
  const { schema, nullable } = unwrapNullable(resolve(schemaIn, context.root));
  const field: TCommon = {
    ...common,
    required: common.required && !nullable,
    // A list's element keeps its place in the name ("Line 2"); the list names it by the title.
    label: typeof schema.title === "string" && schema.title.trim() && typeof common.path[common.path.length - 1] !== "number" ? schema.title.trim() : common.label,
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
  };
  const present = value !== undefined && value !== null;
  if (COMPLEX.some((keyword) => keyword in schema)) return json(field, value, "its schema is more than the form shows");
  if (Array.isArray(schema.enum) || "const" in schema) {
    const members = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : [schema.const];
    const options = members.map((member) => ({ value: JSON.stringify(member), label: typeof member === "string" ? member : JSON.stringify(member) }));
    // A value outside the enum stays visible (and is flagged by the check) rather than replaced.
    if (present && !members.some((member) => JSON.stringify(member) === JSON.stringify(value))) options.unshift({ value: JSON.stringify(value), label: typeof value === "string" ? value : JSON.stringify(value) });
    return { ...field, kind: "select", options, value: present ? JSON.stringify(value) : "" };
  }
  const union = scalarUnion(schema);
  if (union) {
    if (present && !union.some((type) => (type === "integer" ? "number" : type) === describeType(value))) return json(field, value, "the value does not fit its schema");
    return { ...field, kind: "text", inputType: "text", value: present ? (typeof value === "string" ? value : JSON.stringify(value)) : "", number: union.includes("number") || union.includes("integer") };
  }
  const types = typesOf(schema);
  const type = types.length === 1 ? types[0] : types.length === 0 && asSchema(schema.properties) ? "object" : undefined;
  const fits = (expected: string) => !present || describeType(value) === expected;
  switch (type) {
    case "string":
      if (!fits("string")) return json(field, value, "the value does not fit its schema");
      return {
        ...field,
        kind: "text",
        inputType: schema.format === "date" ? "date" : schema.format === "email" ? "email" : "text",
        value: present ? (value as string) : "",
        number: false,
      };
    case "number":
    case "integer":
      if (!fits("number")) return json(field, value, "the value does not fit its schema");
      return { ...field, kind: "number", integer: type === "integer", value: present ? (value as number) : undefined };
    case "boolean":
      if (!fits("boolean")) return json(field, value, "the value does not fit its schema");
      return { ...field, kind: "checkbox", value: value === true };
    case "object":
      return describeObject(schema, value, field, depth, context);
    case "array":
      return describeArray(schema, value, field, depth, context);
    default:
      return json(field, value, "its schema names no single type");
  }
}

function describeObject(schema: TJsonSchema, value: unknown, field: TCommon, depth: number, context: TContext): TField {
  const properties = asSchema(schema.properties);
  if (!properties || Object.keys(properties).length === 0) return json(field, value, "its schema names no fields");
  if (value !== undefined && value !== null && !isJsonObject(value)) return json(field, value, "the value does not fit its schema");
  if (depth >= context.maxDepth) return json(field, value, "it is nested too deeply for the form");
  const object: TJsonObject = isJsonObject(value) ? value : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields: TField[] = [];
  // An absent optional object shows no fields until the reviewer adds it; a required one does.
  if (isJsonObject(value) || field.required) {
    for (const [name, property] of Object.entries(properties)) {
      // What the agent alone reports (readOnly) is shown when it is there, never offered to add.
      if (asSchema(property)?.readOnly === true && object[name] === undefined) continue;
      const path = [...field.path, name];
      fields.push(describe(asSchema(property) ?? {}, object[name], { key: pathKey(path), path, label: humanize(name), required: required.has(name) }, depth + 1, context));
      if (context.count > context.maxFields) break;
    }
    // Fields the schema does not name are kept and shown as JSON (the agent may still read them).
    if (schema.additionalProperties !== false) {
      for (const name of Object.keys(object).filter((name) => !(name in properties) && object[name] !== undefined)) {
        context.count++;
        const path = [...field.path, name];
        fields.push(json({ key: pathKey(path), path, label: humanize(name), required: false }, object[name], "its schema does not name it"));
      }
    }
  }
  return { ...field, kind: "object", fields, present: isJsonObject(value), schema };
}

function describeArray(schema: TJsonSchema, value: unknown, field: TCommon, depth: number, context: TContext): TField {
  const itemSchema = asSchema(schema.items);
  if (!itemSchema) return json(field, value, "its schema does not say what its items are");
  if (value !== undefined && value !== null && !Array.isArray(value)) return json(field, value, "the value does not fit its schema");
  if (depth >= context.maxDepth) return json(field, value, "it is nested too deeply for the form");
  const list = Array.isArray(value) ? value : [];
  const resolvedItem = unwrapNullable(resolve(itemSchema, context.root)).schema;
  const itemLabel = typeof resolvedItem.title === "string" && resolvedItem.title.trim() ? resolvedItem.title.trim() : singular(field.label);
  const items: TField[] = [];
  for (const [index, item] of list.entries()) {
    const path = [...field.path, index];
    items.push(describe(itemSchema, item, { key: pathKey(path), path, label: `${itemLabel} ${index + 1}`, required: true }, depth + 1, context));
    if (context.count > context.maxFields) break;
  }
  const count = list.length;
  return {
    ...field,
    kind: "array",
    items,
    itemLabel,
    itemSchema,
    canAdd: typeof schema.maxItems !== "number" || count < schema.maxItems,
    canRemove: typeof schema.minItems !== "number" || count > schema.minItems,
  };
}

/**
 * The form of `value` under `schema`: a fieldset of its fields, or why there is no form (the
 * schema names no fields, or the form would be too large: the JSON view is then the editor).
 */
export function describeForm(schema: TJsonSchema, value: unknown, limits: { maxFields?: number; maxDepth?: number } = {}): TFormDescription {
  const context: TContext = { root: schema, count: 0, maxFields: limits.maxFields ?? MAX_FIELDS, maxDepth: limits.maxDepth ?? MAX_DEPTH };
  const root = describe(schema, isJsonObject(value) ? value : {}, { key: "", path: [], label: "Data", required: true }, 0, context);
  if (context.count > context.maxFields) return { ok: false, reason: `it has more than ${context.maxFields} fields` };
  if (root.kind !== "object") return { ok: false, reason: root.kind === "json" ? root.reason : "its schema is not an object" };
  return { ok: true, root, count: context.count };
}

/** A new element for a list or a new optional object: its required fields, empty. */
export function emptyValue(schemaIn: TJsonSchema, root: TJsonSchema = schemaIn): unknown {
  const { schema } = unwrapNullable(resolve(schemaIn, root));
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[])[0];
  if ("const" in schema) return schema.const;
  if (scalarUnion(schema)) return "";
  const type = typesOf(schema)[0] ?? (asSchema(schema.properties) ? "object" : undefined);
  if (type === "string") return "";
  if (type === "boolean") return false;
  if (type === "array") return [];
  if (type === "object") {
    const properties = asSchema(schema.properties) ?? {};
    const result: TJsonObject = {};
    for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
      const value = emptyValue(asSchema(properties[name]) ?? {}, root);
      if (value !== undefined) result[name] = value;
    }
    return result;
  }
  // Numbers start empty: the check asks for them rather than a 0 nobody chose.
  return undefined;
}

/** `value` with the sub-value at `path` replaced (undefined removes an object's key). */
export function setAt(value: unknown, path: TPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setAt(list[head], rest, next);
    return list;
  }
  const object: TJsonObject = isJsonObject(value) ? { ...value } : {};
  const updated = setAt(object[head!], rest, next);
  if (updated === undefined) delete object[head!];
  else Object.defineProperty(object, head!, { value: updated, writable: true, enumerable: true, configurable: true });
  return object;
}

/** The sub-value at `path`. */
export function getAt(value: unknown, path: TPath): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof segment === "number") current = Array.isArray(current) ? current[segment] : undefined;
    else current = isJsonObject(current) ? current[segment] : undefined;
  }
  return current;
}

/** `value` without the list element at `path` (its last segment is the index). */
export function removeAt(value: unknown, path: TPath): unknown {
  const index = path[path.length - 1];
  const listPath = path.slice(0, -1);
  const list = getAt(value, listPath);
  if (typeof index !== "number" || !Array.isArray(list)) return setAt(value, path, undefined);
  return setAt(value, listPath, list.filter((_, position) => position !== index));
}

export type TFieldIssue = { key: string; message: string };

/** Where `value` does not fit `schema`, by field key ("invoice.lines.0.quantity"); empty when it fits. */
export function formIssues(schema: TJsonSchema, value: unknown): TFieldIssue[] {
  return dataIssues(schema, value).map((issue) => ({
    key: issue.path.replace(/^data\.?/, ""),
    message: issue.message.startsWith("must have required property") ? "is required" : issue.message,
  }));
}

/** The keys of every field of a form (where an issue can be shown beside its control). */
export function fieldKeys(field: TField, keys = new Set<string>()): Set<string> {
  keys.add(field.key);
  if (field.kind === "object") for (const child of field.fields) fieldKeys(child, keys);
  if (field.kind === "array") for (const item of field.items) fieldKeys(item, keys);
  return keys;
}
