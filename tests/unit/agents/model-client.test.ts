// The model client against a real loopback HTTP server: one request per call, typed
// outcomes for answers, retryable failures (429/5xx/timeout, with Retry-After) and fatal 4xx.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callModel, retryAfterMs } from "../../../src/domains/agents/model-client.ts";
import { modelSettings, parseEnv as parseProcessEnv, type TModelSettings } from "../../../src/foundation/env.ts";
import { completion, errorResponse, startFakeModelServer, type TFakeModelServer } from "../../helpers/fake-model-server.ts";

let fake: TFakeModelServer;
let settings: TModelSettings;
const parseEnv = (values: Record<string, string>) => parseProcessEnv(values as NodeJS.ProcessEnv);
const ask = { messages: [{ role: "user" as const, content: "hello" }] };

beforeAll(async () => {
  fake = await startFakeModelServer();
  settings = { baseUrl: fake.baseUrl, apiKey: "sk-test", model: "fake-model", allowedModels: ["fake-model"], timeoutMs: 500, maxTokens: 256 };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("model settings", () => {
  it("are all-or-nothing: a server without a model id (or a key alone) is refused at start", () => {
    expect(modelSettings(parseEnv({}))).toBeNull();
    expect(() => parseEnv({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow(/AGENT_MODEL: is required/);
    expect(() => parseEnv({ AGENT_MODEL: "llama3.2" })).toThrow(/OPENAI_BASE_URL: is required/);
    expect(() => parseEnv({ OPENAI_API_KEY: "sk-x" })).toThrow(/OPENAI_BASE_URL: is required[\s\S]*AGENT_MODEL: is required/);
    expect(() => parseEnv({ OPENAI_BASE_URL: "not a url", AGENT_MODEL: "m" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => parseEnv({ OPENAI_BASE_URL: "http://x/v1", AGENT_MODEL: "m", AGENT_MODEL_TIMEOUT_MS: "5" })).toThrow(/AGENT_MODEL_TIMEOUT_MS/);
    expect(modelSettings(parseEnv({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1/", AGENT_MODEL: "llama3.2" }))).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1", apiKey: null, model: "llama3.2", allowedModels: ["llama3.2"], timeoutMs: 60_000, maxTokens: null,
    });
  });

  it("AGENT_MODELS adds allowed model ids after AGENT_MODEL (always allowed), and needs a model configured", () => {
    const base = { OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", AGENT_MODEL: "llama3.2" };
    expect(modelSettings(parseEnv({ ...base, AGENT_MODELS: " gpt-4o-mini , llama3.2,qwen2.5:7b " }))?.allowedModels).toEqual(["llama3.2", "gpt-4o-mini", "qwen2.5:7b"]);
    expect(() => parseEnv({ ...base, AGENT_MODELS: "a,,b" })).toThrow(/AGENT_MODELS: must be a comma-separated list/);
    expect(() => parseEnv({ AGENT_MODELS: "gpt-4o-mini" })).toThrow(/OPENAI_BASE_URL: is required/);
    expect(parseEnv(base).TEST_MODE_MODEL_RUNS_PER_DAY).toBe(100);
    expect(() => parseEnv({ ...base, TEST_MODE_MODEL_RUNS_PER_DAY: "-1" })).toThrow(/TEST_MODE_MODEL_RUNS_PER_DAY/);
  });
});

describe("callModel", () => {
  it("sends one Chat Completions request and answers with the content and usage", async () => {
    fake.script(completion("hi there", { prompt_tokens: 12, completion_tokens: 3 }));
    const outcome = await callModel(settings, { ...ask, jsonSchema: { name: "answer", schema: { type: "object" } } });
    expect(outcome).toMatchObject({ kind: "answer", model: "fake-model", content: "hi there", inputTokens: 12, outputTokens: 3, toolCalls: [] });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe("/v1/chat/completions");
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer sk-test");
    expect(fake.requests[0]!.body).toMatchObject({
      model: "fake-model", max_tokens: 256, messages: ask.messages,
      response_format: { type: "json_schema", json_schema: { name: "answer", schema: { type: "object" } } },
    });
  });

  it("429 is retryable with the Retry-After delay, and the client does not retry by itself", async () => {
    fake.script(errorResponse(429, "slow down", { "retry-after": "2" }));
    expect(await callModel(settings, ask)).toMatchObject({ kind: "retryable", status: 429, retryAfterMs: 2000 });
    expect(fake.requests).toHaveLength(1);
  });

  it("5xx is retryable, other 4xx fatal with the server's message", async () => {
    fake.script(errorResponse(503, "overloaded"), errorResponse(401, "Incorrect API key provided"));
    expect(await callModel(settings, ask)).toMatchObject({ kind: "retryable", status: 503, retryAfterMs: null });
    const fatal = await callModel(settings, ask);
    expect(fatal).toMatchObject({ kind: "fatal", status: 401 });
    expect(fatal.kind === "fatal" && fatal.message).toContain("Incorrect API key provided");
    expect(fake.requests).toHaveLength(2);
  });

  it("a server slower than the timeout is a retryable timeout, after one request", async () => {
    fake.script({ ...completion("late"), delayMs: 1500 });
    const started = Date.now();
    expect(await callModel(settings, ask)).toMatchObject({ kind: "retryable", status: null, message: expect.stringContaining("within 500 ms") });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(fake.requests).toHaveLength(1);
  });

  it("reads Retry-After as seconds, an HTTP date or retry-after-ms", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "3" }))).toBe(3000);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "150" }))).toBe(150);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(10_000).toUTCString() }), 4_000)).toBe(6000);
    expect(retryAfterMs(new Headers({}))).toBeNull();
  });
});
