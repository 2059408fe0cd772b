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

/**
 * Many lookups in one turn of the event loop, one read: the keys asked for during a turn are
 * loaded together on the next (setImmediate), and each caller gets its own key's value. A
 * read never begins before the caller asked, so it sees every write committed before then
 * (a key revoked before a call is refused by it). Used where many callers look up the same
 * rows at once (open streams re-checking their API key together).
 */
export function lookupPerTurn<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: { keys: Set<K>; loaded: Promise<Map<K, V>> } | undefined;
  return async (key) => {
    if (!pending) {
      const batch = { keys: new Set<K>(), loaded: Promise.resolve(new Map<K, V>()) };
      batch.loaded = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        pending = undefined;
        return load([...batch.keys]);
      });
      pending = batch;
    }
    pending.keys.add(key);
    return (await pending.loaded).get(key);
  };
}
