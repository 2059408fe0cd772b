// The one place the SDK talks HTTP: authentication, JSON, typed errors and retries. Retries:
// 429 and 503 (the server accepted nothing) for every call, honouring Retry-After; network
// errors and timeouts only for calls that are safe to repeat (GETs, and POSTs carrying an
// Idempotency-Key), so a retry never does work twice.
import { AgentWorkforceError, ConnectionError, errorFromResponse } from "./errors.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type ClientOptions = {
  /** The API key (`Authorization: Bearer`). Test keys act on test mode, live keys on live mode. */
  apiKey: string | undefined;
  /** The service's origin, e.g. `https://api.example.com` (default `http://localhost:3000`). */
  baseUrl?: string;
  /** Retries after a 429, a 503 or a network error (default 2; 0 turns them off). */
  maxRetries?: number;
  /** Per request, until the answer's headers (and a JSON body) have arrived (default 60 s). */
  timeoutMs?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown (default 60 s). */
  maxRetryAfterMs?: number;
  /** A fetch implementation (default: the runtime's global fetch). */
  fetch?: FetchLike;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
};

export type RequestOptions = {
  /** Aborts the request (and the waits between retries). */
  signal?: AbortSignal;
};

type Query = Record<string, string | number | boolean | undefined | null>;

type CallOptions = RequestOptions & {
  query?: Query | undefined;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  /** A network error or timeout may be retried: the call is a read or carries an Idempotency-Key. */
  repeatable?: boolean;
  /** Keep the timeout only until the headers arrive (event streams). */
  streaming?: boolean;
};

const DEFAULT_BASE_URL = "http://localhost:3000";

export class HttpClient {
  readonly baseUrl: string;
  readonly maxRetries: number;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly fetchImpl: FetchLike;
  private readonly extraHeaders: Record<string, string>;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new AgentWorkforceError("An apiKey is required (new AgentWorkforce({ apiKey }))");
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.maxRetries = Math.max(0, options.maxRetries ?? 2);
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    const globalFetch = globalThis.fetch as FetchLike | undefined;
    const chosen = options.fetch ?? globalFetch;
    if (!chosen) throw new AgentWorkforceError("No fetch available: pass options.fetch");
    // Called unbound, some runtimes' fetch throws "Illegal invocation".
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.extraHeaders = options.headers ?? {};
  }

  /** A JSON call; resolves with the parsed body of a 2xx answer, throws a typed error otherwise. */
  async json<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const { response, text } = await this.send(method, path, options);
    const parsed = parseJson(text);
    if (!response.ok) throw errorFromResponse(response.status, response.headers, parsed, text);
    return parsed as T;
  }

  /** Opens a response whose body the caller reads (event streams); non-2xx answers throw typed errors. */
  async open(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const { response } = await this.send(method, path, { ...options, streaming: true });
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw errorFromResponse(response.status, response.headers, parseJson(text), text);
    }
    return response;
  }

  /** Sends with retries; the answer's text is read within the attempt (a body cut mid-way is a network error), except for streams. */
  private async send(method: string, path: string, options: CallOptions): Promise<{ response: Response; text: string }> {
    const url = this.url(path, options.query);
    const headers: Record<string, string> = { accept: "application/json", ...this.extraHeaders, authorization: `Bearer ${this.apiKey}` };
    for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name] = value;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const repeatable = options.repeatable ?? (method === "GET" || method === "HEAD");

    for (let attempt = 0; ; attempt += 1) {
      throwIfAborted(options.signal);
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new ConnectionError(`No answer from ${method} ${path} within ${this.timeoutMs} ms`)), this.timeoutMs);
      const signal = anySignal([options.signal, timeout.signal]);
      const release = () => {
        clearTimeout(timer);
        signal.dispose();
      };
      let response: Response;
      let text = "";
      try {
        response = await this.fetchImpl(url, { method, headers, body, signal: signal.signal });
        if (options.streaming) clearTimeout(timer);
        else if (!isRetryStatus(response.status)) text = await response.text();
      } catch (error) {
        release();
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        const failure =
          timeout.signal.aborted && timeout.signal.reason instanceof ConnectionError
            ? timeout.signal.reason
            : new ConnectionError(`Could not reach ${this.baseUrl} (${method} ${path}): ${describe(error)}`, { cause: error });
        if (repeatable && attempt < this.maxRetries) {
          await sleep(backoffMs(attempt), options.signal);
          continue;
        }
        throw failure;
      }
      if (isRetryStatus(response.status)) {
        const waitMs = retryAfterMs(response.headers) ?? backoffMs(attempt);
        if (attempt < this.maxRetries && waitMs <= this.maxRetryAfterMs) {
          await response.body?.cancel().catch(() => undefined);
          release();
          await sleep(waitMs, options.signal);
          continue;
        }
        if (!options.streaming) text = await response.text().catch(() => "");
      }
      if (!options.streaming) release();
      return { response, text };
    }
  }

  private url(path: string, query: Query | undefined): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
    const encoded = search.toString();
    const suffix = encoded ? `?${encoded}` : "";
    return `${this.baseUrl}${path}${suffix}`;
  }
}

/** The server accepted nothing: 429 (rate limited) and 503 (unavailable) are always safe to retry. */
const isRetryStatus = (status: number) => status === 429 || status === 503;

/** Path segments are encoded, so an id can never change the route. */
export const segment = (value: string): string => encodeURIComponent(value);

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const code = cause && typeof cause === "object" && "code" in cause ? ` ${String((cause as { code: unknown }).code)}` : "";
    return `${error.message}${code}`;
  }
  return String(error);
}

function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** 0.5 s, 1 s, 2 s ... up to 8 s, with ±25 % jitter so clients do not retry in step. */
export function backoffMs(attempt: number): number {
  const base = Math.min(8_000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** One signal that aborts when any of `signals` does (AbortSignal.any is not on every runtime). */
export function anySignal(signals: (AbortSignal | undefined)[]): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const cleanups: (() => void)[] = [];
  for (const each of signals) {
    if (!each) continue;
    if (each.aborted) {
      controller.abort(each.reason);
      break;
    }
    const onAbort = () => controller.abort(each.reason);
    each.addEventListener("abort", onAbort, { once: true });
    cleanups.push(() => each.removeEventListener("abort", onAbort));
  }
  return { signal: controller.signal, dispose: () => cleanups.forEach((cleanup) => cleanup()) };
}
