// The daily call cap and the rate-limit policy of one call, decided by one Lua script in
// one Redis round trip (EVALSHA; the script text is sent only when Redis answers NOSCRIPT).
// The sliding window is @upstash/ratelimit's `slidingWindow` (single region) to the letter —
// same keys (`<prefix>:<policy>:<identifier>:<window>`), same weighting, same expiry — so
// counters carry over between this script and the library, and between instances.
import { createHash } from "node:crypto";

export type TEvalRedis = {
  eval: (script: string, keys: string[], args: (string | number)[]) => Promise<unknown>;
  evalsha: (sha: string, keys: string[], args: (string | number)[]) => Promise<unknown>;
};

// KEYS: daily counter, current window, previous window.
// ARGV: daily cap (0: none), daily expiry (Unix ms), tokens per window (0: no policy), now (ms), window (ms),
// cost (1 takes a request; 0 only answers whether one would be admitted).
// Returns {daily count (0 when uncapped), remaining (-1: refused; nil: not checked)}. A call
// past the daily cap is counted there and refused before it touches the window, as
// when the two were separate calls.
const ADMISSION_SCRIPT = `
local dailyCap = tonumber(ARGV[1])
local dailyCount = 0
if dailyCap > 0 then
  dailyCount = redis.call("INCR", KEYS[1])
  if dailyCount == 1 then redis.call("PEXPIREAT", KEYS[1], ARGV[2]) end
  if dailyCount > dailyCap then return {dailyCount} end
end
local tokens = tonumber(ARGV[3])
if tokens == 0 then return {dailyCount} end
local now = tonumber(ARGV[4])
local window = tonumber(ARGV[5])
local current = tonumber(redis.call("GET", KEYS[2]) or "0")
local previous = tonumber(redis.call("GET", KEYS[3]) or "0")
previous = math.floor((1 - (now % window) / window) * previous)
if previous + current >= tokens then return {dailyCount, -1} end
if tonumber(ARGV[6]) == 0 then return {dailyCount, tokens - (current + previous)} end
local newValue = redis.call("INCRBY", KEYS[2], 1)
if newValue == 1 then redis.call("PEXPIRE", KEYS[2], window * 2 + 1000) end
return {dailyCount, tokens - (newValue + previous)}`;

const ADMISSION_SHA = scriptHash(ADMISSION_SCRIPT);

export function scriptHash(script: string): string {
  return createHash("sha1").update(script).digest("hex");
}

/** EVALSHA, sending the script itself only when Redis answers NOSCRIPT. */
export function evalScript(redis: TEvalRedis, script: string, sha: string, keys: string[], args: (string | number)[]): Promise<unknown> {
  return redis.evalsha(sha, keys, args).catch((error: unknown) => {
    if (!String(error).includes("NOSCRIPT")) throw error;
    return redis.eval(script, keys, args);
  });
}

export type TAdmissionRequest = {
  daily?: { key: string; cap: number; expiresAt: number };
  window?: { keyPrefix: string; tokens: number; windowMs: number; consume?: boolean };
};

export type TAdmissionResult = {
  dailyCount: number | null;
  /** The sliding window's answer, as @upstash/ratelimit reports it; null when not checked. */
  window: { success: boolean; limit: number; remaining: number; reset: number } | null;
};

export async function admitThroughRedis(redis: TEvalRedis, request: TAdmissionRequest, now = Date.now()): Promise<TAdmissionResult> {
  const { daily, window } = request;
  const windowMs = window?.windowMs ?? 1;
  const currentWindow = Math.floor(now / windowMs);
  const keys = [
    daily?.key ?? "",
    window ? `${window.keyPrefix}:${currentWindow}` : "",
    window ? `${window.keyPrefix}:${currentWindow - 1}` : "",
  ];
  const args = [daily?.cap ?? 0, daily?.expiresAt ?? 0, window?.tokens ?? 0, now, windowMs, window?.consume === false ? 0 : 1];
  const reply = (await evalScript(redis, ADMISSION_SCRIPT, ADMISSION_SHA, keys, args)) as (number | null)[];
  const dailyCount = daily ? Number(reply[0]) : null;
  const remaining = reply[1];
  if (!window || remaining === undefined || remaining === null) return { dailyCount, window: null };
  return {
    dailyCount,
    window: {
      success: remaining >= 0,
      limit: window.tokens,
      remaining: Math.max(0, remaining),
      reset: (currentWindow + 1) * windowMs,
    },
  };
}
