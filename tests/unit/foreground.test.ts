import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { foregroundBusy, trackForegroundCall } from "../../src/foundation/foreground.ts";

const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("foregroundBusy", () => {
  it("is false without API calls, however busy the event loop", () => {
    spin(150);
    expect(foregroundBusy()).toBe(false);
  });

  it("is true while a call is served on a mostly occupied event loop, and false once it closed and the grace passed", async () => {
    const response = new EventEmitter();
    trackForegroundCall(response);
    spin(150);
    expect(foregroundBusy()).toBe(true);
    response.emit("close");
    await sleep(60);
    expect(foregroundBusy()).toBe(false);
  });

  it("is false while a call is served on an idle event loop (a trickle of calls does not hold work back)", async () => {
    const response = new EventEmitter();
    trackForegroundCall(response);
    await sleep(150);
    expect(foregroundBusy()).toBe(false);
    response.emit("close");
  });
});
