// Many callers in one turn of the event loop, one round trip: items added during a turn
// are handed to `flush` together on the next (setImmediate), and every caller's promise
// settles with that one flush. Used where concurrent requests each make a small write of
// the same shape (queuing jobs, change notifications).

export function batchPerTurn<T>(flush: (items: T[]) => Promise<void>): (items: readonly T[]) => Promise<void> {
  let pending: { items: T[]; flushed: Promise<void> } | undefined;
  return (items) => {
    if (pending) {
      pending.items.push(...items);
      return pending.flushed;
    }
    const batch = { items: [...items], flushed: Promise.resolve() };
    batch.flushed = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      pending = undefined;
      return flush(batch.items);
    });
    pending = batch;
    return batch.flushed;
  };
}
