import { BoundedMap } from '../bounded-map';

/** What a stored answer was computed under; it holds while none of it has changed. */
export type AnswerConditions = {
  /** Clock readings (whole ms) for which every item's state is the one written: [from, until). */
  from: number;
  until: number;
  /** The origin of the answer's file links, when it has any. */
  origin: string | undefined;
  /** Engine counters at the time; creations only matter when some asked ID existed for no one. */
  deleted: number;
  created: number | undefined;
};

type Slot = AnswerConditions & { userId: string; body: Buffer; answer: Uint8Array<ArrayBuffer>; asked: number };

/** Bodies larger than this are answered afresh each time (100 IDs take about 5 KB). */
export const MAX_CACHED_BODY = 16 * 1024;
const MAX_SLOTS = 256;
const encoder = new TextEncoder();

/**
 * The last status answers, by user and request body bytes. A console polls the same batches of
 * IDs again and again; while no asked task can have changed state (each task's next change is
 * known from its record and the clock), no task was deleted, and no unknown ID can have been
 * created, the same bytes get the same answer without parsing, looking up or writing anything.
 * Bounded: at most MAX_SLOTS answers of at most 100 items each, the oldest dropped first.
 */
export class StatusAnswerCache {
  private readonly slots = new BoundedMap<string, Slot>(MAX_SLOTS);

  get(
    userId: string,
    body: Uint8Array,
    nowMs: number,
    version: { created: number; deleted: number },
    originOf: () => string,
    /** Told how many IDs the reused answer's request asked (the batch-size metric). */
    seen?: (asked: number) => void,
  ): Uint8Array<ArrayBuffer> | undefined {
    if (body.byteLength > MAX_CACHED_BODY) return undefined;
    const slot = this.slots.get(keyOf(userId, body));
    if (slot === undefined || slot.userId !== userId || !slot.body.equals(body)) return undefined;
    const now = Math.floor(nowMs);
    if (now < slot.from || now >= slot.until || slot.deleted !== version.deleted) return undefined;
    if (slot.created !== undefined && slot.created !== version.created) return undefined;
    if (slot.origin !== undefined && slot.origin !== originOf()) return undefined;
    seen?.(slot.asked);
    return slot.answer;
  }

  /** Keeps the answer (of a request that asked `asked` IDs) when it can be reused; either way, returns its bytes. */
  set(userId: string, body: Uint8Array, answer: string, conditions: AnswerConditions, asked = 0): Uint8Array<ArrayBuffer> {
    const bytes = encoder.encode(answer);
    if (body.byteLength > MAX_CACHED_BODY || conditions.until <= conditions.from) return bytes;
    this.slots.set(keyOf(userId, body), { ...conditions, userId, body: Buffer.from(body), answer: bytes, asked });
    return bytes;
  }
}

/** A cheap key: the user, the length and a hash of up to 64 sampled bytes (equals() settles collisions). */
function keyOf(userId: string, body: Uint8Array): string {
  const step = Math.max(1, Math.floor(body.byteLength / 64));
  let h = 0;
  for (let i = 0; i < body.byteLength; i += step) h = (Math.imul(h, 31) + body[i]!) | 0;
  return `${userId}:${body.byteLength}:${h}`;
}
