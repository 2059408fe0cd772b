// One model call = one Chat Completions request to the configured OpenAI-compatible server
// (POST {OPENAI_BASE_URL}/chat/completions), answered as a typed outcome. The client never
// retries on its own (maxRetries: 0) and is bounded by AGENT_MODEL_TIMEOUT_MS: each call is
// one durable step, retried by the executor under our policy, honouring Retry-After.
// Nothing here logs prompts or answers.
import OpenAI from "openai";
import type { TModelSettings } from "../../foundation/env.ts";

export type TChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
export type TChatTool = OpenAI.Chat.Completions.ChatCompletionFunctionTool;
export type TToolCall = { id: string; name: string; arguments: string };

export type TModelRequest = {
  messages: TChatMessage[];
  /** Structured output: the answer must be JSON matching this schema. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  tools?: TChatTool[];
  /** The model id to ask (a custom agent's own `model`); AGENT_MODEL when absent. */
  model?: string;
};

export type TModelAnswer = {
  kind: "answer";
  model: string;
  content: string | null;
  toolCalls: TToolCall[];
  finishReason: string | null;
  inputTokens: number;
  outputTokens: number;
};
/** 429, 5xx, a timeout or a connection failure: worth trying again (after retryAfterMs when the server said). */
export type TModelRetryable = { kind: "retryable"; status: number | null; retryAfterMs: number | null; message: string };
/** Any other 4xx (bad key, unknown model, request refused): trying again changes nothing. */
export type TModelFatal = { kind: "fatal"; status: number | null; message: string };
export type TModelOutcome = TModelAnswer | TModelRetryable | TModelFatal;

let cachedClient: { key: string; client: OpenAI } | undefined;

function clientFor(settings: TModelSettings): OpenAI {
  const key = JSON.stringify([settings.baseUrl, settings.apiKey, settings.timeoutMs]);
  if (cachedClient?.key !== key) {
    cachedClient = {
      key,
      client: new OpenAI({
        baseURL: settings.baseUrl,
        // Local servers take no key, but the client insists on one.
        apiKey: settings.apiKey ?? "not-needed",
        maxRetries: 0,
        timeout: settings.timeoutMs,
        logLevel: "off",
      }),
    };
  }
  return cachedClient.client;
}

/** Retry-After as seconds or an HTTP date (and OpenAI's retry-after-ms), in ms; null when absent. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const millis = Number(headers?.get("retry-after-ms"));
  if (headers?.get("retry-after-ms") && Number.isFinite(millis) && millis >= 0) return millis;
  const value = headers?.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** The server's own words, shortened: never the request (it holds the prompt). */
function describe(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error;
  const detail = body && "message" in body && typeof body.message === "string" ? body.message : error.message;
  return detail.replace(/\s+/g, " ").trim().slice(0, 300);
}

export async function callModel(settings: TModelSettings, request: TModelRequest): Promise<TModelOutcome> {
  try {
    const completion = await clientFor(settings).chat.completions.create({
      model: request.model ?? settings.model,
      messages: request.messages,
      ...(settings.maxTokens ? { max_tokens: settings.maxTokens } : {}),
      ...(request.jsonSchema
        ? { response_format: { type: "json_schema" as const, json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema } } }
        : {}),
      ...(request.tools && request.tools.length > 0 ? { tools: request.tools } : {}),
    });
    const choice = completion.choices?.[0];
    if (!choice) return { kind: "fatal", status: 200, message: "the model server answered without a choice" };
    const toolCalls: TToolCall[] = (choice.message.tool_calls ?? []).flatMap((call) =>
      call.type === "function" ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }] : [],
    );
    return {
      kind: "answer",
      model: completion.model || request.model || settings.model,
      content: choice.message.content ?? null,
      toolCalls,
      finishReason: choice.finish_reason ?? null,
      inputTokens: completion.usage?.prompt_tokens ?? 0,
      outputTokens: completion.usage?.completion_tokens ?? 0,
    };
  } catch (error) {
    if (error instanceof OpenAI.APIConnectionTimeoutError) {
      return { kind: "retryable", status: null, retryAfterMs: null, message: `the model server did not answer within ${settings.timeoutMs} ms` };
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return { kind: "retryable", status: null, retryAfterMs: null, message: `the model server could not be reached: ${error.message}` };
    }
    if (error instanceof OpenAI.APIError && typeof error.status === "number") {
      const status = error.status;
      if (status === 429 || status >= 500) {
        return { kind: "retryable", status, retryAfterMs: retryAfterMs(error.headers), message: `the model server answered ${status}: ${describe(error)}` };
      }
      return { kind: "fatal", status, message: `the model server refused the request (${status}): ${describe(error)}` };
    }
    // A 200 whose body is not a completion, or anything else the client could not read.
    if (error instanceof OpenAI.OpenAIError) return { kind: "fatal", status: null, message: `the model server's answer could not be read: ${error.message}` };
    throw error;
  }
}
