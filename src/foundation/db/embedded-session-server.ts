// Serves PGlite's single PostgreSQL session to several client connections over the wire
// protocol (the server's pool and the admin CLI). A connection holds the session for whole
// units of work — from its first message until PostgreSQL answers ReadyForQuery "idle" —
// so an extended-query exchange (Parse…Sync) or a transaction is never interleaved with
// another connection's messages, which would share the unnamed statement and portal.
// Named statements and portals are made private to their connection. docs/deployment.md,
// "The embedded database under the admin CLI", says why this replaced pglite-socket's server.
// Every connection must first prove it knows the server's password (SCRAM-SHA-256, as
// PostgreSQL does): the port is open to every local process, the password file only to the
// data directory's owner (docs/deployment.md, "Who can reach the embedded database").
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { logFailure } from "../detached.ts";
import { logger } from "../logger.ts";

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': no transaction, no unfinished extended-query exchange
const TERMINATE = 0x58; // 'X'
const PASSWORD_MESSAGE = 0x70; // 'p': SASLInitialResponse and SASLResponse
const AUTHENTICATION = 0x52; // 'R'
const SASL = 10;
const SASL_CONTINUE = 11;
const SASL_FINAL = 12;
const SCRAM = "SCRAM-SHA-256";
const SCRAM_ITERATIONS = 4096; // PostgreSQL's default
/** PostgreSQL's own bound on a startup packet; SASL messages before authentication are smaller still. */
const MAX_UNAUTHENTICATED_MESSAGE_BYTES = 10_000;
/** A connection that has not authenticated by then is closed, so it holds no slot for long. */
const AUTHENTICATION_TIMEOUT_MS = 10_000;
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

function authenticationMessage(code: number, data = ""): Buffer {
  const body = Buffer.alloc(4);
  body.writeInt32BE(code, 0);
  return frame(AUTHENTICATION, Buffer.concat([body, Buffer.from(data, "utf8")]));
}

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text, "utf8").digest();
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

/** The server's SCRAM-SHA-256 verifier for its one password (RFC 5802, RFC 7677). */
export class ScramVerifier {
  readonly salt = randomBytes(16);
  readonly #storedKey: Buffer;
  readonly #serverKey: Buffer;

  constructor(password: string) {
    const salted = pbkdf2Sync(password, this.salt, SCRAM_ITERATIONS, 32, "sha256");
    this.#storedKey = sha256(hmac(salted, "Client Key"));
    this.#serverKey = hmac(salted, "Server Key");
  }

  /** The server-first-message for a client-first-message, or undefined when it is malformed. */
  first(clientFirst: string): { serverFirst: string; clientFirstBare: string; nonce: string; channelBinding: string } | undefined {
    // gs2 header: "n,," (no channel binding) or "y,," (the client could bind, we offered none).
    const header = /^([ny]),,/.exec(clientFirst);
    if (!header) return undefined;
    const clientFirstBare = clientFirst.slice(header[0].length);
    const clientNonce = /(?:^|,)r=([^,]+)/.exec(clientFirstBare)?.[1];
    if (!clientNonce) return undefined;
    const nonce = clientNonce + randomBytes(18).toString("base64");
    return {
      serverFirst: `r=${nonce},s=${this.salt.toString("base64")},i=${SCRAM_ITERATIONS}`,
      clientFirstBare,
      nonce,
      channelBinding: Buffer.from(header[0], "utf8").toString("base64"),
    };
  }

  /** The server-final-message when the client's proof is right, else undefined. */
  final(exchange: NonNullable<ReturnType<ScramVerifier["first"]>>, clientFinal: string): string | undefined {
    const proofAt = clientFinal.lastIndexOf(",p=");
    if (proofAt < 0) return undefined;
    const withoutProof = clientFinal.slice(0, proofAt);
    if (withoutProof !== `c=${exchange.channelBinding},r=${exchange.nonce}`) return undefined;
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), "base64");
    const authMessage = `${exchange.clientFirstBare},${exchange.serverFirst},${withoutProof}`;
    const signature = hmac(this.#storedKey, authMessage);
    if (proof.length !== signature.length) return undefined;
    const clientKey = Buffer.from(proof.map((byte, index) => byte ^ signature[index]!));
    if (!timingSafeEqual(sha256(clientKey), this.#storedKey)) return undefined;
    return `v=${hmac(this.#serverKey, authMessage).toString("base64")}`;
  }
}

/** Where a connection is in its start-up: nothing reaches PGlite before "ready". */
type TPhase =
  | { name: "startup" }
  | { name: "sasl-initial"; startup: Buffer }
  | { name: "sasl-final"; startup: Buffer; exchange: NonNullable<ReturnType<ScramVerifier["first"]>> }
  | { name: "ready" };

class SessionConnection {
  /** Named statements this connection prepared and has not closed (session names). */
  readonly statements = new Set<string>();
  #buffer = Buffer.alloc(0);
  #phase: TPhase = { name: "startup" };
  readonly #authenticationDeadline: NodeJS.Timeout;
  #holding = false;
  #closed = false;
  #chain: Promise<void> = Promise.resolve();
  readonly #prefix: string;

  constructor(
    private readonly socket: net.Socket,
    private readonly db: PGlite,
    private readonly lock: SessionLock,
    private readonly verifier: ScramVerifier,
    id: number,
    private readonly onGone: () => void,
  ) {
    // Short, so a client's name plus the prefix stays within PostgreSQL's 63-byte names.
    this.#prefix = `c${id}_`;
    socket.setNoDelay(true);
    this.#authenticationDeadline = setTimeout(() => {
      if (this.#phase.name !== "ready") socket.end(errorResponse("08P01", "authentication timed out"));
    }, AUTHENTICATION_TIMEOUT_MS);
    this.#authenticationDeadline.unref();
    socket.on("data", (chunk) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#schedule(() => this.#drain());
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      this.#closed = true;
      clearTimeout(this.#authenticationDeadline);
      this.#schedule(() => this.#cleanUp());
    });
  }

  /** Everything a connection does runs in order on its own chain. */
  #schedule(step: () => Promise<void>): void {
    this.#chain = this.#chain.then(step).catch((error: unknown) => {
      logger.warn("embedded database connection failed; closing it", { error });
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
      if (this.#phase.name === "ready") await this.#execute(this.#privateNames(message));
      else if (!(await this.#authenticate(message))) return;
    }
  }

  /**
   * One step of the start-up: the startup message is kept (PGlite sees it only once the
   * client has proved the password) and answered with a SCRAM-SHA-256 challenge. False when
   * the connection was refused and closed.
   */
  async #authenticate(message: Buffer): Promise<boolean> {
    const phase = this.#phase;
    const refuse = (code: string, text: string) => {
      this.#closed = true;
      this.socket.end(errorResponse(code, text));
      return false;
    };
    if (phase.name === "startup") {
      this.#phase = { name: "sasl-initial", startup: message };
      this.socket.write(authenticationMessage(SASL, `${SCRAM}\0\0`));
      return true;
    }
    if (phase.name === "ready" || message[0] !== PASSWORD_MESSAGE) return refuse("08P01", "expected a password message");
    const body = message.subarray(5);
    if (phase.name === "sasl-initial") {
      const mechanism = body.indexOf(0) >= 0 ? cString(body, 0) : undefined;
      if (mechanism?.value !== SCRAM || mechanism.end + 4 > body.length) return refuse("28000", `only ${SCRAM} authentication is supported`);
      const exchange = this.verifier.first(body.toString("utf8", mechanism.end + 4));
      if (!exchange) return refuse("08P01", "malformed SCRAM client-first-message");
      this.#phase = { name: "sasl-final", startup: phase.startup, exchange };
      this.socket.write(authenticationMessage(SASL_CONTINUE, exchange.serverFirst));
      return true;
    }
    const serverFinal = this.verifier.final(phase.exchange, body.toString("utf8"));
    if (!serverFinal) return refuse("28P01", "password authentication failed");
    this.#phase = { name: "ready" };
    clearTimeout(this.#authenticationDeadline);
    this.socket.write(authenticationMessage(SASL_FINAL, serverFinal));
    // PGlite answers the startup message itself: AuthenticationOk, parameters, ReadyForQuery.
    await this.#execute(phase.startup);
    return true;
  }

  /** The next complete message, an empty buffer for one answered here, or undefined. */
  #nextMessage(): Buffer | undefined {
    const buffer = this.#buffer;
    const authenticated = this.#phase.name === "ready";
    // A length the protocol cannot have ends the connection: one of 0 would never consume
    // its bytes, and a huge one from a client that has not authenticated would be buffered.
    const malformed = (length: number, least: number) => length < least || (!authenticated && length > MAX_UNAUTHENTICATED_MESSAGE_BYTES);
    const refuse = () => {
      this.#closed = true;
      this.#buffer = Buffer.alloc(0);
      this.socket.end(errorResponse("08P01", "invalid message length"));
      return undefined;
    };
    if (this.#phase.name === "startup") {
      if (buffer.length < 8) return undefined;
      const length = buffer.readInt32BE(0);
      if (malformed(length, 8)) return refuse();
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
    if (malformed(length, 5)) return refuse();
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
        // again for an explicit transaction that was failed. Each is harmless when not needed,
        // and may fail then: those failures are logged at debug level only.
        const quiet = { level: "debug" } as const;
        await this.db.exec("ROLLBACK").catch(logFailure("rolling back a lost connection's unit", quiet));
        await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC)).catch(logFailure("syncing a lost connection's exchange", quiet));
        await this.db.exec("ROLLBACK").catch(logFailure("rolling back a lost connection's transaction", quiet));
      }
      for (const name of this.statements) {
        await this.db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(logFailure("dropping a lost connection's statement", { level: "debug", fields: { name } }));
      }
      this.statements.clear();
    } finally {
      this.#holding = false;
      this.lock.release();
    }
  }
}

export type TSessionServer = { port: number; stop: () => Promise<void> };

/**
 * Listens on `host` (a free port when `port` is 0) and serves `db`'s session to every
 * connection that authenticates with `password`.
 */
export async function serveSession(
  db: PGlite,
  options: { host: string; port: number; maxConnections: number; password: string },
): Promise<TSessionServer> {
  const verifier = new ScramVerifier(options.password);
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
    const connection: SessionConnection = new SessionConnection(socket, db, lock, verifier, nextId++, () => connections.delete(connection));
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
