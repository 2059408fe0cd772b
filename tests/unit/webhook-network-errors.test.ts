// What a failed delivery attempt records: the real errors fetch raises against real local
// servers, described in words (no OpenSSL state dumps).
import { createServer } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeNetworkError } from "../../src/domains/webhooks/deliver.ts";

async function failureOf(url: string): Promise<string> {
  try {
    await fetch(url, { method: "POST", body: "{}" });
  } catch (error) {
    return describeNetworkError(error);
  }
  throw new Error("the request succeeded");
}

describe("describeNetworkError", () => {
  const plainHttp = createServer((_req, res) => res.end("ok"));
  const resetting = net.createServer((socket) => socket.resetAndDestroy());
  let httpPort = 0;
  let resetPort = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => plainHttp.listen(0, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => resetting.listen(0, "127.0.0.1", resolve));
    httpPort = (plainHttp.address() as AddressInfo).port;
    resetPort = (resetting.address() as AddressInfo).port;
  });
  afterAll(() => {
    plainHttp.close();
    resetting.close();
  });

  it("names a TLS handshake failure (an https:// URL served over plain HTTP) by its code", async () => {
    const message = await failureOf(`https://127.0.0.1:${httpPort}/hook`);
    expect(message).toMatch(/^TLS handshake with the receiver failed \(ERR_SSL_[A-Z_]+\)$/);
  });

  it("says the connection was reset", async () => {
    expect(await failureOf(`http://127.0.0.1:${resetPort}/hook`)).toBe("Connection reset by the receiver (ECONNRESET)");
  });

  it("says the connection was refused", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureOf(`http://127.0.0.1:${port}/hook`)).toBe("Connection refused by the receiver (ECONNREFUSED)");
  });
});
