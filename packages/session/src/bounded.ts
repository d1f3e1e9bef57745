/**
 * Bounding what a long-running reader remembers (the checks, the OTLP mapper). A `Map` keeps insertion order, so
 * "forget the oldest" is deleting from the front of its key iterator — but one key at a time that is slow: V8 keeps
 * deleted slots until the table rehashes, and every `keys().next()` walks over all of them (~40 µs per insertion at
 * 20,000 entries, which made a million-event stream take a minute). `trimOldest` forgets an eighth of the limit at
 * once, so the walk is paid once per batch.
 */

/** Once `map` (or a set) outgrows `limit`, deletes its oldest entries: the excess, at least limit/8; true if so. */
export function trimOldest<K>(map: Map<K, unknown> | Set<K>, limit: number): boolean {
  if (map.size <= limit) return false;
  let excess = Math.max(map.size - limit, Math.ceil(limit / 8));
  for (const key of map.keys()) {
    map.delete(key);
    if (--excess <= 0) break;
  }
  return true;
}
