import { useSyncExternalStore } from 'react';

// One shared 1 s clock for every visible row, instead of a timer per row.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // The clock stood still while nothing watched it: the first subscriber re-reads it (React checks again after subscribing).
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

/**
 * What a component shows of the clock, e.g. "3 min ago": it re-renders only when that changes, not on
 * every tick (a row's cells, the charts' minute). `select` returns a primitive, so equal values bail out.
 */
export function useClock<T extends string | number | boolean | null>(select: (now: number) => T): T {
  return useSyncExternalStore(subscribe, () => select(now));
}
