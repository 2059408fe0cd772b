// The dashboard's live streams (tRPC subscriptions over SSE at /api/trpc: runs.watch and
// triage.changes) end when the access they were opened with ends: a member removed from the
// organization, or a session signed out, stops receiving within 15 s (the server re-checks
// before every event and every STREAM_ACCESS_RECHECK_MS, 10 s by default). A member holds at
// most STREAMS_PER_MEMBER (10) open at once.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { admin, call, createTenant, signInCookie, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { openStream, type TSseEvent, type TSseStream } from "../helpers/sse.ts";
import { until } from "../helpers/waiting.ts";

const ENDS_WITHIN_MS = 15_000;
const STREAMS_PER_MEMBER = 10;

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

/** A new member of the tenant's organization, signed in: its membership id and session cookie. */
async function newMember(role: "viewer" | "reviewer" = "reviewer") {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const member = await admin<{ id: string }>("create-member", "--org", tenant.orgId, "--email", email, "--name", "Stream Watcher", "--role", role, "--password", "a long password");
  return { memberId: member.id, cookie: await signInCookie(email, "a long password") };
}

const watchRun = (cookie: string, runId: string) =>
  openStream(`/api/trpc/runs.watch?input=${encodeURIComponent(JSON.stringify({ id: runId }))}`, { headers: { cookie } });
const triageChanges = (cookie: string) => openStream("/api/trpc/triage.changes", { headers: { cookie } });

/** Reads a stream until the server closes it: every event it sent before, and when it closed. */
async function readToEnd(stream: TSseStream, timeoutMs: number): Promise<{ events: TSseEvent[]; closedAfterMs: number }> {
  const started = Date.now();
  const events: TSseEvent[] = [];
  for (;;) {
    const event = await stream.next(Math.max(1, timeoutMs - (Date.now() - started)));
    if (event === null) return { events, closedAfterMs: Date.now() - started };
    events.push(event);
  }
}

const dataEvents = (events: TSseEvent[]) => events.filter((event) => event.event === undefined && event.data !== undefined);
const errorBody = (events: TSseEvent[]) => {
  const error = events.find((event) => event.event === "serialized-error");
  return error ? (JSON.parse(error.data!) as { code: number; data: { httpStatus: number; body: { type: string } } }) : undefined;
};

/** Waits for the subscription to start (tRPC's `connected` event). */
async function connected(stream: TSseStream): Promise<void> {
  expect(stream.response.status).toBe(200);
  expect((await stream.next())?.event).toBe("connected");
}

describe("live dashboard streams end when access ends", () => {
  it("a member removed from the organization stops receiving: no later event, and both streams end within 15 s", async () => {
    const { memberId, cookie } = await newMember();
    const { runId, triageItemId } = await insertRunAwaitingTriage(tenant.orgId);
    const [watch, changes] = await Promise.all([watchRun(cookie, runId), triageChanges(cookie)]);
    try {
      await Promise.all([connected(watch), connected(changes)]);
      const first = await watch.nextData();
      expect(first?.json).toMatchObject({ run: { id: runId, status: "pending_triage" } });

      await withDatabase(inject("databaseUrl"), (client) => client.query("DELETE FROM members WHERE id = $1", [memberId]));
      // The organization decides the item right after: its output must not reach the removed member.
      const approved = await call("POST", `/v1/triage/${triageItemId}/approve`, { key: tenant.key, body: {} });
      expect(approved.status).toBe(200);

      const [watched, changed] = await Promise.all([readToEnd(watch, ENDS_WITHIN_MS), readToEnd(changes, ENDS_WITHIN_MS)]);
      expect(dataEvents(watched.events)).toEqual([]);
      expect(dataEvents(changed.events)).toEqual([]);
      for (const ended of [watched, changed]) {
        expect(ended.closedAfterMs).toBeLessThan(ENDS_WITHIN_MS);
        // A final 403, which tRPC's client does not retry (it reconnects only on 5xx codes).
        expect(errorBody(ended.events)?.data).toMatchObject({ httpStatus: 403, body: { type: "insufficient_role" } });
      }
    } finally {
      await Promise.all([watch.close(), changes.close()]);
    }
  });

  it("a signed-out session stops receiving: both streams end within 15 s with authentication_error", async () => {
    const { cookie } = await newMember("viewer");
    const { runId } = await insertRunAwaitingTriage(tenant.orgId);
    const [watch, changes] = await Promise.all([watchRun(cookie, runId), triageChanges(cookie)]);
    try {
      await Promise.all([connected(watch), connected(changes)]);
      expect((await watch.nextData())?.json).toMatchObject({ run: { id: runId } });

      const baseUrl = inject("baseUrl");
      const signOut = await fetch(`${baseUrl}/api/auth/sign-out`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, cookie },
        body: "{}",
      });
      expect(signOut.status).toBe(200);
      // The session is gone on the server: a new call with the cookie is refused.
      expect((await fetch(`${baseUrl}/api/trpc/session.me`, { headers: { cookie } })).status).toBe(401);

      const [watched, changed] = await Promise.all([readToEnd(watch, ENDS_WITHIN_MS), readToEnd(changes, ENDS_WITHIN_MS)]);
      for (const ended of [watched, changed]) {
        expect(dataEvents(ended.events)).toEqual([]);
        expect(ended.closedAfterMs).toBeLessThan(ENDS_WITHIN_MS);
        expect(errorBody(ended.events)?.data).toMatchObject({ httpStatus: 401, body: { type: "authentication_error" } });
      }
    } finally {
      await Promise.all([watch.close(), changes.close()]);
    }
  });

  it(`holds at most ${STREAMS_PER_MEMBER} open streams per member: the next is refused with rate_limited, and a closed one frees its slot`, async () => {
    const { cookie } = await newMember("viewer");
    const other = await newMember("viewer");
    const { runId } = await insertRunAwaitingTriage(tenant.orgId);
    const open: TSseStream[] = [];
    try {
      for (let index = 0; index < STREAMS_PER_MEMBER; index += 1) {
        const stream = await watchRun(cookie, runId);
        open.push(stream);
        await connected(stream);
        // The first update only comes once the stream holds its slot.
        expect((await stream.nextData())?.json).toMatchObject({ run: { id: runId } });
      }

      const refused = await watchRun(cookie, runId);
      await connected(refused);
      const { events } = await readToEnd(refused, 5_000);
      expect(dataEvents(events)).toEqual([]);
      const error = errorBody(events);
      expect(error?.data).toMatchObject({ httpStatus: 429, body: { type: "rate_limited", retry_after: expect.any(Number) } });
      // TOO_MANY_REQUESTS, not INTERNAL_SERVER_ERROR: tRPC's client stops instead of reconnecting.
      expect(error?.code).toBe(-32029);

      // Another member has slots of their own.
      const theirs = await watchRun(other.cookie, runId);
      open.push(theirs);
      await connected(theirs);
      expect((await theirs.nextData())?.json).toMatchObject({ run: { id: runId } });

      // Closing one of the member's streams gives the slot back.
      await open.shift()!.close();
      await until("a slot freed by a closed stream", async () => {
        const again = await watchRun(cookie, runId);
        await connected(again);
        const next = await again.next();
        if (next?.data !== undefined && next.event === undefined) {
          open.push(again);
          return true;
        }
        await again.close();
        return false;
      }, 10_000, 100);
    } finally {
      await Promise.all(open.map((stream) => stream.close()));
    }
  });
});
