import { describe, expect, it } from "vitest";
import { customAnswerSchema, customResultOf, parseCustomAnswer, type TCustomAgentVersion } from "../../../src/domains/agents/custom-agent.ts";
import { needsTriage } from "../../../src/domains/agents/registry.ts";
import { costOfRun } from "../../../src/domains/usage/prices.ts";

const OUTPUT_SCHEMA = { type: "object", properties: { category: { enum: ["invoice", "other"] } }, required: ["category"] };
const version = (review: TCustomAgentVersion["review"] = {}): TCustomAgentVersion => ({
  name: "sorter",
  version: 3,
  instructions: "Sort it.",
  outputSchema: OUTPUT_SCHEMA,
  tools: [],
  review,
  model: null,
});
const answer = (output: unknown, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ output, confidence: 0.9, needs_review: false, review_reason: null, ...overrides });

describe("custom agent answers", () => {
  it("asks for the output schema inside the review envelope", () => {
    const schema = customAnswerSchema(OUTPUT_SCHEMA) as { properties: Record<string, unknown>; required: string[] };
    expect(schema.properties.output).toEqual(OUTPUT_SCHEMA);
    expect(schema.required).toEqual(["output", "confidence", "needs_review", "review_reason"]);
  });

  it("accepts an output that fits and names the violated path of one that does not", () => {
    const parse = parseCustomAnswer(OUTPUT_SCHEMA);
    expect(parse(answer({ category: "invoice" }))).toMatchObject({ ok: true, answer: { output: { category: "invoice" } } });
    const wrong = parse(answer({ category: "spam" }));
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.problem).toContain("output.category");
    const missing = parse(answer({}));
    expect(!missing.ok && missing.problem).toContain("output.category");
    expect(parse("not json")).toEqual({ ok: false, problem: "the answer was not valid JSON" });
  });
});

describe("custom agent review policy", () => {
  const parsed = (confidence: number, overrides: Record<string, unknown> = {}) =>
    ({ output: { category: "invoice" }, confidence, needs_review: false, review_reason: null, ...overrides }) as const;

  it("uses the version's threshold instead of the organization's, above or below it", () => {
    expect(needsTriage(customResultOf(version({ confidence_threshold: 0.95 }), parsed(0.9)), 0.7)).toBe("confidence 0.9 is below the review threshold 0.95");
    expect(needsTriage(customResultOf(version({ confidence_threshold: 0.5 }), parsed(0.6)), 0.7)).toBeNull();
    expect(needsTriage(customResultOf(version(), parsed(0.6)), 0.7)).toBe("confidence 0.6 is below the review threshold 0.7");
  });

  it("always: a sure answer still waits for a person, naming the version", () => {
    const reason = needsTriage(customResultOf(version({ always: true }), parsed(0.99)), 0.7);
    expect(reason).toContain("review.always");
    expect(reason).toContain("version 3");
  });

  it("the model's own needs_review wins with its reason", () => {
    expect(needsTriage(customResultOf(version(), parsed(0.99, { needs_review: true, review_reason: "unclear sender" })), 0.7)).toBe("unclear sender");
  });
});

describe("price", () => {
  it("a custom agent's run costs 10 credits like assistant; built-ins keep their prices", () => {
    expect(costOfRun("supplier_email")).toBe(10);
    expect(costOfRun("assistant")).toBe(10);
    expect(costOfRun("center")).toBe(1);
    expect(costOfRun("ap_specialist")).toBe(3);
  });
});

describe("customers' schemas on the shared validator", () => {
  it("two organizations' schemas with the same $id both compile and each validates by its own rules", async () => {
    const { customerSchemaProblem, inputIssues } = await import("../../../src/domains/agents/input-schemas.ts");
    const first = { $id: "https://example.test/mail", type: "object", required: ["a"] };
    const second = { $id: "https://example.test/mail", type: "object", required: ["b"] };
    expect(customerSchemaProblem(first)).toBeNull();
    expect(customerSchemaProblem(second)).toBeNull();
    expect(inputIssues(first, { a: 1 })).toEqual([]);
    expect(inputIssues(second, { a: 1 })).toEqual([{ path: "/b", message: expect.any(String) }]);
  });

  it("keeps compiling new schemas past the cache bound", async () => {
    const { customerSchemaProblem, inputIssues } = await import("../../../src/domains/agents/input-schemas.ts");
    for (let index = 0; index < 600; index += 1) expect(customerSchemaProblem({ type: "object", required: [`f${index}`] })).toBeNull();
    expect(inputIssues({ type: "object", required: ["f0"] }, {})).toEqual([{ path: "/f0", message: expect.any(String) }]);
  });
});
