// Embedded PostgreSQL (PGlite) for machines with nothing but Node.js. One process owns the
// data directory and serves it over the PostgreSQL wire protocol on 127.0.0.1; other
// processes (the admin CLI while the server runs) connect through that socket, found via
// the owner file in the data directory. The port is open to every local process, so each
// connection must know the password the owner chose at start, kept in the owner file,
// which only the data directory's owner can read (docs/deployment.md, "Who can reach the
// embedded database").
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { ensurePrivateDirectory, PRIVATE_DIRECTORY_MODE, writePrivateFile } from "../private-files.ts";
import { serveSession } from "./embedded-session-server.ts";

/** The owner file: who serves the data directory, where, and the password it requires. */
type TOwner = { pid: number; port: number; password?: string };

export type TEmbeddedDatabase = {
  connectionString: string;
  /** True when this process owns the data directory (and must stop it on exit). */
  owned: boolean;
  stop: () => Promise<void>;
};

const ownerFile = (dataDir: string) => path.join(dataDir, "embedded-postgres.json");

/** `password` is absent only in the owner file of a version that asked for none. */
function connectionStringFor(port: number, password = "postgres") {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function runningOwner(dataDir: string): Promise<TOwner | undefined> {
  const file = ownerFile(dataDir);
  if (!existsSync(file)) return undefined;
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as TOwner;
    if (owner.pid !== process.pid && processIsAlive(owner.pid) && (await portAcceptsConnections(owner.port))) {
      return owner;
    }
  } catch {
    // A torn or stale owner file: the previous owner is gone.
  }
  return undefined;
}

export async function openEmbeddedDatabase(dataDir: string): Promise<TEmbeddedDatabase> {
  const directory = path.resolve(dataDir);
  ensurePrivateDirectory(directory);
  const owner = await runningOwner(directory);
  if (owner) {
    return { connectionString: connectionStringFor(owner.port, owner.password), owned: false, stop: async () => undefined };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const dataFiles = path.join(directory, "pgdata");
  const db = await PGlite.create(dataFiles);
  // PostgreSQL's own rule for its data directory (PGlite creates it with the usual mode).
  if (process.platform !== "win32") chmodSync(dataFiles, PRIVATE_DIRECTORY_MODE);
  // A new password on every start: one read from an old owner file opens nothing.
  const password = randomBytes(24).toString("base64url");
  // Several client connections share PGlite's single session, each holding it for whole
  // units of work (embedded-session-server.ts).
  const server = await serveSession(db, { host: "127.0.0.1", port: 0, maxConnections: 16, password });
  const port = server.port;
  writePrivateFile(ownerFile(directory), JSON.stringify({ pid: process.pid, port, password } satisfies TOwner));

  let stopped = false;
  return {
    connectionString: connectionStringFor(port, password),
    owned: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      rmSync(ownerFile(directory), { force: true });
    },
  };
}
