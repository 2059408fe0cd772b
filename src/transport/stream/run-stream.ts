// GET /v1/runs/:id/stream — Server-Sent Events. The first update goes out at once, later
// ones on every change (at most one per 2 s), a `: ping` comment every 15 s, and the
// stream closes on a terminal state or after 30 s. Each update carries `id:` (the run's
// version and status) so a reconnecting client's Last-Event-ID skips what it already saw;
// a client that already has the final state gets 204, which stops an EventSource from
// reconnecting. At shutdown every open stream is ended cleanly, so clients reconnect (to
// another instance) at once. The key is re-checked before every update and every
// STREAM_ACCESS_RECHECK_MS in between (revoked, expired, plan, `agents:read` still
// effective): once it no longer holds the stream ends without sending anything more, and
// the client's reconnect gets the 401/403 a new call would.
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { coalescedReader } from "../../foundation/coalesced-read.ts";
import { db } from "../../foundation/db/client.ts";
import { AppError, notFound } from "../../foundation/errors.ts";
import type { Run } from "../../generated/prisma/client.ts";
import { confirmApiKeyAccess, type THeaderReader, type TPrincipal } from "../../domains/auth/authenticate.ts";
import { tenantScope } from "../../domains/auth/tenant.ts";
import { rateLimiter } from "../../domains/limits/rate-limiter.ts";
import type { TStreamSlot } from "../../domains/limits/stream-slots.ts";
import { subscribeToRun } from "../../domains/runs/run-notifier.ts";
import { TERMINAL_RUN_STATUSES, ZRunIdInput, ZRunStatus } from "../../domains/runs/runs.schemas.ts";
import { watchAccess } from "../access-watch.ts";
import { authorizeApiCall } from "../authorize.ts";
import type { TRestRoute } from "../rest/rest-handler.ts";
import { logFailure, runDetached } from "../../foundation/detached.ts";

export const STREAM_TIMING = { minUpdateIntervalMs: 2_000, pingIntervalMs: 15_000, maxDurationMs: 30_000 };
/** The scope the stream is opened with, and must keep while it is open. */
const STREAM_SCOPE = "agents:read";

const isTerminal = (run: Pick<Run, "status">) => (TERMINAL_RUN_STATUSES as readonly string[]).includes(run.status);

/**
 * An update's id: the run's last change time and its status. The status is part of it
 * because two changes can share a millisecond (an agent with no latency): the terminal
 * state must never look like one the client already has.
 */
const eventId = (run: Pick<Run, "status" | "updatedAt">) => `${run.updatedAt.getTime()}-${run.status}`;

/** The JSON of each update's `data:` line (the document's RunStreamEvent). */
export const ZRunStreamEvent = z
  .object({
    status: ZRunStatus,
    confidence: z.number().min(0).max(1).nullable().meta({ description: "The run's confidence score, once it has one." }),
    result: z.record(z.string(), z.unknown()).nullable().meta({ description: "The run's output, once it has one." }),
    error: z.string().nullable().meta({ description: "Why the run failed; null otherwise." }),
  })
  .meta({
    id: "RunStreamEvent",
    description:
      "One update of `GET /v1/runs/{id}/stream`: the JSON object on the `data:` line of each event. The stream is Server-Sent Events: each update is `id: <version>` and `data: <this object>` (no `event:` name: the default `message`); the stream opens with `retry: 2000` and sends `: ping` comments, which carry no data.",
  });

function updateFrame(run: Run): string {
  const payload: z.infer<typeof ZRunStreamEvent> = {
    status: run.status,
    confidence: run.confidenceScore,
    result: (run.output as Record<string, unknown> | null) ?? null,
    error: run.errorMessage,
  };
  return `id: ${eventId(run)}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Authenticates, checks the run exists and takes one of the key's stream slots; throws
 * AppError (rendered as JSON) before any stream starts. `finished` when the run is terminal
 * and the client's Last-Event-ID is its final update: nothing is left to stream.
 */
async function openRunStream(
  request: { header: THeaderReader; setHeader: (name: string, value: string) => void },
  runId: string,
): Promise<{ finished: true } | { finished: false; runId: string; slot: TStreamSlot; principal: TPrincipal }> {
  const principal = await authorizeApiCall(request, { scope: STREAM_SCOPE });
  const { id } = ZRunIdInput.parse({ id: runId });
  const run = await db().run.findFirst({ where: { id, ...tenantScope(principal) }, select: { id: true, status: true, updatedAt: true } });
  if (!run) throw notFound("Run");
  const lastEventId = request.header("last-event-id");
  if (lastEventId && isTerminal(run) && lastEventId === eventId(run)) return { finished: true };
  const admission = await rateLimiter().openStream(principal.apiKeyId ?? principal.actor.id);
  if (!admission.admitted) {
    throw new AppError("rate_limited", `At most ${admission.limit} streams may be open at once per API key`, {
      retry_after: admission.retryAfterSeconds,
    });
  }
  return { finished: false, runId: run.id, slot: admission.slot, principal };
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
// A read that fails sends nothing: the next change, or the reconnecting client, reads again.
const runReader = coalescedReader((runId: string) =>
  db()
    .run.findUnique({ where: { id: runId } })
    .catch(logFailure("reading a streamed run", { fields: { runId } })),
);

type TOpenedStream = { runId: string; slot: TStreamSlot; principal: TPrincipal; header: THeaderReader };

function streamRun(req: IncomingMessage, res: ServerResponse, { runId, slot, principal, header }: TOpenedStream): void {
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
    access.stop();
    clearTimeout(pending);
    clearInterval(ping);
    clearTimeout(deadline);
    unsubscribe();
    res.end();
  };

  // The key is re-checked before every update and on a timer in between; once it no longer
  // holds, a comment names the reason (parsers skip it) and the stream ends.
  const access = watchAccess(
    () => confirmApiKeyAccess(principal, header, STREAM_SCOPE),
    (error) => {
      if (closed) return;
      const type = error instanceof AppError ? error.type : "internal_error";
      res.write(`: access ended (${type})\n\n`);
      close();
    },
  );

  const send = (run: Run) => {
    if (closed) return;
    const version = eventId(run);
    if (version !== lastVersion) {
      res.write(updateFrame(run));
      lastVersion = version;
      lastSentAt = Date.now();
    }
    if (isTerminal(run)) close();
  };

  const refresh = async () => {
    pending = undefined;
    // Checked before the read whose state goes out: no update reaches a key that lost access.
    if (!(await access.confirm())) return;
    const run = await runReader.read(runId, toldAt);
    if (run) send(run);
  };

  const onChange = () => {
    toldAt = runReader.mark();
    if (closed || pending) return;
    const wait = Math.max(0, lastSentAt + STREAM_TIMING.minUpdateIntervalMs - Date.now());
    pending = setTimeout(() => runDetached(refresh(), "updating a run stream", { fields: { runId } }), wait);
  };

  // Subscribe before the first read, so a change landing in between is not missed.
  const unsubscribe = subscribeToRun(runId, onChange);
  const ping = setInterval(() => res.write(": ping\n\n"), STREAM_TIMING.pingIntervalMs);
  const deadline = setTimeout(close, STREAM_TIMING.maxDurationMs);
  req.on("close", close);
  if (streamsEnding) {
    runDetached(refresh().finally(close), "updating a run stream", { fields: { runId } });
    return;
  }
  openStreams.add(close);
  runDetached(refresh(), "updating a run stream", { fields: { runId } });
}

/** GET /v1/runs/{id}/stream, registered on the REST handler by the composition root. */
export const runStreamRoute: TRestRoute = {
  method: "GET",
  path: "/v1/runs/{id}/stream",
  operation: {
    operationId: "runs-stream",
    tags: ["runs"],
    summary: "Server-Sent Events stream of a run's status",
    description:
      "The first update goes out at once, later ones on every change (at most one per 2 s), a `: ping` comment every 15 s; the stream ends on a terminal status, after 30 s, or once the key no longer holds (revoked, expired, or `agents:read` no longer among its effective scopes: re-checked before every update and at least every 10 s; the reconnect then gets the 401/403 a new call would). Each update is `id: <version>` and `data: <RunStreamEvent JSON>`; reconnect with `Last-Event-ID` to skip what was already received.",
    security: [{ bearerAuth: [] }],
    requestParams: {
      path: z.object({ id: z.uuid() }),
      header: z.object({
        "Last-Event-ID": z
          .string()
          .optional()
          .meta({ description: "The `id:` of the last update the client received (an EventSource sends it when it reconnects)" }),
      }),
    },
    responses: {
      "200": {
        description:
          "Server-Sent Events. The schema is that of one event's data: each update is an `id:` line and a `data:` line holding a RunStreamEvent as JSON (see its description for the framing).",
        content: { "text/event-stream": { schema: ZRunStreamEvent } },
      },
      "204": {
        description:
          "The run is finished and the request's `Last-Event-ID` is the id of its final update: nothing more will come (an EventSource stops reconnecting)",
      },
    },
  },
  async handle({ req, res, params, header }) {
    const opened = await openRunStream({ header, setHeader: (name, value) => res.setHeader(name, value) }, params.id ?? "");
    if (opened.finished) {
      res.writeHead(204).end();
      return;
    }
    // A client gone while the stream was being opened does not hold its slot.
    if (req.socket.destroyed) return opened.slot.release();
    streamRun(req, res, { ...opened, header });
  },
};
