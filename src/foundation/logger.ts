import { env } from "./env.ts";

// Minimal structured logger: one JSON line per event on stderr, level from LOG_LEVEL.
const LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
type TLevel = (typeof LEVELS)[number];

function configuredLevel(): TLevel {
  try {
    return env().LOG_LEVEL;
  } catch {
    return "info"; // settings are invalid: start-up is about to say so; log meanwhile
  }
}

function enabled(level: TLevel): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(configuredLevel());
}

function write(level: TLevel, message: string, fields: Record<string, unknown> = {}) {
  if (!enabled(level)) return;
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
