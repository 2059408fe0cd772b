// Request bodies are validated as the OpenAPI document says: `{"version": "1"}` is a 400 where
// the document says integer. trpc-to-openapi coerces strings for query parameters by setting
// `coerce = true`, in place, on the number, boolean, bigint and date schemas of every
// procedure's input, body procedures included (adapters/node-http/core.js calls coerceSchema
// whatever the method), and from then on every caller of that schema, the dashboard's tRPC
// too, gets Number("1"). A JSON body carries its own types, so nothing in it needs coercion:
// before the adapter first runs, the coercion flag of every such schema reachable from a
// body procedure's input is pinned to what the schema itself declares, and the adapter's
// assignment has no effect there. Query parameters parse their strings by schema design
// (preprocess pipes, src/foundation/pagination.ts), which the adapter never touches.
import type { AnyRouter } from "@trpc/server";
import type { z } from "zod";

type TDef = { type?: string; coerce?: boolean; [key: string]: unknown };
type TSchemaLike = { _zod?: { def?: TDef } };

const COERCIBLE = new Set(["number", "boolean", "bigint", "date"]);

/** The methods whose input the adapter reads from the body (acceptsRequestBody in trpc-to-openapi). */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

const defOf = (schema: unknown): TDef | undefined => (schema as TSchemaLike | undefined)?._zod?.def;

/** Every schema nested in `schema` (object shapes, wrappers, arrays, unions, records, pipes, lazies), itself included. */
function* nestedSchemas(schema: unknown, seen = new Set<unknown>()): Generator<unknown> {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  yield schema;
  const children: unknown[] = [];
  if (def.type === "object") children.push(...Object.values((def.shape as Record<string, unknown>) ?? {}), def.catchall);
  if (def.type === "lazy") children.push((def.getter as () => unknown)());
  for (const key of ["innerType", "element", "in", "out", "left", "right", "keyType", "valueType", "rest"]) children.push(def[key]);
  for (const key of ["options", "items"]) if (Array.isArray(def[key])) children.push(...(def[key] as unknown[]));
  for (const child of children) yield* nestedSchemas(child, seen);
}

/** The schemas the adapter would switch coercion on for a query procedure: object shapes through optional, nullable, default, prefault, array and lazy. */
function* queryCoercedSchemas(schema: unknown, seen = new Set<unknown>()): Generator<unknown> {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  if (!def) return;
  if (["optional", "nullable", "default", "prefault"].includes(def.type ?? "")) return yield* queryCoercedSchemas(def.innerType, seen);
  if (def.type === "array") return yield* queryCoercedSchemas(def.element, seen);
  if (def.type === "lazy") return yield* queryCoercedSchemas((def.getter as () => unknown)(), seen);
  if (def.type === "object") {
    for (const field of Object.values((def.shape as Record<string, unknown>) ?? {})) yield* queryCoercedSchemas(field, seen);
    return;
  }
  if (COERCIBLE.has(def.type ?? "")) yield schema;
}

type TProcedure = { _def: { inputs?: z.ZodType[]; meta?: { openapi?: { method?: string; path?: string } } } };

/**
 * Pins the coercion of every coercible schema in the bodies of `router`'s OpenAPI procedures
 * to the value it was declared with. Throws when one such schema also sits where the adapter
 * coerces a query parameter: it cannot be both, so give the query its own schema.
 */
export function keepBodiesStrict(router: AnyRouter): void {
  const procedures = Object.entries(router._def.procedures as Record<string, TProcedure>).filter(([, procedure]) => procedure._def.meta?.openapi);
  const queryCoerced = new Map<unknown, string>();
  for (const [path, procedure] of procedures) {
    if (BODY_METHODS.has(procedure._def.meta!.openapi!.method?.toUpperCase() ?? "")) continue;
    for (const input of procedure._def.inputs ?? []) for (const schema of queryCoercedSchemas(input)) queryCoerced.set(schema, path);
  }
  for (const [path, procedure] of procedures) {
    if (!BODY_METHODS.has(procedure._def.meta!.openapi!.method?.toUpperCase() ?? "")) continue;
    for (const input of procedure._def.inputs ?? []) {
      for (const schema of nestedSchemas(input)) {
        const def = defOf(schema)!;
        if (!COERCIBLE.has(def.type ?? "")) continue;
        const sharedWith = queryCoerced.get(schema);
        if (sharedWith) throw new Error(`${path}'s body shares a ${def.type} schema with ${sharedWith}'s query parameters: give each its own`);
        const declared = Boolean(def.coerce);
        Object.defineProperty(def, "coerce", { get: () => declared, set: () => undefined, enumerable: true, configurable: true });
      }
    }
  }
}
