import { yieldToBrowser } from './yield-to-browser';

export type SliceOptions = { sliceMs?: number; pause?: () => Promise<void> };

// Reading the clock every item would cost more than the work itself on short items.
const CHECK_EVERY = 1024;

/**
 * Long loops in slices: call due() after each item; when it says so, await pause(), which yields to
 * the browser (input, paint) so no slice runs much longer than sliceMs.
 */
export function createSlicer({ sliceMs = 8, pause = yieldToBrowser }: SliceOptions = {}) {
  let start = performance.now();
  let count = 0;
  return {
    due: () => ++count % CHECK_EVERY === 0 && performance.now() - start >= sliceMs,
    pause: async () => {
      await pause();
      start = performance.now();
    },
  };
}
