// The assistant's answer handling without a server: parsing, repair and triage reasons.
import { describe, expect, it } from "vitest";
import { parseAnswer, resultOf, runAssistant, type TModelCall } from "../../../src/domains/agents/assistant.ts";
import { needsTriage } from "../../../src/domains/agents/registry.ts";

const valid = { summary: "s", output: { a: 1 }, confidence: 0.8, needs_review: false, review_reason: null };
const answerOf = (content: string) => ({ kind: "answer" as const, model: "m", content, toolCalls: [], finishReason: "stop", inputTokens: 3, outputTokens: 2 });

describe("parseAnswer", () => {
  it("accepts the schema (also inside a code fence) and names what is wrong otherwise", () => {
    expect(parseAnswer(JSON.stringify(valid))).toEqual({ ok: true, answer: valid });
    expect(parseAnswer("```json\n" + JSON.stringify(valid) + "\n```")).toEqual({ ok: true, answer: valid });
    expect(parseAnswer("{nope")).toEqual({ ok: false, problem: "the answer was not valid JSON" });
    expect(parseAnswer(JSON.stringify({ ...valid, confidence: 2 }))).toMatchObject({ ok: false, problem: expect.stringContaining("confidence") });
    expect(parseAnswer(null)).toEqual({ ok: false, problem: "the answer was empty" });
  });
});

describe("resultOf", () => {
  it("needs_review triages with the model's reason; a low score adds the model's reason to the threshold's", () => {
    expect(needsTriage(resultOf({ ...valid, needs_review: true, review_reason: "unsure of the amount" }), 0.7)).toBe("unsure of the amount");
    expect(needsTriage(resultOf({ ...valid, confidence: 0.5, review_reason: "no date given" }), 0.7)).toBe(
      "confidence 0.5 is below the review threshold 0.7: no date given",
    );
    expect(needsTriage(resultOf(valid), 0.7)).toBeNull();
  });
});

describe("runAssistant", () => {
  it("asks once more after a malformed answer, names each call, and sums usage", async () => {
    const names: string[] = [];
    const answers = [answerOf("oops"), answerOf(JSON.stringify(valid))];
    const call: TModelCall = async (name) => (names.push(name), answers.shift()!);
    const done = await runAssistant({ task: "t", data: null }, call, "m");
    expect(names).toEqual(["model-call-1", "model-call-2"]);
    expect(done.outcome).toMatchObject({ kind: "result", result: { confidence_score: 0.8 } });
    expect(done.usage).toEqual({ model: "m", calls: 2, input_tokens: 6, output_tokens: 4 });
  });

  it("gives up after a second malformed answer (an unusable answer: charged), and on a refusal (no answer: refunded)", async () => {
    const twice: TModelCall = async () => answerOf("oops");
    expect((await runAssistant({ task: "t", data: null }, twice, "m")).outcome).toMatchObject({
      kind: "unusable_answer",
      code: "model_answer_malformed",
      message: expect.stringContaining("after one repair attempt"),
    });
    const refused: TModelCall = async () => ({ kind: "fatal", status: 400, message: "bad request" });
    expect((await runAssistant({ task: "t", data: null }, refused, "m")).outcome).toEqual({ kind: "failed", message: "Model call failed: bad request" });
  });
});
