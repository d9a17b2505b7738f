/**
 * A user-timing measure of work done since `start` (npm run bench:dashboard observes them), cleared
 * from the timeline at once so a long shift does not pile up entries; observers still receive it.
 */
export function measureSince(name: string, start: number): void {
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
