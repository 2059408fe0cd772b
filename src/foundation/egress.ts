// Webhook egress pinned to the addresses that were checked (docs/api-conventions.md,
// "Webhook egress"). A delivery resolves its host once, inside the connection: undici's
// Agent calls `connect.lookup`, which classifies every address of the answer with the SSRF
// guard's policy and hands back only checked ones, so there is no second, unchecked
// resolution for DNS rebinding to answer differently. TLS still verifies the URL's host
// name: undici takes `servername` from the URL, and the socket is only given addresses.
import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import type { ReadableStream } from "node:stream/web";
import { Agent, fetch, type RequestInit, type Response } from "undici";
import { logFailure } from "./detached.ts";
import { env } from "./env.ts";
import { CLOUD_METADATA_HOSTNAMES, classifyAddress, refusesAddress } from "./ssrf-guard.ts";

/**
 * The egress policy refused the destination. Its message is deliberately neutral: what a
 * name resolved to, and what an internal port would have answered, stay out of the log.
 */
export class AddressNotAllowedError extends Error {
  readonly code = "ADDRESS_NOT_ALLOWED";
  constructor() {
    super("Address not allowed");
    this.name = "AddressNotAllowedError";
  }
}

export type TResolvedAddress = { address: string; family: number };
export type TResolver = (hostname: string) => Promise<TResolvedAddress[]>;
export type TEgressPolicy = {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: loopback/private allowed (never cloud metadata). */
  allowPrivate: () => boolean;
  /** Defaults to the system resolver (dns.lookup, as a socket would use); tests inject one. */
  resolve?: TResolver;
};

const systemResolver: TResolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves `hostname` once and returns every address of the answer, or throws
 * AddressNotAllowedError if any one of them is refused (a mixed public + private answer is
 * refused whole: the socket could pick either).
 */
export async function resolveAllowed(hostname: string, policy: TEgressPolicy): Promise<TResolvedAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const allowPrivate = policy.allowPrivate();
  const family = net.isIP(host);
  if (family !== 0) {
    if (refusesAddress(classifyAddress(host), allowPrivate)) throw new AddressNotAllowedError();
    return [{ address: host, family }];
  }
  if (CLOUD_METADATA_HOSTNAMES.has(host.replace(/\.$/, "").toLowerCase())) throw new AddressNotAllowedError();
  const addresses = await (policy.resolve ?? systemResolver)(host);
  if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND", hostname: host });
  if (addresses.some(({ address }) => refusesAddress(classifyAddress(address), allowPrivate))) throw new AddressNotAllowedError();
  return addresses;
}

const requestedFamily = (family: dns.LookupOptions["family"]): 4 | 6 | null =>
  family === 4 || family === "IPv4" ? 4 : family === 6 || family === "IPv6" ? 6 : null;

/**
 * A `lookup` for net/tls sockets: one resolution, every address checked, only checked
 * addresses handed to the socket (all of them when it asks for all, to try in turn).
 */
export function checkedLookup(policy: TEgressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy).then(
      (addresses) => {
        const family = requestedFamily(options.family);
        const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
        if (usable.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "", 0);
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

export type TEgressFetch = (url: string, init: Omit<RequestInit, "dispatcher">) => Promise<Response>;

/**
 * A fetch that reaches only what the policy allows, over https only. An IP literal is
 * classified before connecting (sockets skip `lookup` for those); a name in the lookup.
 * A refusal rejects with AddressNotAllowedError, itself or as the `cause` of fetch's TypeError.
 */
export function createEgressFetch(policy: TEgressPolicy): TEgressFetch {
  // One pool for all deliveries: a kept-alive socket was connected to a checked address.
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(policy) } });
  return async (url, init) => {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:") throw new AddressNotAllowedError();
    if (net.isIP(parsed.hostname.replace(/^\[|\]$/g, "")) !== 0) await resolveAllowed(parsed.hostname, policy);
    return fetch(parsed, { ...init, dispatcher });
  };
}

let webhookFetch: TEgressFetch | undefined;

/** The fetch every webhook delivery uses, with WEBHOOK_ALLOW_PRIVATE_URLS as the policy. */
export function webhookEgressFetch(): TEgressFetch {
  webhookFetch ??= createEgressFetch({ allowPrivate: () => env().WEBHOOK_ALLOW_PRIVATE_URLS });
  return webhookFetch;
}

/** Whether a failed fetch was refused by the egress policy (not a network or receiver error). */
export function isAddressNotAllowed(error: unknown): boolean {
  return error instanceof AddressNotAllowedError || (error as { cause?: unknown } | null)?.cause instanceof AddressNotAllowedError;
}

/** Reads at most `limit` bytes of a body, then cancels the rest (a 10 MB answer costs 2 KB). */
export async function readExcerpt(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The receiver closed or stalled mid-body: keep what arrived; the status decides the outcome.
  } finally {
    // After a read failed, cancelling rejects with that same failure: nothing new to say but at debug level.
    await reader.cancel().catch(logFailure("cancelling an answer's body", { level: "debug" }));
  }
  const bytes = Buffer.concat(chunks).subarray(0, limit);
  // PostgreSQL text cannot hold NUL; a cut multi-byte character decodes as U+FFFD.
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes).replaceAll("\u0000", "");
}
