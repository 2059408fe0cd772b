// SSRF guard for webhook URLs (decisions.md, "Webhooks"): a URL must be https:// and its
// host must resolve only to public unicast addresses. Loopback, private, link-local,
// carrier-grade NAT, unique-local, reserved and cloud-metadata addresses are refused,
// unless WEBHOOK_ALLOW_PRIVATE_URLS=true. Checked when a URL is registered and again
// before each delivery, since DNS answers can change in between. Address classification
// comes from ipaddr.js, not hand-written ranges.
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

/** "public" for a globally routable unicast address, else why it is refused. */
export function classifyAddress(ip: string): TAddressClass {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // Drop an IPv6 zone index (fe80::1%eth0) and brackets ([::1]).
    parsed = ipaddr.parse(ip.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return "invalid";
  }
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (CLOUD_METADATA_ADDRESSES.has(parsed.toNormalizedString()) || CLOUD_METADATA_ADDRESSES.has(parsed.toString())) {
    return "cloudMetadata";
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

export type TLookup = (hostname: string, options: { all: true; verbatim: true }) => Promise<{ address: string; family: number }[]>;

export type TGuardOptions = {
  /** Defaults to WEBHOOK_ALLOW_PRIVATE_URLS. */
  allowPrivate?: boolean;
  /** Defaults to dns.promises.lookup (tests inject a fake). */
  lookup?: TLookup;
};

export type TDeliverableCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a webhook URL without throwing: `{ ok: false, reason }` names the first problem
 * (not https, unresolvable host, or an address that is not public). For delivery time,
 * where a refusal is recorded as a failed attempt.
 */
export async function checkDeliverableUrl(url: string, options: TGuardOptions = {}): Promise<TDeliverableCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: "webhook URL is not a valid URL" };
  }
  if (parsed.protocol !== "https:") return { ok: false, reason: "webhook URL must be an https:// URL" };

  const allowPrivate = options.allowPrivate ?? env().WEBHOOK_ALLOW_PRIVATE_URLS;
  if (allowPrivate) return { ok: true };

  // The WHATWG parser already normalised IPv4 literals (0x7f.1 → 127.0.0.1); IPv6 ones
  // keep their brackets.
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) !== 0) {
    const kind = classifyAddress(host);
    return kind === "public" ? { ok: true } : { ok: false, reason: `webhook URL points to a ${describe(kind)} address (${host})` };
  }

  const lookup: TLookup = options.lookup ?? ((hostname, lookupOptions) => dns.promises.lookup(hostname, lookupOptions));
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const detail = code === "ENOTFOUND" || code === "ENODATA" ? "does not resolve" : `could not be resolved (${code ?? (error as Error).message})`;
    return { ok: false, reason: `webhook URL host ${host} ${detail}` };
  }
  if (addresses.length === 0) return { ok: false, reason: `webhook URL host ${host} does not resolve` };

  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind !== "public") return { ok: false, reason: `webhook URL resolves to a ${describe(kind)} address (${address})` };
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
