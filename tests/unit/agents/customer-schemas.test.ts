// Customers' schemas (custom agents' input_schema / output_schema): bounded before they are
// compiled, patterns on the linear-time engine, refused ones leaving nothing behind.
import { describe, expect, it } from "vitest";
import { customerSchemaCacheStats, customerSchemaProblem, inputIssues } from "../../../src/domains/agents/input-schemas.ts";
import { compileLinear, patternWeight } from "../../../src/domains/agents/linear-regexp.ts";
import { SCHEMA_LIMITS, schemaLimitProblem } from "../../../src/domains/agents/schema-limits.ts";

const properties = (count: number, make: (index: number) => unknown = () => ({ type: "string" })) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, make(index)]));

const HOSTILE_PATTERNS = ["^((a)+)+$", "^((a+))+$", "^((a)*)*$", "^((?:a)+)+$"];

describe("customer patterns on the linear-time engine (ReDoS)", () => {
  it("accepts nested quantifiers and matches hostile input in linear time, in pattern, patternProperties and propertyNames", () => {
    const hostile = `${"a".repeat(40)}!`;
    for (const pattern of HOSTILE_PATTERNS) {
      const schema = { type: "object", properties: { s: { type: "string", pattern } }, patternProperties: { [pattern]: { type: "string" } } };
      expect(customerSchemaProblem(schema), pattern).toBeNull();
      const names = { type: "object", propertyNames: { pattern } };
      expect(customerSchemaProblem(names), pattern).toBeNull();
      const started = performance.now();
      expect(inputIssues(schema, { s: hostile })[0]).toMatchObject({ path: "/s", message: expect.stringContaining("must match pattern") });
      expect(inputIssues(schema, { s: "aaaa" })).toEqual([]);
      expect(inputIssues(names, { [hostile]: 1 })).not.toEqual([]);
      expect(inputIssues(names, { aaa: 1 })).toEqual([]);
      // A backtracking engine takes minutes on 40 characters; RE2 microseconds.
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it("keeps JavaScript syntax and search semantics (unanchored patterns match anywhere)", () => {
    const schema = { type: "object", properties: { code: { type: "string", pattern: "\\u0041-\\d{2}" }, name: { pattern: "(?<first>[a-z]+) x" } } };
    expect(customerSchemaProblem(schema)).toBeNull();
    expect(inputIssues(schema, { code: "xxA-42yy", name: "ab x" })).toEqual([]);
    expect(inputIssues(schema, { code: "B-42" })).toHaveLength(1);
  });

  it("refuses look-around and back-references with a 400-worthy problem naming the pattern", () => {
    for (const [pattern, reason] of [
      ["(?=a)a", /look-around/],
      ["(?<!x)y", /look-around/],
      ["(a)\\1", /back-reference/],
      ["(?<n>a)\\k<n>", /back-reference/],
    ] as const) {
      expect(customerSchemaProblem({ type: "object", properties: { s: { pattern } } }), pattern).toMatch(reason);
      expect(customerSchemaProblem({ type: "object", properties: { s: { pattern } } }), pattern).toContain(JSON.stringify(pattern));
      expect(customerSchemaProblem({ type: "object", patternProperties: { [pattern]: {} } }), pattern).toMatch(reason);
      expect(customerSchemaProblem({ type: "object", propertyNames: { pattern } }), pattern).toMatch(reason);
    }
  });

  it("bounds how much a pattern may repeat before compiling it", () => {
    expect(patternWeight("^INV-\\d+$")).toBeLessThan(10);
    expect(patternWeight("[a-z]{1,1000}")).toBe(1000);
    expect(patternWeight("(a{1,30}){1,30}")).toBe(900);
    expect(() => compileLinear("a{1,1000}b{1,1000}c{1,10}")).toThrow(/repeats too much/);
    const started = performance.now();
    // 90 × a{1,1000} compiled for 0.7 s; refused before compiling.
    expect(customerSchemaProblem({ pattern: "a{1,1000}".repeat(90) })).toMatch(/repeats too much|repetition weights/);
    expect(performance.now() - started).toBeLessThan(100);
    expect(customerSchemaProblem({ type: "object", properties: properties(3, () => ({ pattern: "[a-z]{1,1500}" })) })).toMatch(/add up to more than 3000/);
  });
});

describe("schema limits (before compiling)", () => {
  it("refuses each limit with a message naming it, quickly", () => {
    const started = performance.now();
    expect(schemaLimitProblem({ type: "object", properties: properties(2000) })).toMatch(/more than 600 members/);
    expect(schemaLimitProblem({ description: "x".repeat(70_000) })).toMatch(/at most 65536 bytes/);
    let deep: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 40; level += 1) deep = { type: "object", properties: { a: deep } };
    expect(schemaLimitProblem(deep)).toMatch(/deeper than 32 levels/);
    expect(schemaLimitProblem({ type: "object", properties: properties(51, () => ({ pattern: "^a$" })) })).toMatch(/more than 50 regular expressions/);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("refuses $id, $anchor, $dynamicAnchor and $schema below the root; a property may be named $id", () => {
    for (const keyword of ["$id", "$anchor", "$dynamicAnchor", "$schema"]) {
      const value = keyword === "$id" ? "https://example.test/x" : keyword === "$schema" ? "https://json-schema.org/draft/2020-12/schema" : "x";
      expect(customerSchemaProblem({ type: "object", properties: { a: { [keyword]: value } } }), keyword).toMatch(new RegExp(`\\${keyword} is allowed only at the root`));
    }
    expect(customerSchemaProblem({ type: "object", properties: { $id: { type: "string" } }, required: ["$id"] })).toBeNull();
    expect(customerSchemaProblem({ $id: "https://example.test/root", type: "object" })).toBeNull();
  });

  it("takes draft 2020-12 only as $schema and refuses others with a problem, not an exception", () => {
    expect(customerSchemaProblem({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" })).toBeNull();
    expect(customerSchemaProblem({ $schema: "https://json-schema.org/draft/2020-12/schema#", type: "object" })).toBeNull();
    for (const declared of ["http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-07/schema#", "https://example.test/meta", 5]) {
      expect(customerSchemaProblem({ $schema: declared, type: "object" }), String(declared)).toMatch(/\$schema .* is not supported/);
    }
  });

  it("compiles the worst schemas within the limits fast", () => {
    const worst = [
      { type: "object", properties: properties(Math.floor(SCHEMA_LIMITS.maxMembers / 2) - 2) },
      { type: "object", properties: properties(3, () => ({ type: "string", pattern: "[\\p{L}\\p{N}]{1,1000}" })) },
      { $defs: { a: { type: "object", properties: properties(100) } }, type: "object", properties: properties(195, () => ({ $ref: "#/$defs/a" })) },
    ];
    for (const schema of worst) {
      expect(schemaLimitProblem(schema)).toBeNull();
      const started = performance.now();
      expect(customerSchemaProblem(schema)).toBeNull();
      // Generous: the bench measures the figure; a regression to Ajv's optimizer (quadratic) takes seconds.
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("refused schemas leave nothing in the compiled-schema cache", () => {
    const before = customerSchemaCacheStats();
    for (let index = 0; index < 20; index += 1) {
      expect(customerSchemaProblem({ type: "object", properties: properties(200, (each) => ({ $id: `https://x.test/${index}/${each}` })) })).not.toBeNull();
      expect(customerSchemaProblem({ type: "object", title: String(index), properties: { s: { pattern: "(?=a)" } } })).not.toBeNull();
    }
    expect(customerSchemaCacheStats()).toEqual(before);
  });
});
