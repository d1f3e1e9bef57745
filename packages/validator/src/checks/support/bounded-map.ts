/**
 * A map a check may fill from the wire without growing for ever: it forgets its oldest entries beyond `limit`
 * (in batches, see `trimOldest`), and remembers that it forgot — a check must not report "never seen" once it may
 * have forgotten.
 */
import { trimOldest } from "@mcp-conf/session";

export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  forgotten = false;
  constructor(private readonly limit = 20_000) {}
  get(key: K): V | undefined {
    return this.map.get(key);
  }
  has(key: K): boolean {
    return this.map.has(key);
  }
  set(key: K, value: V): void {
    if (this.map.has(key)) this.map.delete(key);
    this.map.set(key, value);
    if (trimOldest(this.map, this.limit)) this.forgotten = true;
  }
  delete(key: K): void {
    this.map.delete(key);
  }
  values(): IterableIterator<V> {
    return this.map.values();
  }
  get size(): number {
    return this.map.size;
  }
}
