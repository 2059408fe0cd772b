// Secrets that embedded defaults generate once into DATA_DIR (owner-only permissions) when
// the environment does not provide them: the webhook-secret key, the session secret.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Reads DATA_DIR/<name>, creating it with 32 random bytes (base64) if missing. */
export function readOrCreateSecretFile(dataDir: string, name: string): string {
  const file = path.resolve(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // "wx": never overwrite a secret another process just wrote.
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}
