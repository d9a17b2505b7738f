/**
 * User-timing measures of the overview's work, taken only when the page was opened to measure it
 * (`npm run bench:dashboard` sets `__consoleMeasureCosts` before the app loads): each measure costs
 * about 0.1 ms, several per poll update, which an operator's console need not pay.
 */
const measuring = (): boolean => (globalThis as { __consoleMeasureCosts?: unknown }).__consoleMeasureCosts === true;

/** A measure of work done since `start`, cleared from the timeline at once (observers still receive it). */
export function measureSince(name: string, start: number): void {
  if (!measuring()) return;
  performance.measure(name, { start });
  performance.clearMeasures(name);
}

/** Run `work` and measure it under `name`. */
export function timed<T>(name: string, work: () => T): T {
  const start = performance.now();
  const out = work();
  measureSince(name, start);
  return out;
}
