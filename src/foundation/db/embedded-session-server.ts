// Serves PGlite's single PostgreSQL session to several client connections over the wire
// protocol (the server's pool and the admin CLI). A connection holds the session for whole
// units of work — from its first message until PostgreSQL answers ReadyForQuery "idle" —
// so an extended-query exchange (Parse…Sync) or a transaction is never interleaved with
// another connection's messages, which would share the unnamed statement and portal.
// Named statements and portals are made private to their connection. docs/deployment.md,
// "The embedded database under the admin CLI", says why this replaced pglite-socket's server.
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': no transaction, no unfinished extended-query exchange
const TERMINATE = 0x58; // 'X'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/** One holder of the session at a time, the others waiting in arrival order. */
class SessionLock {
  #held = false;
  #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

function cString(buffer: Buffer, offset: number): { value: string; end: number } {
  const end = buffer.indexOf(0, offset);
  if (end < 0) throw new Error("malformed message: unterminated string");
  return { value: buffer.toString("utf8", offset, end), end: end + 1 };
}

function frame(type: number, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = type;
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/** The status byte of the last ReadyForQuery in a run of backend messages, if any. */
function lastReadyStatus(output: Buffer): number | undefined {
  let status: number | undefined;
  for (let offset = 0; offset + 5 <= output.length; ) {
    const length = output.readInt32BE(offset + 1);
    if (output[offset] === READY_FOR_QUERY && offset + 5 < output.length) status = output[offset + 5];
    offset += 1 + length;
  }
  return status;
}

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, "utf8");
  return frame(0x45, fields);
}

class SessionConnection {
  /** Named statements this connection prepared and has not closed (session names). */
  readonly statements = new Set<string>();
  #buffer = Buffer.alloc(0);
  #started = false;
  #holding = false;
  #closed = false;
  #chain: Promise<void> = Promise.resolve();
  readonly #prefix: string;

  constructor(
    private readonly socket: net.Socket,
    private readonly db: PGlite,
    private readonly lock: SessionLock,
    id: number,
    private readonly onGone: () => void,
  ) {
    // Short, so a client's name plus the prefix stays within PostgreSQL's 63-byte names.
    this.#prefix = `c${id}_`;
    socket.setNoDelay(true);
    socket.on("data", (chunk) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#schedule(() => this.#drain());
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      this.#closed = true;
      this.#schedule(() => this.#cleanUp());
    });
  }

  /** Everything a connection does runs in order on its own chain. */
  #schedule(step: () => Promise<void>): void {
    this.#chain = this.#chain.then(step).catch(() => {
      this.socket.destroy();
    });
  }

  get idle(): Promise<void> {
    return this.#chain;
  }

  async #drain(): Promise<void> {
    for (;;) {
      if (this.#closed) return;
      const message = this.#nextMessage();
      if (!message) return;
      if (message.length === 0) continue;
      if (message[0] === TERMINATE) {
        this.socket.end();
        return;
      }
      await this.#execute(this.#started ? this.#privateNames(message) : message);
      this.#started = true;
    }
  }

  /** The next complete message, an empty buffer for one answered here, or undefined. */
  #nextMessage(): Buffer | undefined {
    const buffer = this.#buffer;
    if (!this.#started) {
      if (buffer.length < 8) return undefined;
      const length = buffer.readInt32BE(0);
      if (buffer.length < length) return undefined;
      const code = buffer.readInt32BE(4);
      this.#buffer = buffer.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.socket.write("N");
        return Buffer.alloc(0);
      }
      if (code === CANCEL_REQUEST) {
        // One PGlite session has no running query another connection could cancel.
        this.socket.end();
        return Buffer.alloc(0);
      }
      return buffer.subarray(0, length);
    }
    if (buffer.length < 5) return undefined;
    const length = 1 + buffer.readInt32BE(1);
    if (buffer.length < length) return undefined;
    this.#buffer = buffer.subarray(length);
    return buffer.subarray(0, length);
  }

  /** Runs one message on the session, holding it until the unit of work it belongs to ends. */
  async #execute(message: Buffer): Promise<void> {
    if (!this.#holding) {
      await this.lock.acquire();
      this.#holding = true;
      // Gone while waiting: nothing to run; the clean-up step releases the session.
      if (this.#closed) return;
    }
    const output: Buffer[] = [];
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(new Uint8Array(message), {
        onRawData: (data) => {
          const copy = Buffer.from(data);
          output.push(copy);
          if (!this.#closed) this.socket.write(copy);
        },
      }),
    );
    if (lastReadyStatus(Buffer.concat(output)) === IDLE) {
      this.#holding = false;
      this.lock.release();
    }
  }

  /**
   * Prefixes the names of prepared statements and portals with this connection's, so two
   * connections that use the same name (or one that reconnects) never meet each other's.
   */
  #privateNames(message: Buffer): Buffer {
    const type = String.fromCharCode(message[0]!);
    const body = message.subarray(5);
    const rename = (name: string) => (name === "" ? "" : `${this.#prefix}${name}`);
    const text = (value: string) => Buffer.from(`${value}\0`, "utf8");
    switch (type) {
      case "P": {
        const statement = cString(body, 0);
        if (statement.value) this.statements.add(rename(statement.value));
        return frame(message[0]!, Buffer.concat([text(rename(statement.value)), body.subarray(statement.end)]));
      }
      case "B": {
        const portal = cString(body, 0);
        const statement = cString(body, portal.end);
        return frame(message[0]!, Buffer.concat([text(rename(portal.value)), text(rename(statement.value)), body.subarray(statement.end)]));
      }
      case "E": {
        const portal = cString(body, 0);
        return frame(message[0]!, Buffer.concat([text(rename(portal.value)), body.subarray(portal.end)]));
      }
      case "D":
      case "C": {
        const name = cString(body, 1);
        if (type === "C" && body[0] === 0x53 /* 'S' */) this.statements.delete(rename(name.value));
        return frame(message[0]!, Buffer.concat([body.subarray(0, 1), text(rename(name.value)), body.subarray(name.end)]));
      }
      default:
        return message;
    }
  }

  /**
   * A connection gone: a unit it left unfinished (an open transaction, or Parse…Execute
   * without Sync) is rolled back, as PostgreSQL does for a lost client, and its named
   * statements are dropped; then the session goes to the next connection.
   */
  async #cleanUp(): Promise<void> {
    this.onGone();
    const unfinished = this.#holding;
    if (!unfinished && this.statements.size === 0) return;
    if (!unfinished) await this.lock.acquire();
    this.#holding = true;
    try {
      if (unfinished) {
        // ROLLBACK also aborts the implicit transaction of an exchange cut before its Sync; an
        // exchange that failed ignores everything until a Sync, so one follows, then ROLLBACK
        // again for an explicit transaction that was failed. Each is harmless when not needed.
        await this.db.exec("ROLLBACK").catch(() => undefined);
        await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC)).catch(() => undefined);
        await this.db.exec("ROLLBACK").catch(() => undefined);
      }
      for (const name of this.statements) await this.db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => undefined);
      this.statements.clear();
    } finally {
      this.#holding = false;
      this.lock.release();
    }
  }
}

export type TSessionServer = { port: number; stop: () => Promise<void> };

/** Listens on `host` (a free port when `port` is 0) and serves `db`'s session to every connection. */
export async function serveSession(db: PGlite, options: { host: string; port: number; maxConnections: number }): Promise<TSessionServer> {
  const lock = new SessionLock();
  const connections = new Set<SessionConnection>();
  const sockets = new Set<net.Socket>();
  let nextId = 1;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    if (connections.size >= options.maxConnections) {
      socket.end(errorResponse("53300", "sorry, too many clients already"));
      return;
    }
    const connection: SessionConnection = new SessionConnection(socket, db, lock, nextId++, () => connections.delete(connection));
    connections.add(connection);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const open = [...connections];
      await Promise.all([...sockets].map((socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()).destroy())));
      // Each connection's last step (rolling back what it left unfinished) ends before the database closes.
      await Promise.all(open.map((connection) => connection.idle));
      await closed;
    },
  };
}
