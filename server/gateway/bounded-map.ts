type Entry<K, V> = { readonly key: K; value: V };

/**
 * A Map of at most `capacity` keys; a new key takes the place of the one added longest ago.
 * The order is kept in a ring, not in the Map's own order: after many deletes from its front,
 * V8 walks every deleted slot to find the first live key (a million adds took minutes).
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  private readonly ring: (Entry<K, V> | undefined)[];
  private next = 0;

  constructor(readonly capacity: number) {
    this.ring = new Array<Entry<K, V> | undefined>(Math.max(0, capacity));
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** A key already held keeps its place and takes the new value; a capacity of 0 holds nothing. */
  set(key: K, value: V): void {
    const held = this.entries.get(key);
    if (held !== undefined) {
      held.value = value;
      return;
    }
    if (this.ring.length === 0) return;
    const oldest = this.ring[this.next];
    // Only if that slot's entry is still the held one (not deleted, nor added again since).
    if (oldest !== undefined && this.entries.get(oldest.key) === oldest) this.entries.delete(oldest.key);
    const entry = { key, value };
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.ring.length;
    this.entries.set(key, entry);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
