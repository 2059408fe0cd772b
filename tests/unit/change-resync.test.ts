// After the LISTEN connection comes back, every local subscriber is told it may have missed
// changes: each listener once, without a detail; a triage queue's stream yields.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { resyncSubscribers, subscribeToChanges } from "../../src/foundation/change-notifier.ts";
import { triageChanges } from "../../src/domains/triage/triage-changes.ts";

describe("resyncSubscribers", () => {
  it("calls every listener of every topic once, without a detail", () => {
    const calls: [string, string | undefined][] = [];
    const offA = subscribeToChanges("topic-a", (detail) => calls.push(["a", detail]));
    const offB = subscribeToChanges("topic-b", (detail) => calls.push(["b", detail]));
    const offB2 = subscribeToChanges("topic-b", (detail) => calls.push(["b2", detail]));
    resyncSubscribers();
    expect(calls.sort()).toEqual([
      ["a", undefined],
      ["b", undefined],
      ["b2", undefined],
    ]);
    offA();
    offB();
    offB2();
    resyncSubscribers();
    expect(calls.length).toBe(3);
  });

  it("makes an open triage queue refresh", async () => {
    const controller = new AbortController();
    const stream = triageChanges({ organizationId: randomUUID(), livemode: true } as TPrincipal, controller.signal);
    const first = stream.next();
    await new Promise((resolve) => setTimeout(resolve, 10));
    resyncSubscribers();
    expect((await first).value).toEqual({ at: expect.any(String) });
    controller.abort();
    await stream.next();
  });
});
