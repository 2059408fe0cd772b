// runDetached and logFailure (src/foundation/detached.ts): a promise nobody awaits, or a
// best-effort step, still reports its failure through the logger, and never as an unhandled rejection.
import { afterEach, describe, expect, it, vi } from "vitest";
import { logFailure, runDetached } from "../../src/foundation/detached.ts";
import { logger } from "../../src/foundation/logger.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("runDetached", () => {
  it("logs a rejection as '<what> failed' with the error and its fields, at warn by default", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const failure = new Error("connection reset");
      runDetached(Promise.reject(failure), "publishing a change", { fields: { eventName: "run-1" } });
      await settle();
      expect(warn).toHaveBeenCalledWith("publishing a change failed", { eventName: "run-1", error: failure });
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("logs at the level asked for, and logs nothing when the promise resolves", async () => {
    const debug = vi.spyOn(logger, "debug").mockImplementation(() => undefined);
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    runDetached(Promise.reject(new Error("gone")), "closing a lost connection", { level: "debug" });
    runDetached(Promise.resolve("fine"), "reading a run");
    await settle();
    expect(debug).toHaveBeenCalledTimes(1);
    expect(debug.mock.calls[0]![0]).toBe("closing a lost connection failed");
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("logFailure", () => {
  it("turns a rejection into undefined after logging it, so the caller goes on", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const result = await Promise.reject(new Error("pool already ended")).catch(logFailure("closing the database pool"));
    expect(result).toBeUndefined();
    expect(warn).toHaveBeenCalledWith("closing the database pool failed", { error: new Error("pool already ended") });
  });
});
