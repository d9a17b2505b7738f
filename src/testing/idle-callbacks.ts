import { vi } from 'vitest';

/**
 * requestIdleCallback and cancelIdleCallback run by hand (jsdom has none): idle work waits until the test runs it, so a
 * test knows when it is done rather than waiting for a quiet moment. Undo with vi.unstubAllGlobals.
 */
export function stubIdleCallbacks() {
  const pending = new Map<number, IdleRequestCallback>();
  let ids = 0;
  vi.stubGlobal('requestIdleCallback', (work: IdleRequestCallback) => (pending.set(++ids, work), ids));
  vi.stubGlobal('cancelIdleCallback', (id: number) => void pending.delete(id));
  /** Runs the oldest idle work waiting, with 50 ms of idle time; false when none waits. */
  const runNext = (): boolean => {
    const next = pending.entries().next();
    if (next.done) return false;
    const [id, work] = next.value;
    pending.delete(id);
    work({ didTimeout: false, timeRemaining: () => 50 });
    return true;
  };
  /** Runs idle work until none waits (each piece may ask for the next). */
  const drain = () => {
    for (let round = 0; round < 10_000 && runNext(); round++);
  };
  return { pending, runNext, drain };
}
