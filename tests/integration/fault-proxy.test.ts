// The fault proxy the reliability tests rely on: it must really forward, refuse and hang.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFaultProxy, type TFaultProxy } from "../helpers/fault-proxy.ts";

/** Sends a Redis PING through `port`: "PONG", "refused", or "silent" when nothing answers in time. */
function ping(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const timer = setTimeout(() => {
      socket.destroy();
      resolve("silent");
    }, 400);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(error.code === "ECONNREFUSED" ? "refused" : error.code ?? "error");
    });
    socket.on("data", (data) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data.toString().trim().replace(/^\+/, ""));
    });
    socket.write("PING\r\n");
  });
}

describe("fault proxy (in front of the machine's Redis)", () => {
  let proxy: TFaultProxy;
  beforeAll(async () => {
    proxy = await startFaultProxy({ host: "127.0.0.1", port: 6379 });
  });
  afterAll(() => proxy.close());

  it("forwards, refuses while down, stays silent while hanging, and forwards again on the same port", async () => {
    expect(await ping(proxy.port)).toBe("PONG");
    await proxy.down();
    expect(await ping(proxy.port)).toBe("refused");
    await proxy.hang();
    expect(await ping(proxy.port)).toBe("silent");
    await proxy.up();
    expect(await ping(proxy.port)).toBe("PONG");
  });

  it("cuts open connections: the client sees its socket closed", async () => {
    const socket = net.connect(proxy.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.on("error", () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(proxy.openConnections()).toBeGreaterThan(0);
    proxy.cut();
    await closed;
    expect(proxy.openConnections()).toBe(0);
  });

  it("rewrites a service URL to go through it", () => {
    expect(proxy.url("redis://127.0.0.1:6379/0")).toBe(`redis://127.0.0.1:${proxy.port}/0`);
    expect(proxy.url("postgres://postgres@127.0.0.1:5432/db")).toBe(`postgres://postgres@127.0.0.1:${proxy.port}/db`);
  });
});
