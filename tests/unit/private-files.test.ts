// DATA_DIR and the secrets generated into it are the owner's alone (src/foundation/private-files.ts,
// src/foundation/secret-file.ts): created 0700 / 0600, and tightened when an older version
// (or a person) left them open to other users.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writePrivateFile } from "../../src/foundation/private-files.ts";
import { readOrCreateSecretFile } from "../../src/foundation/secret-file.ts";

let scratch: string;
const mode = (file: string) => statSync(file).mode & 0o777;

beforeEach(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "aw-private-files-"));
});

afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(process.platform === "win32")("owner-only DATA_DIR", () => {
  it("creates a missing DATA_DIR 0700 and a generated secret 0600", () => {
    const dataDir = path.join(scratch, "nested", ".data");
    const secret = readOrCreateSecretFile(dataDir, "webhook-secret.key");
    expect(Buffer.from(secret, "base64")).toHaveLength(32);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "webhook-secret.key"))).toBe(0o600);
    // The same secret on the next read.
    expect(readOrCreateSecretFile(dataDir, "webhook-secret.key")).toBe(secret);
  });

  it("tightens an existing DATA_DIR and secret file that others could read, keeping the secret", () => {
    chmodSync(scratch, 0o755);
    writeFileSync(path.join(scratch, "session-secret.key"), "kept-secret", { mode: 0o644 });
    chmodSync(path.join(scratch, "session-secret.key"), 0o644);
    expect(readOrCreateSecretFile(scratch, "session-secret.key")).toBe("kept-secret");
    expect(mode(scratch)).toBe(0o700);
    expect(mode(path.join(scratch, "session-secret.key"))).toBe(0o600);
  });

  it("replaces a file whole and owner-only, also one left 0644", () => {
    const file = path.join(scratch, "embedded-postgres.json");
    writeFileSync(file, "old", { mode: 0o644 });
    chmodSync(file, 0o644);
    writePrivateFile(file, '{"port":1}');
    expect(readFileSync(file, "utf8")).toBe('{"port":1}');
    expect(mode(file)).toBe(0o600);
  });
});
