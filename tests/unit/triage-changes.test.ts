// The live triage signal: one organization and mode only, bursts collapse into one change,
// and the stream lets go of its listener when the client goes away.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { publishTriageChange } from "../../src/domains/runs/run-notifier.ts";
import { triageChanges } from "../../src/domains/triage/triage-changes.ts";

const emitter = () => (globalThis as unknown as { __agentWorkforceRunNotifier: { emitter: import("node:events").EventEmitter } }).__agentWorkforceRunNotifier.emitter;
const principal = (organizationId: string, livemode = true) => ({ organizationId, livemode }) as TPrincipal;
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("triageChanges", () => {
  it("yields on its own organization's and mode's changes, one per burst, and unsubscribes on abort", async () => {
    const orgId = randomUUID();
    const controller = new AbortController();
    const stream = triageChanges(principal(orgId), controller.signal);
    const first = stream.next();
    await tick();
    const event = `triage:${orgId}:live`;
    expect(emitter().listenerCount(event)).toBe(1);

    publishTriageChange(randomUUID(), true); // another organization
    publishTriageChange(orgId, false); // the other mode
    publishTriageChange(orgId, true);
    publishTriageChange(orgId, true);
    expect((await first).value).toEqual({ at: expect.any(String) });

    // The second change of the burst was folded into the first: nothing more is pending.
    const second = stream.next();
    let settled = false;
    void second.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);

    controller.abort();
    expect(await second).toEqual({ done: true, value: undefined });
    expect(emitter().listenerCount(event)).toBe(0);
  });

  it("ends at once when the client is already gone", async () => {
    const controller = new AbortController();
    controller.abort();
    const stream = triageChanges(principal(randomUUID()), controller.signal);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });
});
