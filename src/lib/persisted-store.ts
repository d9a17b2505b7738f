import { useSyncExternalStore } from 'react';

/** A tiny external store: one value, listeners, and useSyncExternalStore for React. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  /** The value, or what `select` reads of it: a component renders again only when that changes (Object.is). */
  function use(): T;
  function use<S>(select: (value: T) => S): S;
  function use<S>(select?: (value: T) => S): T | S {
    const snapshot = () => (select ? select(value) : value);
    return useSyncExternalStore(subscribe, snapshot, snapshot);
  }
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe,
    use,
  };
}

export function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    if (value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked (private mode): the value lives for this page only.
  }
}

export const local = () => (typeof window === 'undefined' ? undefined : window.localStorage);
export const session = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

/** Anything with zod's safeParse (zod or zod/mini): the stored value is only trusted through it. */
type StoredSchema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

type PersistedStore<T> = ReturnType<typeof createStore<T>> & {
  /** Replace the value and write it to storage. */
  save(next: T): void;
  /** Merge a patch into an object value and save it. */
  update(patch: Partial<T>): void;
};

/**
 * One value kept under `key` in localStorage (or another Storage): read once through `schema`
 * (a value that does not parse, from an older version or a hand edit, gives `defaults`), written
 * on every save. Per-field fallbacks belong in the schema (`z.catch`).
 */
export function createPersistedStore<T>(
  key: string,
  schema: StoredSchema<T>,
  defaults: T,
  storage: () => Storage | undefined = local,
): PersistedStore<T> {
  const parsed = schema.safeParse(readJson(storage(), key));
  const store = createStore<T>(parsed.success ? parsed.data : defaults);
  const save = (next: T) => {
    writeJson(storage(), key, next);
    store.set(next);
  };
  return { ...store, save, update: (patch) => save({ ...store.get(), ...patch }) };
}
