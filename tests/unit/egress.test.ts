// The egress lookup that pins a webhook's connection to the addresses it checked
// (src/foundation/egress.ts): one resolution per connection, every address of the answer
// classified, only checked addresses handed to the socket. Fake resolvers stand in for DNS;
// the socket tests use a real loopback listener that counts connections.
import type { LookupAddress } from "node:dns";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AddressNotAllowedError, checkedLookup, createEgressFetch, isAddressNotAllowed, type TEgressPolicy } from "../../src/foundation/egress.ts";

/** A resolver that gives its answers in turn (the last one again when they run out). */
function successiveAnswers(...answers: string[][]) {
  let calls = 0;
  return vi.fn(async (_hostname: string) => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return answer.map((address) => ({ address, family: net.isIP(address) }));
  });
}

type TLookupResult = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function lookupOnce(policy: TEgressPolicy, hostname: string, options: { all?: boolean; family?: number } = {}): Promise<TLookupResult> {
  return new Promise((resolve) => checkedLookup(policy)(hostname, options, (error, address, family) => resolve({ error, address, family })));
}

const strict = (resolve: TEgressPolicy["resolve"]): TEgressPolicy => ({ allowPrivate: () => false, resolve });

describe("checkedLookup", () => {
  it("refuses a mixed answer whatever its order: every address is checked, not only the first", async () => {
    for (const answer of [["93.184.216.34", "127.0.0.1"], ["127.0.0.1", "93.184.216.34"], ["2606:2800:220:1::1", "::ffff:10.0.0.1"]]) {
      const result = await lookupOnce(strict(successiveAnswers(answer)), "mixed.example", { all: true });
      expect(result.error, answer.join(", ")).toBeInstanceOf(AddressNotAllowedError);
      expect(result.error?.message).toBe("Address not allowed");
    }
  });

  it("resolves once per connection and hands back exactly the addresses it checked", async () => {
    // The rebinding pattern: public to the first question, loopback to the next.
    const resolve = successiveAnswers(["93.184.216.34", "2606:2800:220:1::1"], ["127.0.0.1"]);
    const first = await lookupOnce(strict(resolve), "rebind.example", { all: true });
    expect(first).toEqual({
      error: null,
      address: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:2800:220:1::1", family: 6 },
      ],
      family: undefined,
    });
    expect(resolve).toHaveBeenCalledTimes(1);

    const second = await lookupOnce(strict(resolve), "rebind.example", { all: true });
    expect(second.error).toBeInstanceOf(AddressNotAllowedError);
    expect(resolve).toHaveBeenCalledTimes(2);
  });

  it("answers a single-address lookup with the first checked address of the requested family", async () => {
    const resolve = successiveAnswers(["2606:2800:220:1::1", "93.184.216.34"]);
    expect(await lookupOnce(strict(resolve), "both.example")).toEqual({ error: null, address: "2606:2800:220:1::1", family: 6 });
    expect(await lookupOnce(strict(resolve), "both.example", { family: 4 })).toEqual({ error: null, address: "93.184.216.34", family: 4 });
  });

  it("refuses cloud metadata even with private addresses allowed, and allows loopback then", async () => {
    const lenient = (resolve: TEgressPolicy["resolve"]): TEgressPolicy => ({ allowPrivate: () => true, resolve });
    expect((await lookupOnce(lenient(successiveAnswers(["169.254.169.254"])), "meta.example")).error).toBeInstanceOf(AddressNotAllowedError);
    expect(await lookupOnce(lenient(successiveAnswers(["127.0.0.1"])), "local.example")).toEqual({ error: null, address: "127.0.0.1", family: 4 });
  });

  it("refuses metadata host names without asking the resolver", async () => {
    const resolve = successiveAnswers(["93.184.216.34"]);
    const result = await lookupOnce({ allowPrivate: () => true, resolve }, "metadata.google.internal");
    expect(result.error).toBeInstanceOf(AddressNotAllowedError);
    expect(resolve).not.toHaveBeenCalled();
  });

  it("passes a resolver error through (a name that does not resolve is not an address refusal)", async () => {
    const resolve = vi.fn(async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND gone.example"), { code: "ENOTFOUND" });
    });
    const result = await lookupOnce(strict(resolve), "gone.example");
    expect(result.error?.code).toBe("ENOTFOUND");
    expect(isAddressNotAllowed(result.error)).toBe(false);
  });
});

describe("createEgressFetch against a loopback listener", () => {
  let connections = 0;
  const listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  async function refusal(promise: Promise<unknown>): Promise<unknown> {
    return promise.then(
      () => {
        throw new Error("the request was sent");
      },
      (error: unknown) => error,
    );
  }

  it("refuses a name that resolves to loopback without opening a connection", async () => {
    const egressFetch = createEgressFetch(strict(successiveAnswers(["127.0.0.1"])));
    const before = connections;
    const error = await refusal(egressFetch(`https://rebind.example:${port}/hook`, { method: "POST", body: "{}" }));
    expect(isAddressNotAllowed(error)).toBe(true);
    expect(connections).toBe(before);
  });

  it("refuses loopback IP literals and non-https URLs before connecting", async () => {
    const egressFetch = createEgressFetch(strict(successiveAnswers(["93.184.216.34"])));
    const before = connections;
    for (const url of [`https://127.0.0.1:${port}/hook`, `https://[::ffff:127.0.0.1]:${port}/hook`, `http://rebind.example:${port}/hook`]) {
      expect(isAddressNotAllowed(await refusal(egressFetch(url, { method: "POST", body: "{}" }))), url).toBe(true);
    }
    expect(connections).toBe(before);
  });

  it("connects to the address its own lookup answered (the socket asks no one else)", async () => {
    // receiver.example resolves nowhere but in this resolver: a connection proves the socket used it.
    const resolve = successiveAnswers(["127.0.0.1"]);
    const egressFetch = createEgressFetch({ allowPrivate: () => true, resolve });
    const before = connections;
    const error = await refusal(egressFetch(`https://receiver.example:${port}/hook`, { method: "POST", body: "{}" }));
    expect(isAddressNotAllowed(error)).toBe(false); // the listener hung up: a network error, not a refusal
    expect(connections).toBe(before + 1);
    expect(resolve).toHaveBeenCalledTimes(1);
  });
});
