// Validating data against a customer's schema is bounded before the validator runs
// (src/domains/agents/validation-cost.ts): schemas whose branches multiply per level are
// refused when defined, data that would cost too much is refused instead of validated, and
// uniqueItems is linear.
import { describe, expect, it } from "vitest";
import { customerSchemaProblem, inputIssues } from "../../../src/domains/agents/input-schemas.ts";
import { MAX_WEIGHT_PER_VALUE, VALIDATION_BUDGET, validationCost, validationWeights } from "../../../src/domains/agents/validation-cost.ts";

/** `levels` $defs, each an anyOf whose two branches $ref the next level: 2^levels evaluations of one value. */
function doublingSchema(levels: number) {
  const $defs: Record<string, unknown> = {};
  for (let level = 0; level < levels; level += 1) {
    const next = level + 1 < levels ? { $ref: `#/$defs/L${level + 1}` } : { type: "string" };
    $defs[`L${level}`] = { anyOf: [{ allOf: [next, { type: "number" }] }, next] };
  }
  return { $defs, type: "object", properties: { s: { $ref: "#/$defs/L0" } } };
}

const weightsOf = (schema: Record<string, unknown>) => {
  const weights = validationWeights(schema);
  if ("problem" in weights) throw new Error(weights.problem);
  return weights;
};

describe("the cost of validating with a customer's schema", () => {
  it("refuses branches that multiply at every level when the schema is defined (a 2 KB schema held the event loop for seconds)", () => {
    const started = performance.now();
    const problem = customerSchemaProblem(doublingSchema(22));
    expect(problem).toMatch(/could cost .* checks for one value 1 levels deep .*flatten them/);
    expect(customerSchemaProblem(doublingSchema(45))).toMatch(/could cost/);
    expect(performance.now() - started).toBeLessThan(1000);
    // A few levels are fine, and validate.
    expect(customerSchemaProblem(doublingSchema(4))).toBeNull();
    expect(inputIssues(doublingSchema(4), { s: 1 })).not.toEqual([]);
  });

  it("refuses a schema that applies itself to the same value (it would recurse until the stack overflows)", () => {
    expect(customerSchemaProblem({ $ref: "#" })).toMatch(/refers to itself/);
    expect(customerSchemaProblem({ $defs: { a: { allOf: [{ $ref: "#/$defs/b" }] }, b: { anyOf: [{ $ref: "#/$defs/a" }] } }, $ref: "#/$defs/a" })).toMatch(/refers to itself/);
    // Recursion that descends into the data is a tree, and fine.
    const tree = { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } } };
    expect(customerSchemaProblem(tree)).toBeNull();
    expect(inputIssues(tree, { name: "a", children: [{ name: "b", children: [{ name: "c" }] }] })).toEqual([]);
    expect(inputIssues(tree, { name: "a", children: [{ name: 5 }] })[0]).toMatchObject({ path: "/children/0/name" });
  });

  it("weighs a flat object by its members once, not by every property per value", () => {
    const properties = Object.fromEntries(Array.from({ length: 250 }, (_, index) => [`p${index}`, { type: "string", maxLength: 40 }]));
    const weights = weightsOf({ type: "object", properties, required: ["p0", "p1"] });
    expect(weights.perDepth[0]).toBeGreaterThan(250);
    expect(weights.perDepth[1]).toBeLessThan(10); // a member meets one `properties` entry
    expect(weights.perDepth[2]).toBe(0);
  });

  it("counts an enum's values on every value it checks, and refuses data that would cost more than the budget", () => {
    const values = Array.from({ length: 250 }, (_, index) => `C${index}`);
    const schema = { type: "object", properties: { items: { type: "array", items: { enum: values } } } };
    expect(customerSchemaProblem(schema)).toBeNull();
    const weights = weightsOf(schema);
    expect(weights.perDepth[2]).toBeGreaterThan(250);

    const few = { items: values.slice(0, 100) };
    expect(validationCost(weights, few)).toBeLessThan(VALIDATION_BUDGET);
    expect(inputIssues(schema, few)).toEqual([]);

    const many = { items: Array.from({ length: 60_000 }, (_, index) => values[index % values.length]) };
    expect(validationCost(weights, many)!).toBeGreaterThan(VALIDATION_BUDGET);
    const started = performance.now();
    expect(inputIssues(schema, many)).toEqual([{ path: "", message: expect.stringContaining("too large to check against this agent's schema") }]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("counts long strings by their length (patterns and formats read them)", () => {
    const weights = weightsOf({ type: "object", properties: { s: { type: "string", pattern: "^a+$" } } });
    expect(validationCost(weights, { s: "a".repeat(1600) })!).toBeGreaterThan(validationCost(weights, { s: "a" })! + 90);
  });

  it("refuses data nested deeper than 64 levels instead of recursing into it", () => {
    const tree = { type: "array", items: { $ref: "#" } };
    let deep: unknown = [];
    for (let level = 0; level < 100; level += 1) deep = [deep];
    expect(inputIssues(tree, deep)).toEqual([{ path: "", message: "must not be nested deeper than 64 levels" }]);
  });

  it("checks uniqueItems in linear time, by value (key order does not matter)", () => {
    const schema = { type: "object", properties: { rows: { type: "array", uniqueItems: true } } };
    expect(inputIssues(schema, { rows: [{ a: 1, b: 2 }, { b: 2, a: 1 }] })).toEqual([{ path: "/rows", message: "must NOT have duplicate items" }]);
    expect(inputIssues(schema, { rows: [{ a: 1 }, { a: 2 }, [1], "1", 1] })).toEqual([]);
    // 30,000 distinct objects: Ajv's pairwise check makes 450 million comparisons.
    const rows = Array.from({ length: 30_000 }, (_, index) => ({ id: index }));
    const started = performance.now();
    expect(inputIssues(schema, { rows })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("keeps the per-value limit where a legitimate schema stays far below it", () => {
    const shapes = Array.from({ length: 12 }, (_, index) => ({ type: "object", properties: { kind: { const: `k${index}` }, value: { type: "number" } }, required: ["kind"] }));
    const weights = weightsOf({ type: "object", properties: { events: { type: "array", items: { oneOf: shapes } } } });
    expect(Math.max(...weights.perDepth)).toBeLessThan(MAX_WEIGHT_PER_VALUE / 100);
  });
});
