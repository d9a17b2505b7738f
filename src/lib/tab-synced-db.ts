import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb';

/**
 * The two halves every store kept on the device needs (lexicons, saved views, watch lists, histories):
 * its IndexedDB database, opened once, and a channel that tells the other tabs of this browser what
 * changed. Import it only from code loaded on demand: idb stays out of the first visit.
 */

/**
 * A function that opens the database on its first call and hands the same one to every later call.
 * An open that fails (private mode, a blocked upgrade) is not remembered: the next call tries again.
 * When a newer version of the console in another tab wants to upgrade, this one steps aside (closes);
 * the next call opens again.
 */
export function lazyDatabase<Schema extends DBSchema | unknown>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<Schema>['upgrade']>,
): () => Promise<IDBPDatabase<Schema>> {
  let opening: Promise<IDBPDatabase<Schema>> | null = null;
  const open = (): Promise<IDBPDatabase<Schema>> =>
    openDB<Schema>(name, version, {
      upgrade,
      blocking() {
        const closing = opening;
        opening = null;
        void closing?.then((db) => db.close());
      },
    });
  return () => {
    opening ??= open().catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
}

export type TabChannel<Message> = {
  /** Calls `listener` with each message: from other tabs, and those this tab `publish`es. Returns the unsubscribe. */
  subscribe(listener: (message: Message) => void): () => void;
  /** Tells this tab's listeners and the other tabs (a BroadcastChannel does not deliver to its own sender). */
  publish(message: Message): void;
  /** Tells only the other tabs. */
  tellOthers(message: Message): void;
};

/**
 * A BroadcastChannel between the tabs of this browser, opened on first use (none where the browser has
 * none: then the page works alone). Anything may arrive on a channel, so each message goes through
 * `read` first, and one it returns null for is dropped.
 */
export function tabChannel<Message>(name: string, read: (data: unknown) => Message | null): TabChannel<Message> {
  let channel: BroadcastChannel | null = null;
  const listeners = new Set<(message: Message) => void>();
  const deliver = (message: Message) => {
    for (const listener of [...listeners]) listener(message);
  };
  const open = (): BroadcastChannel | null => {
    if (!channel && typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(name);
      channel.onmessage = (event: MessageEvent) => {
        const message = read(event.data);
        if (message !== null) deliver(message);
      };
    }
    return channel;
  };
  return {
    subscribe(listener) {
      open();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    publish(message) {
      deliver(message);
      open()?.postMessage(message);
    },
    tellOthers(message) {
      open()?.postMessage(message);
    },
  };
}

/** A `read` for channels whose messages are `{ [key]: string }`: that object, fresh, or null. */
export const withStringField =
  <Key extends string>(key: Key) =>
  (data: unknown): Record<Key, string> | null => {
    const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? ({ [key]: value } as Record<Key, string>) : null;
  };
