// Secrets a customer gives us (webhook signing secrets, chat webhook URLs) are encrypted at
// rest with AES-256-GCM (node:crypto). The key comes from WEBHOOK_SECRET_KEY or, on embedded
// defaults, a key file in DATA_DIR that is created once with owner-only permissions.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "./env.ts";
import { readOrCreateSecretFile } from "./secret-file.ts";

const KEY_FILE = "webhook-secret.key";
let cachedKey: Buffer | undefined;

function encryptionKey(): Buffer {
  if (cachedKey) return cachedKey;
  const settings = env();
  if (settings.WEBHOOK_SECRET_KEY) {
    cachedKey = Buffer.from(settings.WEBHOOK_SECRET_KEY, "base64");
    return cachedKey;
  }
  cachedKey = Buffer.from(readOrCreateSecretFile(settings.DATA_DIR, KEY_FILE), "base64");
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
