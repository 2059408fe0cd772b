// A TCP forwarder put between the server under test and a real service (PostgreSQL, Redis)
// so a test can take that service away from this one server without touching the machine's
// own service, which other suites share: cut every open connection, refuse new ones for a
// while ("down"), or accept and never answer ("hang"), then bring it back.
import net from "node:net";

export type TFaultMode = "up" | "down" | "hang";

export type TFaultProxy = {
  /** The port the proxy listens on (stable across down/up). */
  port: number;
  /** `url` with its host and port replaced by the proxy's (postgres://, redis://). */
  url: (url: string) => string;
  /** Resets every open connection; new ones are still forwarded. */
  cut: () => void;
  /** Stops listening and resets every open connection: new connections are refused. */
  down: () => Promise<void>;
  /** Accepts connections but forwards nothing, and holds the open ones silent. */
  hang: () => Promise<void>;
  /** Forwards again. */
  up: () => Promise<void>;
  mode: () => TFaultMode;
  /** Connections currently open through the proxy. */
  openConnections: () => number;
  /** Connections accepted since the proxy started. */
  acceptedConnections: () => number;
  close: () => Promise<void>;
};

export async function startFaultProxy(target: { host: string; port: number }): Promise<TFaultProxy> {
  let mode: TFaultMode = "up";
  let accepted = 0;
  const pairs = new Set<{ client: net.Socket; upstream?: net.Socket }>();

  const server = net.createServer((client) => {
    accepted += 1;
    const pair: { client: net.Socket; upstream?: net.Socket } = { client };
    pairs.add(pair);
    client.on("error", () => undefined);
    client.on("close", () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    if (mode === "hang") return; // held open, silent
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", () => client.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const cut = () => {
    for (const pair of pairs) {
      pair.client.resetAndDestroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  };
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  return {
    port,
    url: (url) => {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    cut,
    down: async () => {
      mode = "down";
      const closed = stopListening();
      cut();
      await closed;
    },
    hang: async () => {
      mode = "hang";
      for (const pair of pairs) {
        // Forwarding stops both ways; the sockets stay open.
        pair.client.unpipe();
        pair.upstream?.unpipe();
        pair.upstream?.pause();
        pair.client.pause();
      }
      if (!server.listening) await listen(port);
    },
    up: async () => {
      if (mode === "hang") cut();
      mode = "up";
      if (!server.listening) await listen(port);
    },
    mode: () => mode,
    openConnections: () => pairs.size,
    acceptedConnections: () => accepted,
    close: async () => {
      const closed = stopListening();
      cut();
      await closed;
    },
  };
}
