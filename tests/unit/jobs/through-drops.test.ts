// The local engine's bookkeeping statements ride out a brief connection loss (and only that),
// and a loop's outage is logged once, its end once.
import { describe, expect, it, vi } from "vitest";
import { outageLog, throughDrops } from "../../../src/jobs/local/through-drops.ts";

const dropped = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("throughDrops", () => {
  it("retries a statement whose connection dropped until it succeeds", async () => {
    const statement = vi.fn().mockRejectedValueOnce(dropped()).mockRejectedValueOnce(new Error("Connection terminated unexpectedly")).mockResolvedValue("done");
    await expect(throughDrops(statement)).resolves.toBe("done");
    expect(statement).toHaveBeenCalledTimes(3);
  });

  it("does not retry any other failure", async () => {
    const statement = vi.fn().mockRejectedValue(new Error("syntax error"));
    await expect(throughDrops(statement)).rejects.toThrow("syntax error");
    expect(statement).toHaveBeenCalledTimes(1);
  });

  it("gives up after its schedule (about 8 s) and throws the drop", async () => {
    vi.useFakeTimers();
    try {
      const statement = vi.fn().mockRejectedValue(dropped());
      const result = throughDrops(statement).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await result).toMatchObject({ code: "57P01" });
      expect(statement).toHaveBeenCalledTimes(7);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits no longer than its budget (a share of a short lease)", async () => {
    vi.useFakeTimers();
    try {
      const statement = vi.fn().mockRejectedValue(dropped());
      const result = throughDrops(statement, 1_200).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await result).toMatchObject({ code: "57P01" });
      // 100 + 250 + 500 ms fit in 1.2 s; the next wait (1 s) would not.
      expect(statement).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("outageLog", () => {
  it("logs the loss once per outage and the recovery once", () => {
    const lost = vi.fn();
    const recovered = vi.fn();
    const log = outageLog({ lost, recovered });
    log.succeeded();
    expect(log.failed(dropped())).toBe(true);
    expect(log.failed(dropped())).toBe(true);
    expect(log.failed(new Error("a bug"))).toBe(false);
    log.succeeded();
    log.succeeded();
    expect(log.failed(dropped())).toBe(true);
    expect(lost).toHaveBeenCalledTimes(2);
    expect(recovered).toHaveBeenCalledTimes(1);
  });
});
