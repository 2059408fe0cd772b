// SSRF guard for webhook URLs (docs/contract.md, "Delivery"): a URL must be https:// and its
// host must resolve only to public unicast addresses. Loopback, private, link-local,
// carrier-grade NAT, unique-local, reserved addresses are refused unless
// WEBHOOK_ALLOW_PRIVATE_URLS=true; cloud-metadata addresses are refused always (the flag
// is for local receivers, never for the instance's credentials). This file checks a URL
// when it is registered (a clear 400); deliveries connect through egress.ts, which applies
// the same policy to the very addresses it connects to (DNS answers can change).
// Address classification comes from ipaddr.js ranges; IPv6 forms that carry an IPv4
// address (mapped, compatible, NAT64, 6to4, SIIT) are classified by that IPv4 address.
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "./env.ts";
import { validationError } from "./errors.ts";

/** Metadata endpoints of cloud providers, refused whatever range they fall in. */
const CLOUD_METADATA_ADDRESSES = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OpenStack, DigitalOcean…
  "fd00:ec2::254", // AWS IMDS over IPv6
  "100.100.100.200", // Alibaba Cloud
  "192.0.0.192", // Oracle Cloud (classic)
]);

export type TAddressClass =
  | "public"
  | "cloudMetadata"
  | "invalid"
  // every other ipaddr.js range name (IPv4 or IPv6) except "unicast"
  | ReturnType<ipaddr.IPv4["range"]>
  | ReturnType<ipaddr.IPv6["range"]>;

/** Host names of metadata services, refused without asking DNS. */
export const CLOUD_METADATA_HOSTNAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal"]);

const ipv4From32 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 address carries, if it is one of the forms that reach an IPv4
 * host: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still
 * routed by some stacks), SIIT (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local-use
 * 64:ff9b:1::/48) and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const zeroPrefix = (count: number) => p.slice(0, count).every((part) => part === 0);
  // ::/96 except :: and ::1, which have ranges of their own.
  if (zeroPrefix(6) && (p[6] !== 0 || p[7]! > 1)) return ipv4From32(p[6]!, p[7]!);
  if (zeroPrefix(4) && p[4] === 0xffff && p[5] === 0) return ipv4From32(p[6]!, p[7]!);
  if (p[0] === 0x64 && p[1] === 0xff9b) return ipv4From32(p[6]!, p[7]!);
  if (p[0] === 0x2002) return ipv4From32(p[1]!, p[2]!);
  return null;
}

function isCloudMetadata(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return CLOUD_METADATA_ADDRESSES.has(address.toNormalizedString()) || CLOUD_METADATA_ADDRESSES.has(address.toString());
}

/** "public" for a globally routable unicast address, else why it is refused. */
export function classifyAddress(ip: string): TAddressClass {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // Drop an IPv6 zone index (fe80::1%eth0) and brackets ([::1]).
    parsed = ipaddr.parse(ip.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return "invalid";
  }
  if (isCloudMetadata(parsed)) return "cloudMetadata";
  if (parsed.kind() === "ipv6") {
    const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
    if (embedded) {
      const inner = classifyAddress(embedded.toString());
      // A translated form of a public address keeps its own range (NAT64, 6to4 are refused
      // as before); a translated form of anything else is refused as what it reaches.
      if (inner !== "public" || (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return inner;
      const range = parsed.range();
      return range === "unicast" || range === "ipv4Mapped" ? inner : range;
    }
  }
  const range = parsed.range();
  return range === "unicast" ? "public" : range;
}

const REASON_WORDS: Partial<Record<TAddressClass, string>> = {
  cloudMetadata: "cloud metadata",
  loopback: "loopback",
  private: "private",
  linkLocal: "link-local",
  uniqueLocal: "private (unique local)",
  carrierGradeNat: "carrier-grade NAT",
  unspecified: "unspecified",
  multicast: "multicast",
  broadcast: "broadcast",
  reserved: "reserved",
  invalid: "invalid",
};

function describe(kind: TAddressClass): string {
  return REASON_WORDS[kind] ?? `non-public (${kind})`;
}

/** Whether the egress policy refuses an address of this class. */
export function refusesAddress(kind: TAddressClass, allowPrivate: boolean): boolean {
  return kind === "cloudMetadata" || (!allowPrivate && kind !== "public");
}

export type TLookup = (hostname: string, options: { all: true; verbatim: true }) => Promise<{ address: string; family: number }[]>;

export type TGuardOptions = {
  /** Defaults to WEBHOOK_ALLOW_PRIVATE_URLS. Lets loopback/private hosts through; never metadata. */
  allowPrivate?: boolean;
  /** Defaults to dns.promises.lookup (tests inject a fake). */
  lookup?: TLookup;
};

export type TDeliverableCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a webhook URL without throwing: `{ ok: false, reason }` names the first problem
 * (not https, unresolvable host, or an address that is not public). Not for delivery:
 * a check followed by a fetch resolves twice (DNS rebinding); deliveries use egress.ts.
 */
export async function checkDeliverableUrl(url: string, options: TGuardOptions = {}): Promise<TDeliverableCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: "webhook URL is not a valid URL" };
  }
  if (parsed.protocol !== "https:") return { ok: false, reason: "webhook URL must be an https:// URL" };

  // Private addresses may be allowed (local receivers); metadata addresses never are, so
  // the host is classified, and a name resolved, whatever the setting.
  const allowPrivate = options.allowPrivate ?? env().WEBHOOK_ALLOW_PRIVATE_URLS;
  const refuses = (kind: TAddressClass) => refusesAddress(kind, allowPrivate);

  // The WHATWG parser already normalised IPv4 literals (0x7f.1, 2852039166, 0251.0376.0251.0376
  // and a trailing dot all become dotted decimal); IPv6 ones keep their brackets.
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) !== 0) {
    const kind = classifyAddress(host);
    return refuses(kind) ? { ok: false, reason: `webhook URL points to a ${describe(kind)} address (${host})` } : { ok: true };
  }
  const name = host.replace(/\.$/, "").toLowerCase();
  if (CLOUD_METADATA_HOSTNAMES.has(name)) return { ok: false, reason: `webhook URL points to a ${describe("cloudMetadata")} host (${name})` };

  const lookup: TLookup = options.lookup ?? ((hostname, lookupOptions) => dns.promises.lookup(hostname, lookupOptions));
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    // With private URLs allowed (development, tests) a name that does not resolve is the
    // receiver's problem at delivery time, and is checked again then.
    if (allowPrivate) return { ok: true };
    const code = (error as { code?: string }).code;
    const detail = code === "ENOTFOUND" || code === "ENODATA" ? "does not resolve" : `could not be resolved (${code ?? (error as Error).message})`;
    return { ok: false, reason: `webhook URL host ${host} ${detail}` };
  }
  if (addresses.length === 0) {
    return allowPrivate ? { ok: true } : { ok: false, reason: `webhook URL host ${host} does not resolve` };
  }

  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (refuses(kind)) return { ok: false, reason: `webhook URL resolves to a ${describe(kind)} address (${address})` };
  }
  return { ok: true };
}

/**
 * Registration-time check: throws a 400 validation_error whose issue names `path`
 * ("url" for webhooks, "webhook_url" for runs and batches).
 */
export async function assertDeliverableUrl(url: string, options: TGuardOptions & { path?: string } = {}): Promise<void> {
  const result = await checkDeliverableUrl(url, options);
  if (!result.ok) throw validationError(result.reason, [{ path: options.path ?? "url", message: result.reason }]);
}
