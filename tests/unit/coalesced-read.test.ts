import { describe, expect, it } from "vitest";
import { coalescedReader } from "../../src/foundation/coalesced-read.ts";

/** A load whose calls are counted and resolved by hand, so the test decides the interleaving. */
function controlledLoad() {
  const calls: { key: string; resolve: (value: string) => void }[] = [];
  const load = (key: string) => new Promise<string>((resolve) => calls.push({ key, resolve }));
  return { calls, load };
}

describe("coalescedReader", () => {
  it("lets readers told of the same change share one load", async () => {
    const { calls, load } = controlledLoad();
    const reader = coalescedReader(load);
    const marks = Array.from({ length: 100 }, () => reader.mark());
    const reads = marks.map((since) => reader.read("run-1", since));
    expect(calls).toHaveLength(1);
    calls[0]!.resolve("v2");
    expect(await Promise.all(reads)).toEqual(Array(100).fill("v2"));
  });

  it("starts a fresh load for a reader told of a change after the load in flight began", async () => {
    const { calls, load } = controlledLoad();
    const reader = coalescedReader(load);
    const early = reader.read("run-1", reader.mark());
    const toldLater = reader.mark(); // the change came after the first load started
    const late = reader.read("run-1", toldLater);
    const alsoLate = reader.read("run-1", toldLater); // told of the same change: joins the second load
    expect(calls).toHaveLength(2);
    calls[0]!.resolve("v1");
    calls[1]!.resolve("v2");
    expect(await early).toBe("v1");
    expect([await late, await alsoLate]).toEqual(["v2", "v2"]);
  });

  it("keeps keys apart and loads again once a read has finished", async () => {
    const { calls, load } = controlledLoad();
    const reader = coalescedReader(load);
    const since = reader.mark();
    const a = reader.read("a", since);
    const b = reader.read("b", since);
    expect(calls.map((call) => call.key)).toEqual(["a", "b"]);
    calls[0]!.resolve("A");
    calls[1]!.resolve("B");
    expect([await a, await b]).toEqual(["A", "B"]);
    void reader.read("a", since);
    expect(calls).toHaveLength(3);
  });
});
