// Many readers of one key at once (a thousand open streams of one run, all told "it
// changed" by the same notification) share one database read instead of a thousand. A
// reader joins a read in flight only if that read began after the reader was told of the
// change it must see: a read that began earlier may predate the change, so the reader
// starts a fresh one instead, and later readers join that. Order is kept by a counter,
// not a clock, so "after" is exact.

type TInFlight<T> = { startedAt: number; result: Promise<T> };

export type TCoalescedReader<T> = {
  /** Marks the moment a reader learns of a change; pass the mark to `read`. */
  mark: () => number;
  /** A read of `key` that began after `since` (joined if one is in flight, else started). */
  read: (key: string, since: number) => Promise<T>;
};

export function coalescedReader<T>(load: (key: string) => Promise<T>): TCoalescedReader<T> {
  const inFlight = new Map<string, TInFlight<T>>();
  let clock = 0;
  return {
    mark: () => ++clock,
    read(key, since) {
      const current = inFlight.get(key);
      if (current && current.startedAt > since) return current.result;
      const entry: TInFlight<T> = { startedAt: ++clock, result: Promise.resolve(undefined as T) };
      entry.result = load(key).finally(() => {
        if (inFlight.get(key) === entry) inFlight.delete(key);
      });
      inFlight.set(key, entry);
      return entry.result;
    },
  };
}
