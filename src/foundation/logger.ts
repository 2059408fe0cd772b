// Structured logs: pino, one JSON line per event on stderr, level from LOG_LEVEL. Every
// line written while a request is handled carries its `requestId` (request-context.ts),
// and credentials and secrets are replaced by "[redacted]" wherever a logged object
// holds them. Call sites keep one shape: `logger.info(message, fields)`.
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

function facade(base: Logger): TLogger {
  return {
    debug: (message, fields) => base.debug(fields ?? {}, message),
    info: (message, fields) => base.info(fields ?? {}, message),
    warn: (message, fields) => base.warn(fields ?? {}, message),
    error: (message, fields) => base.error(fields ?? {}, message),
  };
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
