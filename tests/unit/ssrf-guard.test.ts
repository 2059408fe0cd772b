// SSRF guard: address classification (ipaddr.js) and the URL check with a fake resolver,
// so nothing here touches the network.
import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../src/foundation/errors.ts";
import { assertDeliverableUrl, checkDeliverableUrl, classifyAddress, type TLookup } from "../../src/foundation/ssrf-guard.ts";

function fakeLookup(answers: Record<string, string[]>): TLookup & ReturnType<typeof vi.fn> {
  return vi.fn(async (hostname: string) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  }) as never;
}

async function refusal(url: string, options: Parameters<typeof assertDeliverableUrl>[1]): Promise<AppError> {
  const error = await assertDeliverableUrl(url, options).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "cloudMetadata"],
    ["169.254.1.1", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.100.100.200", "cloudMetadata"],
    ["0.0.0.0", "unspecified"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd00:ec2::254", "cloudMetadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "cloudMetadata"],
    ["not-an-ip", "invalid"],
  ])("refuses %s (%s)", (ip, reason) => {
    expect(classifyAddress(ip)).toBe(reason);
  });

  it.each(["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8", "::ffff:93.184.216.34"])("accepts %s as public", (ip) => {
    expect(classifyAddress(ip)).toBe("public");
  });

  it.each([
    // IPv4-compatible (::a.b.c.d): the URL parser writes [::127.0.0.1] as [::7f00:1]
    ["::7f00:1", "loopback"],
    ["::a9fe:a9fe", "cloudMetadata"],
    ["::a00:1", "private"],
    ["::0.0.0.2", "unspecified"],
    // SIIT, NAT64 (well-known and local-use prefixes), 6to4
    ["::ffff:0:7f00:1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "cloudMetadata"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b:1::a00:1", "private"],
    ["2002:a9fe:a9fe::1", "cloudMetadata"],
    ["2002:c0a8:101::", "private"],
    // mapped, written every way
    ["::ffff:a9fe:a9fe", "cloudMetadata"],
    ["0:0:0:0:0:ffff:169.254.169.254", "cloudMetadata"],
    ["FD00:EC2:0:0:0:0:0:254", "cloudMetadata"],
  ])("classifies %s by the IPv4 address it carries (%s)", (ip, reason) => {
    expect(classifyAddress(ip)).toBe(reason);
  });

  it("keeps refusing translated forms of public addresses by their own range", () => {
    expect(classifyAddress("64:ff9b::808:808")).toBe("rfc6052");
    expect(classifyAddress("2002:808:808::1")).toBe("6to4");
  });
});

describe("assertDeliverableUrl", () => {
  it("refuses a host when any resolved address is not public", async () => {
    const lookup = fakeLookup({ "mixed.example": ["93.184.216.34", "10.0.0.5"] });
    const error = await refusal("https://mixed.example/hook", { allowPrivate: false, lookup });
    expect(error.type).toBe("validation_error");
    expect(error.message).toBe("webhook URL resolves to a private address (10.0.0.5)");
    expect(error.details).toEqual({ issues: [{ path: "url", message: error.message }] });
    expect(lookup).toHaveBeenCalledWith("mixed.example", { all: true, verbatim: true });
  });

  it("accepts a host whose addresses are all public", async () => {
    const lookup = fakeLookup({ "hooks.example": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"] });
    await expect(assertDeliverableUrl("https://hooks.example/in", { allowPrivate: false, lookup })).resolves.toBeUndefined();
  });

  it("names the issue path it was given", async () => {
    const lookup = fakeLookup({ localhost: ["127.0.0.1", "::1"] });
    const error = await refusal("https://localhost/hook", { allowPrivate: false, lookup, path: "webhook_url" });
    expect(error.details).toEqual({ issues: [{ path: "webhook_url", message: "webhook URL resolves to a loopback address (127.0.0.1)" }] });
  });

  it("lets private addresses through with allowPrivate", async () => {
    const lookup = fakeLookup({ localhost: ["127.0.0.1"] });
    await expect(assertDeliverableUrl("https://127.0.0.1:8443/hook", { allowPrivate: true, lookup })).resolves.toBeUndefined();
    await expect(assertDeliverableUrl("https://localhost/hook", { allowPrivate: true, lookup })).resolves.toBeUndefined();
  });

  it("refuses http:// even with allowPrivate", async () => {
    const lookup = fakeLookup({ "hooks.example": ["93.184.216.34"] });
    const error = await refusal("http://hooks.example/hook", { allowPrivate: true, lookup });
    expect(error.message).toBe("webhook URL must be an https:// URL");
    expect(lookup).not.toHaveBeenCalled();
  });

  it("refuses a host that does not resolve, saying so", async () => {
    const error = await refusal("https://nowhere.invalid/hook", { allowPrivate: false, lookup: fakeLookup({}) });
    expect(error.message).toBe("webhook URL host nowhere.invalid does not resolve");
  });

  it("refuses a host that resolves to nothing", async () => {
    const error = await refusal("https://empty.example/hook", { allowPrivate: false, lookup: fakeLookup({ "empty.example": [] }) });
    expect(error.message).toBe("webhook URL host empty.example does not resolve");
  });

  it.each([
    ["https://[::1]/x", "webhook URL points to a loopback address (::1)"],
    ["https://169.254.169.254/latest", "webhook URL points to a cloud metadata address (169.254.169.254)"],
    ["https://[::ffff:7f00:1]/x", "webhook URL points to a loopback address (::ffff:7f00:1)"],
    ["https://0x7f.1/x", "webhook URL points to a loopback address (127.0.0.1)"],
    ["https://[fd00:ec2::254]/latest", "webhook URL points to a cloud metadata address (fd00:ec2::254)"],
  ])("refuses the IP literal in %s without a lookup", async (url, message) => {
    const lookup = fakeLookup({});
    const error = await refusal(url, { allowPrivate: false, lookup });
    expect(error.message).toBe(message);
    expect(lookup).not.toHaveBeenCalled();
  });

  it("accepts a public IP literal without a lookup", async () => {
    const lookup = fakeLookup({});
    await expect(assertDeliverableUrl("https://93.184.216.34/hook", { allowPrivate: false, lookup })).resolves.toBeUndefined();
    await expect(assertDeliverableUrl("https://[2606:2800:220:1:248:1893:25c8:1946]/hook", { allowPrivate: false, lookup })).resolves.toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe("cloud metadata, refused even with allowPrivate", () => {
  it.each([
    "https://169.254.169.254/latest/meta-data",
    "https://169.254.169.254./latest",
    "https://169.254.169.254.:443/latest",
    "https://2852039166/latest",
    "https://0xa9fea9fe/latest",
    "https://0xA9.0xFE.0xA9.0xFE/latest",
    "https://0251.0376.0251.0376/latest",
    "https://169.16689662/latest",
    "https://[::ffff:169.254.169.254]/latest",
    "https://[::ffff:a9fe:a9fe]/latest",
    "https://[::169.254.169.254]/latest",
    "https://[64:ff9b::169.254.169.254]/latest",
    "https://[fd00:ec2::254]/latest",
    "https://[FD00:EC2:0:0:0:0:0:254]/latest",
    "https://100.100.100.200/latest",
  ])("%s", async (url) => {
    const lookup = fakeLookup({});
    for (const allowPrivate of [true, false]) {
      const error = await refusal(url, { allowPrivate, lookup });
      expect(error.message).toMatch(/^webhook URL points to a cloud metadata address \(.+\)$/);
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it("refuses a host name that resolves to a metadata address, with allowPrivate", async () => {
    const lookup = fakeLookup({ "rebind.example": ["127.0.0.1", "169.254.169.254"], "v6.example": ["fd00:ec2::254"] });
    expect((await refusal("https://rebind.example/x", { allowPrivate: true, lookup })).message).toBe(
      "webhook URL resolves to a cloud metadata address (169.254.169.254)",
    );
    expect((await refusal("https://v6.example/x", { allowPrivate: true, lookup })).message).toBe(
      "webhook URL resolves to a cloud metadata address (fd00:ec2::254)",
    );
  });

  it("refuses the metadata host names without asking DNS", async () => {
    const lookup = fakeLookup({});
    const error = await refusal("https://metadata.google.internal./computeMetadata/v1/", { allowPrivate: true, lookup });
    expect(error.message).toBe("webhook URL points to a cloud metadata host (metadata.google.internal)");
    expect(lookup).not.toHaveBeenCalled();
  });

  it("still lets loopback and private receivers through with allowPrivate, and unresolvable names too", async () => {
    const lookup = fakeLookup({ localhost: ["127.0.0.1", "::1"], "lan.example": ["10.0.0.5"] });
    for (const url of ["https://localhost:8443/hook", "https://lan.example/hook", "https://[::1]/x", "https://[::7f00:1]/x", "https://nowhere.invalid/x"]) {
      await expect(checkDeliverableUrl(url, { allowPrivate: true, lookup }), url).resolves.toEqual({ ok: true });
    }
  });

  it("refuses IPv4-compatible IPv6 literals without allowPrivate", async () => {
    const lookup = fakeLookup({});
    expect((await refusal("https://[::127.0.0.1]/x", { allowPrivate: false, lookup })).message).toBe("webhook URL points to a loopback address (::7f00:1)");
    expect((await refusal("https://[::10.0.0.1]/x", { allowPrivate: false, lookup })).message).toBe("webhook URL points to a private address (::a00:1)");
  });
});

describe("checkDeliverableUrl", () => {
  it("returns the reason instead of throwing", async () => {
    const lookup = fakeLookup({ "rebound.example": ["10.0.0.5"] });
    await expect(checkDeliverableUrl("https://rebound.example/hook", { allowPrivate: false, lookup })).resolves.toEqual({
      ok: false,
      reason: "webhook URL resolves to a private address (10.0.0.5)",
    });
    await expect(checkDeliverableUrl("https://93.184.216.34/hook", { allowPrivate: false, lookup })).resolves.toEqual({ ok: true });
  });
});
