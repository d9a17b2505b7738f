/**
 * Work done in the browser's idle moments, a slice at a time: each slice runs while `hasTime()` says so, then asks for
 * the next moment. Where there is no requestIdleCallback (WebKit), a timer gives 4 ms slices.
 */

/** A slice of idle time: whether it has room for more work. */
export type IdleSlice = { hasTime(): boolean };
/** Runs `work` in an idle moment; returns a cancel. */
export type IdleScheduler = (work: (slice: IdleSlice) => void) => () => void;

/** requestIdleCallback where the browser has it (a slice ends 2 ms before its deadline), else a timer's 4 ms slices. */
export const whenIdle: IdleScheduler = (work) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback((deadline) => work({ hasTime: () => deadline.timeRemaining() > 2 }));
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(() => {
    const end = performance.now() + 4;
    work({ hasTime: () => performance.now() < end });
  }, 50);
  return () => clearTimeout(timer);
};
