import { useSyncExternalStore } from 'react';

// One shared clock for every history row shown with a relative time ("3 minutes ago"), not a timer per row.
const TICK_MS = 5_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const still = () => () => undefined;

/** The time now, moving every few seconds while `ticking` (relative times are shown); 0 when not ticking (nothing to compare with). */
export function useNow(ticking: boolean): number {
  return useSyncExternalStore(ticking ? subscribe : still, () => (ticking ? now : 0));
}
