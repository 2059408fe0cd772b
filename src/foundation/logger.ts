// Structured logs: pino, one JSON line per event on stderr, level from LOG_LEVEL. Every
// line written while a request is handled carries its `requestId` (request-context.ts),
// and credentials and secrets are replaced by "[redacted]" wherever a logged object
// holds them. Call sites keep one shape: `logger.info(message, fields)`. Every line is
// bounded (boundedRecord): a library's error holding a megabyte of generated code, or a
// customer's huge value, cannot write a line of more than a few KB.
import { format, stripVTControlCharacters } from "node:util";
import pino, { type DestinationStream, type Level, type Logger } from "pino";
import { env } from "./env.ts";
import { currentRequestId } from "./request-context.ts";

export type TLogLevel = Level | "silent";
export type TLogFields = Record<string, unknown>;

/** Field names whose values never reach a log line: credentials, secrets, key material. */
const SENSITIVE_FIELDS = [
  "authorization",
  "x-api-key",
  "cookie",
  "set-cookie",
  "secret",
  "password",
  "passwordHash",
  "keyHash",
  "apiKey",
  "secretEncrypted",
  "deliverySecretEncrypted",
  "WEBHOOK_SECRET_KEY",
  "UPSTASH_REDIS_REST_TOKEN",
  "INNGEST_SIGNING_KEY",
  "INNGEST_EVENT_KEY",
];

/** pino redact paths for each name at the top level and up to two levels down (`headers.authorization`, `req.headers.cookie`). */
export const REDACTED_PATHS = SENSITIVE_FIELDS.flatMap((name) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`;
  const nested = key.startsWith("[") ? key : `.${key}`;
  return [key, `*${nested}`, `*.*${nested}`];
});

function configuredLevel(): TLogLevel {
  try {
    return env().LOG_LEVEL;
  } catch {
    return "info"; // settings are invalid: start-up is about to say so; log meanwhile
  }
}

export type TLogger = {
  debug: (message: string, fields?: TLogFields) => void;
  info: (message: string, fields?: TLogFields) => void;
  warn: (message: string, fields?: TLogFields) => void;
  error: (message: string, fields?: TLogFields) => void;
};

/** Bounds of one log line: its message, each string in its fields, and all of its text together. */
export const LOG_LINE_LIMITS = { maxMessage: 2000, maxString: 1000, maxText: 6000, maxEntries: 30, maxDepth: 5 } as const;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…[${text.length - max} more characters]` : text);

/**
 * `message` and `fields` cut to LOG_LINE_LIMITS: long strings end in "…[n more
 * characters]", objects and arrays keep their first entries, deep nesting and whatever
 * comes after the line's text budget become "[truncated]". Errors become {type, message,
 * stack} (pino would write them as {}). The one place every line passes through.
 */
export function boundedRecord(message: string, fields: TLogFields = {}): { message: string; fields: TLogFields } {
  let budget = LOG_LINE_LIMITS.maxText;
  const text = (value: string) => {
    const kept = cut(value, Math.max(0, Math.min(LOG_LINE_LIMITS.maxString, budget)));
    budget -= Math.min(value.length, LOG_LINE_LIMITS.maxString);
    return kept;
  };
  const bound = (value: unknown, depth: number): unknown => {
    if (typeof value === "string") return text(value);
    if (typeof value !== "object" || value === null) return value;
    if (depth >= LOG_LINE_LIMITS.maxDepth || budget <= 0) return "[truncated]";
    if (value instanceof Error) return { type: value.name, message: text(value.message), stack: value.stack ? text(value.stack) : undefined };
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return bound(toJSON.call(value), depth + 1); // Date, URL, Decimal: as JSON writes them
    if (Array.isArray(value)) {
      const kept = value.slice(0, LOG_LINE_LIMITS.maxEntries).map((item) => bound(item, depth + 1));
      return value.length > kept.length ? [...kept, `[${value.length - kept.length} more items]`] : kept;
    }
    const entries = Object.entries(value);
    const kept: Record<string, unknown> = {};
    for (const [key, item] of entries.slice(0, LOG_LINE_LIMITS.maxEntries)) kept[cut(key, 100)] = bound(item, depth + 1);
    if (entries.length > LOG_LINE_LIMITS.maxEntries) kept["[more keys]"] = entries.length - LOG_LINE_LIMITS.maxEntries;
    return kept;
  };
  return { message: cut(message, LOG_LINE_LIMITS.maxMessage), fields: bound(fields, 0) as TLogFields };
}

function facade(base: Logger): TLogger {
  const write = (level: "debug" | "info" | "warn" | "error") => (message: string, fields?: TLogFields) => {
    if (!base.isLevelEnabled(level)) return;
    const bounded = boundedRecord(message, fields);
    base[level](bounded.fields, bounded.message);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/**
 * A logger writing to `destination` (default: stderr, synchronously — no worker thread,
 * so nothing is lost when the process exits right after logging).
 */
export function createLogger(options: { level?: TLogLevel; destination?: DestinationStream } = {}): TLogger {
  const base = pino(
    {
      level: options.level ?? configuredLevel(),
      messageKey: "message",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    options.destination ?? pino.destination({ dest: 2, sync: true }),
  );
  return facade(base);
}

let instance: TLogger | undefined;
// Built on first use, so importing this module reads no settings.
const shared = () => (instance ??= createLogger());

export const logger: TLogger = {
  debug: (message, fields) => shared().debug(message, fields),
  info: (message, fields) => shared().info(message, fields),
  warn: (message, fields) => shared().warn(message, fields),
  error: (message, fields) => shared().error(message, fields),
};

/**
 * Makes what libraries print with `console` (Next's start-up and request errors, SDK
 * warnings) records of the logger, so the log stays one JSON object per line: the printed
 * text, colours stripped, is the message and `source` says it came from the console.
 */
export function routeConsoleToLogger(target: TLogger = logger): void {
  const to = (level: keyof TLogger) => (...args: unknown[]) => {
    const message = stripVTControlCharacters(format(...args)).trim();
    if (message !== "") target[level](message, { source: "console" });
  };
  console.log = to("info");
  console.info = to("info");
  console.debug = to("debug");
  console.trace = to("debug");
  console.warn = to("warn");
  console.error = to("error");
}
