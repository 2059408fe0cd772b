// How many Server-Sent Events streams one API key may hold open at once (STREAMS_PER_API_KEY).
// With a shared backend, the count is across instances: each open stream holds a lease in a
// Redis sorted set per key (member: the lease id, score: when it expires), renewed while the
// stream is open, so the slots of an instance that crashed free themselves within
// STREAM_LEASE_MS. Closing a stream removes its lease at once. Without a backend, or while
// it is down (backend-health.ts), each instance counts its own streams alone.
import { randomUUID } from "node:crypto";
import type { BackendHealth } from "./backend-health.ts";
import { evalScript, scriptHash, type TEvalRedis } from "./redis-admission.ts";
import { runDetached } from "../../foundation/detached.ts";

export const STREAM_LEASE_MS = 30_000;
const RENEW_EVERY_MS = STREAM_LEASE_MS / 3;
/** What a refused client is told to wait: streams end within 30 s, and a closed one frees its slot at once. */
export const STREAM_CAP_RETRY_AFTER_SECONDS = 5;

export type TStreamSlot = { release: () => void };

export type TStreamAdmission = { admitted: true; slot: TStreamSlot } | { admitted: false; limit: number; retryAfterSeconds: number };

// KEYS: the key's lease set. ARGV: now (ms), lease expiry (ms), lease id, cap, set expiry (ms).
const ACQUIRE_SCRIPT = `
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", ARGV[1])
if redis.call("ZCARD", KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call("ZADD", KEYS[1], ARGV[2], ARGV[3])
redis.call("PEXPIRE", KEYS[1], ARGV[5])
return 1`;
// KEYS: the lease set. ARGV: lease expiry (ms), lease id, set expiry (ms). Renews only a lease still held.
const RENEW_SCRIPT = `
if redis.call("ZADD", KEYS[1], "XX", "CH", ARGV[1], ARGV[2]) == 1 then redis.call("PEXPIRE", KEYS[1], ARGV[3]) end
return 1`;
// KEYS: the lease set. ARGV: lease id.
const RELEASE_SCRIPT = `return redis.call("ZREM", KEYS[1], ARGV[1])`;

const SCRIPTS = {
  acquire: { text: ACQUIRE_SCRIPT, sha: scriptHash(ACQUIRE_SCRIPT) },
  renew: { text: RENEW_SCRIPT, sha: scriptHash(RENEW_SCRIPT) },
  release: { text: RELEASE_SCRIPT, sha: scriptHash(RELEASE_SCRIPT) },
};

export type TSharedStreamStore = { redis: TEvalRedis; health: BackendHealth; keyPrefix: string };

export class StreamSlots {
  /** Streams open on this instance, per identifier (the decision while the backend is down). */
  private readonly local = new Map<string, number>();

  constructor(
    private readonly cap: number,
    private readonly shared?: TSharedStreamStore,
  ) {}

  async acquire(identifier: string): Promise<TStreamAdmission> {
    const refused = { admitted: false as const, limit: this.cap, retryAfterSeconds: STREAM_CAP_RETRY_AFTER_SECONDS };
    const localCount = () => this.local.get(identifier) ?? 0;
    const leaseId = randomUUID();
    const leased = this.shared
      ? await this.shared.health.attempt(
          async () => (await this.run("acquire", identifier, [Date.now(), Date.now() + STREAM_LEASE_MS, leaseId, this.cap, STREAM_LEASE_MS * 2])) === 1,
          () => null,
        )
      : null;
    // null: decided here, alone (no backend, or it is down).
    if (leased === false || (leased === null && localCount() >= this.cap)) return refused;
    this.local.set(identifier, localCount() + 1);
    return { admitted: true, slot: this.slot(identifier, leased ? leaseId : undefined) };
  }

  private slot(identifier: string, leaseId: string | undefined): TStreamSlot {
    let released = false;
    const renewal = leaseId
      ? setInterval(
          () =>
            runDetached(
              this.shared!.health.tryOnly(() => this.run("renew", identifier, [Date.now() + STREAM_LEASE_MS, leaseId, STREAM_LEASE_MS * 2])),
              "renewing a stream slot lease",
            ),
          RENEW_EVERY_MS,
        )
      : undefined;
    renewal?.unref();
    return {
      release: () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        const count = (this.local.get(identifier) ?? 1) - 1;
        if (count > 0) this.local.set(identifier, count);
        else this.local.delete(identifier);
        // Unreachable now, the lease expires by itself.
        if (leaseId) runDetached(this.shared!.health.tryOnly(() => this.run("release", identifier, [leaseId])), "releasing a stream slot lease");
      },
    };
  }

  private run(script: keyof typeof SCRIPTS, identifier: string, args: (string | number)[]): Promise<unknown> {
    const { text, sha } = SCRIPTS[script];
    const keys = [`${this.shared!.keyPrefix}:streams:${identifier}`];
    // A release goes out as itself (EVAL), never as an EVALSHA retried after NOSCRIPT: the
    // retry would reach Redis after a stream opened right after this one closed.
    if (script === "release") return this.shared!.redis.eval(text, keys, args);
    return evalScript(this.shared!.redis, text, sha, keys, args);
  }
}
