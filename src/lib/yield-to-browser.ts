type Scheduler = { yield?: () => Promise<void> };

/** Lets the browser paint and handle input before long work goes on: scheduler.yield() where it exists. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
