// Stopping an HTTP server without dropping anyone (SIGTERM, docs/deployment.md): stop
// listening at once (new connections are refused, so a load balancer moves on), let the
// requests already received finish with `Connection: close`, and end open event streams,
// which would otherwise hold the drain until the deadline; their clients reconnect to
// another instance (run streams with Last-Event-ID).
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { endRunStreams } from "./stream/run-stream.ts";

export type THttpDrain = {
  /**
   * Called first for every request; `dashboardStream` for the dashboard's live updates (its
   * tRPC subscriptions, an event stream Next writes). False when the request must not be
   * served: a dashboard stream opened while draining (closed; it reconnects elsewhere).
   */
  admit: (req: IncomingMessage, res: ServerResponse, dashboardStream: boolean) => boolean;
  /** Stops `server` accepting and ends streams; resolves when every request is answered or at `deadline` (epoch ms). */
  drain: (server: Server, deadline: number) => Promise<{ streamsEnded: number }>;
};

export function httpDrain(): THttpDrain {
  let draining = false;
  // Responses not yet finished: when draining, their keep-alive connections close after them.
  const unfinished = new Set<ServerResponse>();
  // The dashboard's live updates (tRPC subscriptions over an event stream), written by Next.
  const dashboardStreams = new Set<ServerResponse>();

  return {
    admit(_req, res, dashboardStream) {
      if (draining) {
        res.setHeader("Connection", "close");
        if (dashboardStream) res.destroy();
        return !dashboardStream;
      }
      unfinished.add(res);
      res.once("close", () => unfinished.delete(res));
      if (dashboardStream) {
        dashboardStreams.add(res);
        res.once("close", () => dashboardStreams.delete(res));
      }
      return true;
    },

    async drain(server, deadline) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      for (const res of unfinished) if (!res.headersSent) res.setHeader("Connection", "close");
      // /v1 run streams end cleanly after their last update; the dashboard's are Next's to
      // write, so their connections are closed (EventSource reconnects just the same).
      const streamsEnded = endRunStreams() + dashboardStreams.size;
      for (const res of dashboardStreams) res.destroy();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
      await Promise.race([closed, graceOver]);
      clearTimeout(timer);
      server.closeAllConnections();
      return { streamsEnded };
    },
  };
}
