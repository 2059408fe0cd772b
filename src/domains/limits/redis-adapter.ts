// The limiter's admission script (redis-admission.ts), like @upstash/ratelimit's
// single-region algorithms, talks to Redis only through `evalsha(sha, keys, args)` and, on
// NOSCRIPT, `eval(script, keys, args)`. This adapter gives an ioredis connection that
// calling convention (the @upstash/redis client has it natively), so the same scripts run
// against a plain Redis. One change: the scripts start with
// `#!lua flags=allow-key-locking`, a flag Upstash understands and open-source Redis 7.0
// refuses ("Unexpected flag in script shebang"), so the adapter drops that flag and maps
// the library's script hashes to the hashes of the scripts Redis actually caches.
import { createHash } from "node:crypto";
import { Redis as IORedis } from "ioredis";

type TArg = string | number | null;

export type TScriptRedis = {
  eval<T = unknown>(script: string, keys: string[], args: TArg[]): Promise<T>;
  evalsha<T = unknown>(sha: string, keys: string[], args: TArg[]): Promise<T>;
  scriptLoad(script: string): Promise<string>;
  get<T = unknown>(key: string): Promise<T | null>;
  set(key: string, value: string | number): Promise<unknown>;
};

const UPSTASH_ONLY_FLAGS = new Set(["allow-key-locking"]);
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** The script with flags plain Redis does not know removed from its shebang. */
export function portableScript(script: string): string {
  return script.replace(/^(\s*)#!lua([^\n]*)\n/, (_line, indent: string, rest: string) => {
    const match = /flags=(\S*)/.exec(rest);
    if (!match) return `${indent}#!lua${rest}\n`;
    const flags = (match[1] ?? "").split(",").filter((flag) => flag && !UPSTASH_ONLY_FLAGS.has(flag));
    return `${indent}#!lua${rest.replace(match[0], `flags=${flags.join(",")}`)}\n`;
  });
}

const toRedisArgs = (args: TArg[]) => args.map((arg) => (arg === null ? "" : String(arg)));

export class IORedisAdapter implements TScriptRedis {
  readonly client: IORedis;
  /** The library's hash of a script → the hash of the portable script Redis caches. */
  private readonly hashes = new Map<string, string>();

  constructor(url: string, options: { commandTimeoutMs: number } = { commandTimeoutMs: 500 }) {
    // No command waits on Redis for long: every one times out (queued ones too: the offline
    // queue only bridges the first connect and a reconnect), a command is never retried on
    // another connection, a connect attempt that hangs is abandoned, and reconnecting goes
    // on (at most 1 s apart) so a returning Redis is found. The limiter's own, shorter
    // deadline (backend-health.ts) decides a call; this one clears what is left behind.
    this.client = new IORedis(url, {
      commandTimeout: options.commandTimeoutMs * 2,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: true,
      connectTimeout: Math.max(1_000, options.commandTimeoutMs),
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
      lazyConnect: false,
    });
    // Connection errors surface as failed commands (backend-health.ts logs the outage once).
    this.client.on("error", () => undefined);
  }

  /** PING; a connection that no longer answers is dropped for a fresh one (a half-open socket never recovers). */
  async ping(): Promise<unknown> {
    return this.client.ping().catch((error: unknown) => {
      if (/timed out/i.test(String(error))) this.client.disconnect(true);
      throw error;
    });
  }

  async eval<T>(script: string, keys: string[], args: TArg[]): Promise<T> {
    const portable = portableScript(script);
    if (portable !== script) this.hashes.set(sha1(script), sha1(portable));
    return (await this.client.eval(portable, keys.length, ...keys, ...toRedisArgs(args))) as T;
  }

  async evalsha<T>(sha: string, keys: string[], args: TArg[]): Promise<T> {
    return (await this.client.evalsha(this.hashes.get(sha) ?? sha, keys.length, ...keys, ...toRedisArgs(args))) as T;
  }

  async scriptLoad(script: string): Promise<string> {
    const portable = portableScript(script);
    const loaded = (await this.client.script("LOAD", portable)) as string;
    if (portable !== script) this.hashes.set(sha1(script), loaded);
    return sha1(script);
  }

  async get<T>(key: string): Promise<T | null> {
    return (await this.client.get(key)) as T | null;
  }

  async set(key: string, value: string | number): Promise<unknown> {
    return this.client.set(key, String(value));
  }

  async quit(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
