// Webhook signing secrets are encrypted at rest with AES-256-GCM (node:crypto). The key
// comes from WEBHOOK_SECRET_KEY or, on embedded defaults, a key file in DATA_DIR that is
// created once with owner-only permissions.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "../../foundation/env.ts";

const KEY_FILE = "webhook-secret.key";
let cachedKey: Buffer | undefined;

function encryptionKey(): Buffer {
  if (cachedKey) return cachedKey;
  const settings = env();
  if (settings.WEBHOOK_SECRET_KEY) {
    cachedKey = Buffer.from(settings.WEBHOOK_SECRET_KEY, "base64");
    return cachedKey;
  }
  const file = path.resolve(settings.DATA_DIR, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // "wx": never overwrite a key another process just wrote.
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  cachedKey = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  return cachedKey;
}

/** Returns "v1.<iv>.<tag>.<ciphertext>" (base64 parts). */
export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(".");
}

export function decryptSecret(sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !ciphertext) throw new Error("Unrecognised secret format");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]).toString("utf8");
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}
