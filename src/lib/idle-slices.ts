/**
 * Work done in the browser's idle moments, a slice at a time: each slice runs while `hasTime()` says so, then asks for
 * the next moment. Where there is no requestIdleCallback (WebKit), a timer gives 4 ms slices.
 */

/** A slice of idle time: whether it has room for more work. */
export type IdleSlice = { hasTime(): boolean };
/** Runs `work` in an idle moment; returns a cancel. */
export type IdleScheduler = (work: (slice: IdleSlice) => void) => () => void;

/**
 * The most a slice runs, whatever the browser offers: an idle period with nothing scheduled is up to 50 ms, and a key
 * or click that comes meanwhile waits for the slice to end (issue 38: the list worker's first rows filled one such
 * period, a 50–114 ms task on a busy machine).
 */
export const IDLE_SLICE_MS = 8;

/**
 * requestIdleCallback where the browser has it (a slice ends 2 ms before its deadline, or after IDLE_SLICE_MS), else a
 * timer's 4 ms slices.
 */
export const whenIdle: IdleScheduler = (work) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback((deadline) => {
      const end = performance.now() + IDLE_SLICE_MS;
      work({ hasTime: () => deadline.timeRemaining() > 2 && performance.now() < end });
    });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(() => {
    const end = performance.now() + 4;
    work({ hasTime: () => performance.now() < end });
  }, 50);
  return () => clearTimeout(timer);
};
