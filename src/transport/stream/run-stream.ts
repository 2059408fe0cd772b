// GET /v1/runs/:id/stream — Server-Sent Events. The first update goes out at once, later
// ones on every change (at most one per 2 s), a `: ping` comment every 15 s, and the
// stream closes on a terminal state or after 30 s. Each update carries `id:` (the run's
// version) so a reconnecting client's Last-Event-ID skips what it already saw. At shutdown
// every open stream is ended cleanly, so clients reconnect (to another instance) at once.
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { coalescedReader } from "../../foundation/coalesced-read.ts";
import { db } from "../../foundation/db/client.ts";
import { AppError, notFound } from "../../foundation/errors.ts";
import type { Run } from "../../generated/prisma/client.ts";
import type { THeaderReader } from "../../domains/auth/authenticate.ts";
import { tenantScope } from "../../domains/auth/tenant.ts";
import { rateLimiter } from "../../domains/limits/rate-limiter.ts";
import type { TStreamSlot } from "../../domains/limits/stream-slots.ts";
import { subscribeToRun } from "../../domains/runs/run-notifier.ts";
import { TERMINAL_RUN_STATUSES, ZRunIdInput } from "../../domains/runs/runs.schemas.ts";
import { authorizeApiCall } from "../authorize.ts";
import type { TRestRoute } from "../rest/rest-handler.ts";

export const STREAM_TIMING = { minUpdateIntervalMs: 2_000, pingIntervalMs: 15_000, maxDurationMs: 30_000 };

const isTerminal = (run: Run) => (TERMINAL_RUN_STATUSES as readonly string[]).includes(run.status);

function updateFrame(run: Run): string {
  const payload = {
    status: run.status,
    confidence: run.confidenceScore,
    result: (run.output as Record<string, unknown> | null) ?? null,
    error: run.errorMessage,
  };
  return `id: ${run.updatedAt.getTime()}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Authenticates, checks the run exists and takes one of the key's stream slots; throws
 * AppError (rendered as JSON) before any stream starts.
 */
async function openRunStream(
  request: { header: THeaderReader; setHeader: (name: string, value: string) => void },
  runId: string,
): Promise<{ runId: string; slot: TStreamSlot }> {
  const principal = await authorizeApiCall(request, { scope: "agents:read" });
  const { id } = ZRunIdInput.parse({ id: runId });
  const run = await db().run.findFirst({ where: { id, ...tenantScope(principal) }, select: { id: true } });
  if (!run) throw notFound("Run");
  const admission = await rateLimiter().openStream(principal.apiKeyId ?? principal.actor.id);
  if (!admission.admitted) {
    throw new AppError("rate_limited", `At most ${admission.limit} streams may be open at once per API key`, {
      retry_after: admission.retryAfterSeconds,
    });
  }
  return { runId: run.id, slot: admission.slot };
}

/** Each open stream's close. Once shutting down, a new stream ends after its first update. */
const openStreams = new Set<() => void>();
let streamsEnding = false;

/** Shutdown: ends every open stream cleanly (clients reconnect with Last-Event-ID elsewhere). */
export function endRunStreams(): number {
  streamsEnding = true;
  const ended = openStreams.size;
  for (const close of [...openStreams]) close();
  return ended;
}

/** Every open stream of one run is told of a change at once: they share one read of it. */
const runReader = coalescedReader((runId: string) => db().run.findUnique({ where: { id: runId } }).catch(() => null));

function streamRun(req: IncomingMessage, res: ServerResponse, runId: string, slot: TStreamSlot): void {
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.write(`retry: ${STREAM_TIMING.minUpdateIntervalMs}\n\n`);

  let closed = false;
  let lastSentAt = 0;
  let lastVersion = req.headers["last-event-id"] ? String(req.headers["last-event-id"]) : "";
  let pending: NodeJS.Timeout | undefined;
  // The latest change this stream was told of: its next read must begin after it.
  let toldAt = runReader.mark();

  const close = () => {
    if (closed) return;
    closed = true;
    openStreams.delete(close);
    slot.release();
    clearTimeout(pending);
    clearInterval(ping);
    clearTimeout(deadline);
    unsubscribe();
    res.end();
  };

  const send = (run: Run) => {
    if (closed) return;
    const version = String(run.updatedAt.getTime());
    if (version !== lastVersion) {
      res.write(updateFrame(run));
      lastVersion = version;
      lastSentAt = Date.now();
    }
    if (isTerminal(run)) close();
  };

  const refresh = async () => {
    pending = undefined;
    const run = await runReader.read(runId, toldAt);
    if (run) send(run);
  };

  const onChange = () => {
    toldAt = runReader.mark();
    if (closed || pending) return;
    const wait = Math.max(0, lastSentAt + STREAM_TIMING.minUpdateIntervalMs - Date.now());
    pending = setTimeout(() => void refresh(), wait);
  };

  // Subscribe before the first read, so a change landing in between is not missed.
  const unsubscribe = subscribeToRun(runId, onChange);
  const ping = setInterval(() => res.write(": ping\n\n"), STREAM_TIMING.pingIntervalMs);
  const deadline = setTimeout(close, STREAM_TIMING.maxDurationMs);
  req.on("close", close);
  if (streamsEnding) {
    void refresh().finally(close);
    return;
  }
  openStreams.add(close);
  void refresh();
}

/** GET /v1/runs/{id}/stream, registered on the REST handler by the composition root. */
export const runStreamRoute: TRestRoute = {
  method: "GET",
  path: "/v1/runs/{id}/stream",
  operation: {
    operationId: "runs-stream",
    tags: ["runs"],
    summary: "Server-Sent Events stream of a run's status",
    security: [{ bearerAuth: [] }],
    requestParams: { path: z.object({ id: z.uuid() }) },
    responses: {
      "200": {
        description: "text/event-stream of `data: {status, confidence, result, error}` updates",
        content: { "text/event-stream": { schema: { type: "string" } } },
      },
    },
  },
  async handle({ req, res, params, header }) {
    const { runId, slot } = await openRunStream({ header, setHeader: (name, value) => res.setHeader(name, value) }, params.id ?? "");
    // A client gone while the stream was being opened does not hold its slot.
    if (req.socket.destroyed) return slot.release();
    streamRun(req, res, runId, slot);
  },
};
