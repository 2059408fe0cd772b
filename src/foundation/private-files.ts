// DATA_DIR holds the embedded database, its password and the secrets embedded defaults
// generate (docs/deployment.md, "Who can reach the embedded database"): the directory is
// the owner's alone (0700) and every file the service writes there is too (0600).
import { chmodSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { logger } from "./logger.ts";

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** POSIX permissions only: on Windows a file's access is its ACL, which Node does not set. */
const posix = process.platform !== "win32";

/**
 * Creates `directory` owner-only, or makes an existing one owner-only: a DATA_DIR made by
 * an older version (or by hand) with the usual 0755 let every local user read the database
 * files. One this user does not own cannot be changed: that is logged.
 */
export function ensurePrivateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (!posix) return;
  const { mode, uid } = statSync(directory);
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(directory, PRIVATE_DIRECTORY_MODE);
    logger.warn("data directory was open to other users; made it owner-only (0700)", { directory, previousMode: (mode & 0o777).toString(8) });
  } catch (error) {
    logger.warn("data directory is open to other users and cannot be made owner-only", { directory, owner: uid, error: String(error) });
  }
}

/** Makes an existing file owner-only (one written by an older version may be 0644). */
export function ensurePrivateFile(file: string): void {
  if (!posix) return;
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Writes `text` to `file` owner-only and whole: a temporary file created 0600 and renamed
 * over the old one, so a reader never sees it half written and a stale file's wider mode
 * is not kept.
 */
export function writePrivateFile(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(temporary, text, { mode: PRIVATE_FILE_MODE, flag: "w" });
  renameSync(temporary, file);
}
