// API key material: `svc_live_`/`svc_test_` + 40 base62 characters. Only the SHA-256 hash
// is stored; the plaintext exists in the creation response and nowhere else.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 40;
const DISPLAY_PREFIX_LENGTH = 12;
const KEY_PATTERN = /^svc_(live|test)_[0-9A-Za-z]{32,}$/;

export type TKeyMode = "live" | "test";

export function generateApiKey(mode: TKeyMode): { key: string; hash: string; prefix: string } {
  let secret = "";
  for (let index = 0; index < SECRET_LENGTH; index += 1) secret += BASE62[randomInt(BASE62.length)];
  const key = `svc_${mode}_${secret}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function isWellFormedApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

export function keyMode(key: string): TKeyMode {
  return key.startsWith("svc_live_") ? "live" : "test";
}

/** Constant-time comparison of two hex digests of equal length. */
export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
