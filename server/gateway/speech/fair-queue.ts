/** Keys remembered while they have nothing waiting, so a key just served does not go first again. */
const REMEMBERED_KEYS = 1024;

/**
 * A queue served round-robin among keys (callers): shift() takes the oldest item of the key served
 * longest ago (a key never served first), so one key with many items waiting delays another key's
 * item by at most one of its own, not by all of them. Within a key, first in first out.
 */
export class FairQueue<T> {
  private readonly byKey = new Map<string, T[]>();
  /** The tick at which each key was last served. */
  private readonly servedAt = new Map<string, number>();
  private ticks = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(key: string, item: T): void {
    const items = this.byKey.get(key);
    if (items) items.push(item);
    else this.byKey.set(key, [item]);
    this.count++;
  }

  shift(): T | undefined {
    let key: string | undefined;
    let oldest = Infinity;
    // Keys with items waiting: at most as many as the admission lets in, so a scan is cheap.
    for (const k of this.byKey.keys()) {
      const at = this.servedAt.get(k) ?? -1;
      if (at < oldest) [key, oldest] = [k, at];
    }
    if (key === undefined) return undefined;
    const items = this.byKey.get(key)!;
    const item = items.shift()!;
    if (items.length === 0) this.byKey.delete(key);
    this.servedAt.set(key, ++this.ticks);
    if (this.servedAt.size > REMEMBERED_KEYS) for (const k of this.servedAt.keys()) if (!this.byKey.has(k)) this.servedAt.delete(k);
    this.count--;
    return item;
  }

  /** Takes `item` out wherever it waits; false when it was not waiting. */
  remove(key: string, item: T): boolean {
    const items = this.byKey.get(key);
    const at = items ? items.indexOf(item) : -1;
    if (!items || at < 0) return false;
    items.splice(at, 1);
    if (items.length === 0) this.byKey.delete(key);
    this.count--;
    return true;
  }

  /** Empties the queue and answers what was in it. */
  drain(): T[] {
    const all = [...this.byKey.values()].flat();
    this.byKey.clear();
    this.count = 0;
    return all;
  }
}
