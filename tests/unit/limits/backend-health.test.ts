// The limiter backend's health: calls are bounded by the timeout, an outage is logged once
// however many calls meet it, calls during it go straight to the fallback, and the first
// probe that answers ends it (logged once).
import { afterEach, describe, expect, it, vi } from "vitest";
import { BackendHealth } from "../../../src/domains/limits/backend-health.ts";
import { logger } from "../../../src/foundation/logger.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("BackendHealth", () => {
  it("falls back within the timeout, warns once per outage, skips the backend while down, and recovers on a probe", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    let answering = false;
    const health = new BackendHealth({
      backend: "redis",
      probe: () => (answering ? Promise.resolve("PONG") : new Promise(() => undefined)),
      timeoutMs: 50,
      probeIntervalMs: 20,
    });
    try {
      const hanging = vi.fn(() => new Promise<string>(() => undefined));
      const results = await Promise.all(Array.from({ length: 5 }, () => health.attempt(hanging, () => "fallback")));
      expect(results).toEqual(Array(5).fill("fallback"));
      expect(health.available).toBe(false);
      // While down the backend is not asked at all.
      const calls = hanging.mock.calls.length;
      for (let index = 0; index < 50; index += 1) expect(await health.attempt(hanging, () => "fallback")).toBe("fallback");
      expect(hanging.mock.calls.length).toBe(calls);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toBe("rate limiter backend unavailable; falling back to per-instance limits");

      answering = true;
      await vi.waitFor(() => expect(health.available).toBe(true), { timeout: 2_000 });
      expect(info.mock.calls.filter(([message]) => message === "rate limiter backend recovered")).toHaveLength(1);
      expect(await health.attempt(async () => "backend", () => "fallback")).toBe("backend");

      // A second outage: one more warning.
      await health.attempt(() => Promise.reject(new Error("ECONNREFUSED")), () => "fallback");
      await health.attempt(() => Promise.reject(new Error("ECONNREFUSED")), () => "fallback");
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      health.close();
    }
  });
});
