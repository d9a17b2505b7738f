import { useSyncExternalStore } from 'react';

/** A tiny external store: one value, listeners, and useSyncExternalStore for React. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, () => value, () => value),
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
