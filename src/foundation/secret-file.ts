// Secrets that embedded defaults generate once into DATA_DIR (owner-only permissions) when
// the environment does not provide them: the webhook-secret key, the session secret.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensurePrivateDirectory, ensurePrivateFile, PRIVATE_FILE_MODE } from "./private-files.ts";

/** Reads DATA_DIR/<name>, creating it with 32 random bytes (base64) if missing. */
export function readOrCreateSecretFile(dataDir: string, name: string): string {
  const file = path.resolve(dataDir, name);
  ensurePrivateDirectory(path.dirname(file));
  if (!existsSync(file)) {
    // "wx": never overwrite a secret another process just wrote.
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: PRIVATE_FILE_MODE, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  ensurePrivateFile(file);
  return readFileSync(file, "utf8").trim();
}
