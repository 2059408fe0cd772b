// How much work validating data against a customer's JSON Schema can take, bounded before the
// validator runs (docs/api-conventions.md, "Schema limits"). Size limits alone do not bound it:
// `anyOf` branches that `$ref` the same next level apply it twice per level, so a 2 KB schema
// of 22 such levels held the event loop for 2.8 s on one number (2^22 evaluations), and a
// per-item `enum` of 500 values costs 500 comparisons per array item. So, pure and before any
// compile, this module computes for each data depth k an upper bound of the work one value at
// depth k can cost (`weights[k]`); at validation time the data's values are counted per depth
// and the sum of count × weight is held to a budget. Both are linear walks; nothing recurses
// over customer input.

/** Data deeper than this is refused before validation (request bodies stop at 64 already). */
export const MAX_DATA_DEPTH = 64;
/** A schema one value of which could cost more than this is refused when it is defined. */
export const MAX_WEIGHT_PER_VALUE = 100_000;
/**
 * Work units one validation may cost. A unit is about one simple keyword on one value; the
 * costliest mixes measured (an enum per item, a format per string) take 4 to 9 ns a unit
 * (`npm run bench`, row "schemas"), so a validation within the budget stays under ~50 ms on an idle machine.
 */
export const VALIDATION_BUDGET = 5_000_000;
/** A string costs one unit per this many characters on top of its value (patterns and formats read it). */
const CHARACTERS_PER_UNIT = 16;
/** A regular expression's test (a `format`, a `pattern`, a `patternProperties` name): measured ~30 simple keywords. */
const REGEX_CHECK = 32;
/** uniqueItems writes every item out whole (canonical JSON) once: this much per value inside them. */
const UNIQUE_ITEMS_PER_VALUE = 64;

// Keywords that apply subschemas to the same value (they do not descend into the data).
const IN_PLACE_ARRAYS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_SINGLE = ["not", "if", "then", "else"];
const IN_PLACE_MAPS = ["dependentSchemas", "dependencies"];
// Keywords that apply subschemas to an object's members or an array's items.
const EACH_PROPERTY = "properties"; // one subschema per name: a member meets at most one of them
const MEMBER_SINGLE = ["additionalProperties", "unevaluatedProperties", "propertyNames"];
const EACH_PREFIX_ITEM = "prefixItems"; // one per position: an item meets at most one
const ITEM_SINGLE = ["items", "contains", "unevaluatedItems"];

// Annotations: kept by the validator, never checked against the data.
const ANNOTATIONS = new Set(["$id", "$schema", "$anchor", "$dynamicAnchor", "$comment", "$defs", "definitions", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"]);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isSchema = (value: unknown): value is Record<string, unknown> | boolean => typeof value === "boolean" || isObject(value);
const SATURATED = Number.MAX_SAFE_INTEGER;
const add = (a: number, b: number) => Math.min(SATURATED, a + b);

/** Number of JSON values in `value` (it, its members, theirs…): the schema's own data, like an `enum`. */
function sizeOf(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    count += 1;
    if (Array.isArray(current)) stack.push(...current);
    else if (isObject(current)) for (const key in current) stack.push(current[key]);
  }
  return count;
}

type TNode = {
  /** Work of checking this subschema's own keywords on one value. */
  own: number;
  inPlace: TNode[];
  /** Groups applied to an object's member: `max` of one group (properties) plus the rest. */
  memberMax: TNode[];
  memberAll: TNode[];
  itemMax: TNode[];
  itemAll: TNode[];
};

/** A `$ref`/`$dynamicRef` within the document ("#", "#/$defs/a", "#anchor"), resolved to its subschema. */
function resolveReference(root: Record<string, unknown>, reference: string): unknown {
  const rootId = typeof root.$id === "string" ? root.$id.replace(/#$/, "") : null;
  let fragment = reference;
  if (rootId && reference.startsWith(rootId)) fragment = reference.slice(rootId.length);
  if (fragment === "" || fragment === "#") return root;
  if (!fragment.startsWith("#")) return undefined; // outside the document: Ajv refuses to compile it
  if (!fragment.startsWith("#/")) return root; // an anchor: only the root may declare one (schema-limits.ts)
  let target: unknown = root;
  for (const raw of fragment.slice(2).split("/")) {
    const part = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(target)) target = target[Number(part)];
    else if (isObject(target)) target = target[part];
    else return undefined;
  }
  return target;
}

export type TValidationWeights = {
  /** `perDepth[k]`: the most work one value k levels below the root can cost. */
  perDepth: number[];
};

/**
 * The per-depth weights of `schema`, or a problem a customer can act on: a subschema that
 * refers to itself without descending into the data (Ajv would recurse until the stack
 * overflows), or one value costing more than MAX_WEIGHT_PER_VALUE.
 */
export function validationWeights(schema: Record<string, unknown>): TValidationWeights | { problem: string } {
  const nodes = new Map<object, TNode>();
  const all: TNode[] = [];
  const newNode = (): TNode => {
    const node: TNode = { own: 1, inPlace: [], memberMax: [], memberAll: [], itemMax: [], itemAll: [] };
    all.push(node);
    return node;
  };
  // uniqueItems reads every value inside the array's items: a node applied to all of them.
  const everyValue = newNode();
  everyValue.own = UNIQUE_ITEMS_PER_VALUE;
  everyValue.memberAll.push(everyValue);
  everyValue.itemAll.push(everyValue);
  const nodeOf = (subschema: unknown): TNode | null => {
    if (typeof subschema === "boolean") return newNode();
    if (!isObject(subschema)) return null;
    const known = nodes.get(subschema);
    if (known) return known;
    const node = newNode();
    nodes.set(subschema, node);
    const link = (list: TNode[], child: unknown) => {
      const childNode = nodeOf(child);
      if (childNode) list.push(childNode);
    };
    for (const [keyword, value] of Object.entries(subschema)) {
      if (ANNOTATIONS.has(keyword)) continue;
      node.own += 1;
      if (keyword === "$ref" || keyword === "$dynamicRef") {
        if (typeof value === "string") link(node.inPlace, resolveReference(schema, value));
      } else if (IN_PLACE_ARRAYS.includes(keyword) && Array.isArray(value)) {
        node.own += value.length;
        for (const child of value) link(node.inPlace, child);
      } else if (IN_PLACE_SINGLE.includes(keyword) && isSchema(value)) {
        link(node.inPlace, value);
      } else if (IN_PLACE_MAPS.includes(keyword) && isObject(value)) {
        node.own += Object.keys(value).length;
        for (const child of Object.values(value)) if (isSchema(child)) link(node.inPlace, child);
      } else if (keyword === EACH_PROPERTY && isObject(value)) {
        node.own += Object.keys(value).length;
        for (const child of Object.values(value)) link(node.memberMax, child);
      } else if (keyword === "patternProperties" && isObject(value)) {
        // Every member's name is tested against every pattern, and each one that matches applies.
        const names = newNode();
        names.own = Object.keys(value).length * REGEX_CHECK;
        node.memberAll.push(names);
        node.own += Object.keys(value).length;
        for (const child of Object.values(value)) link(node.memberAll, child);
      } else if (MEMBER_SINGLE.includes(keyword) && isSchema(value)) {
        link(node.memberAll, value);
      } else if (keyword === EACH_PREFIX_ITEM && Array.isArray(value)) {
        node.own += value.length;
        for (const child of value) link(node.itemMax, child);
      } else if (ITEM_SINGLE.includes(keyword) && isSchema(value)) {
        link(node.itemAll, value);
      } else if ((keyword === "format" || keyword === "pattern") && typeof value === "string") {
        node.own += REGEX_CHECK;
      } else if (keyword === "uniqueItems" && value === true) {
        node.itemAll.push(everyValue);
      } else {
        // The keyword's own data (enum values, required names, const…) is compared per value.
        node.own = add(node.own, sizeOf(value));
      }
    }
    return node;
  };
  const root = nodeOf(schema)!;

  // In-place edges must not loop: order the nodes so each comes after what it applies in place.
  const ordered: TNode[] = [];
  const state = new Map<TNode, "visiting" | "done">();
  const visit = (start: TNode): boolean => {
    const stack: { node: TNode; next: number }[] = [{ node: start, next: 0 }];
    if (state.get(start) === "done") return true;
    state.set(start, "visiting");
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (frame.next < frame.node.inPlace.length) {
        const child = frame.node.inPlace[frame.next++]!;
        const seen = state.get(child);
        if (seen === "visiting") return false;
        if (seen === undefined) {
          state.set(child, "visiting");
          stack.push({ node: child, next: 0 });
        }
      } else {
        state.set(frame.node, "done");
        ordered.push(frame.node);
        stack.pop();
      }
    }
    return true;
  };
  for (const node of all) {
    if (!visit(node)) {
      return { problem: "refers to itself ($ref, allOf, anyOf…) without descending into the data, so validating would never end" };
    }
  }

  // weight(node, 0) = own + Σ in-place; weight(node, k) = Σ in-place at k + the members' or
  // items' weights at k − 1 (an object's member meets one `properties` entry at most).
  // One slot per node, two layers (this depth and the one above it) reused.
  const slot = new Map<TNode, number>(ordered.map((node, index) => [node, index]));
  const edges = ordered.map((node) => ({
    node,
    inPlace: node.inPlace.map((child) => slot.get(child)!),
    memberMax: node.memberMax.map((child) => slot.get(child)!),
    memberAll: node.memberAll.map((child) => slot.get(child)!),
    itemMax: node.itemMax.map((child) => slot.get(child)!),
    itemAll: node.itemAll.map((child) => slot.get(child)!),
  }));
  const rootSlot = slot.get(root)!;
  let previous = new Float64Array(ordered.length);
  let current = new Float64Array(ordered.length);
  const perDepth: number[] = [];
  for (let depth = 0; depth <= MAX_DATA_DEPTH; depth += 1) {
    let any = false;
    for (let index = 0; index < edges.length; index += 1) {
      const edge = edges[index]!;
      let weight = depth === 0 ? edge.node.own : 0;
      for (const child of edge.inPlace) weight = add(weight, current[child]!);
      if (depth > 0) {
        let member = 0;
        for (const child of edge.memberMax) member = Math.max(member, previous[child]!);
        for (const child of edge.memberAll) member = add(member, previous[child]!);
        let item = 0;
        for (const child of edge.itemMax) item = Math.max(item, previous[child]!);
        for (const child of edge.itemAll) item = add(item, previous[child]!);
        weight = add(weight, Math.max(member, item));
      }
      current[index] = weight;
      if (weight > 0) any = true;
    }
    perDepth.push(current[rootSlot]!);
    // Nothing reaches this depth: nothing reaches any deeper one either.
    if (!any) {
      while (perDepth.length <= MAX_DATA_DEPTH) perDepth.push(0);
      break;
    }
    [previous, current] = [current, previous];
    current.fill(0);
  }
  const heaviest = Math.max(...perDepth);
  if (heaviest > MAX_WEIGHT_PER_VALUE) {
    const where = perDepth.indexOf(heaviest);
    return {
      problem:
        `could cost ${heaviest >= SATURATED ? "unboundedly much" : heaviest.toLocaleString("en-US")} checks for one value ${where === 0 ? "at the root" : `${where} levels deep`} ` +
        `(at most ${MAX_WEIGHT_PER_VALUE.toLocaleString("en-US")}): anyOf/oneOf/allOf branches that $ref the same parts multiply at every level; flatten them`,
    };
  }
  return { perDepth };
}

/**
 * What validating `data` against a schema with these weights can cost, in work units, or
 * `null` past MAX_DATA_DEPTH; stops counting once the budget is passed.
 */
export function validationCost(weights: TValidationWeights, data: unknown, budget = VALIDATION_BUDGET): number | null {
  let cost = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: data, depth: 0 }];
  while (stack.length > 0 && cost <= budget) {
    const { value, depth } = stack.pop()!;
    if (depth > MAX_DATA_DEPTH) return null;
    const units = typeof value === "string" ? 1 + Math.floor(value.length / CHARACTERS_PER_UNIT) : 1;
    cost += units * weights.perDepth[depth]!;
    if (Array.isArray(value)) for (const item of value) stack.push({ value: item, depth: depth + 1 });
    else if (isObject(value)) {
      for (const key in value) {
        // propertyNames and patternProperties read the name too.
        if (depth < MAX_DATA_DEPTH) cost += Math.floor(key.length / CHARACTERS_PER_UNIT) * weights.perDepth[depth + 1]!;
        stack.push({ value: value[key], depth: depth + 1 });
      }
    }
  }
  return cost;
}
