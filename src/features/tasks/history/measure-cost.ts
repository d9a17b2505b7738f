/**
 * The overview's work, timed only when the page was opened to measure it: `npm run bench:dashboard` sets
 * `__consoleMeasureCosts` to an object before the app loads, and each name's milliseconds add up there. A sum in an
 * object, not a user-timing measure: a measure and its observer cost about 0.2 ms each, several per poll update, which
 * the bench then counted in the update it measures. An operator's page times nothing.
 */
type Costs = Record<string, number>;

const costs = (): Costs | null => {
  const c = (globalThis as { __consoleMeasureCosts?: unknown }).__consoleMeasureCosts;
  return typeof c === 'object' && c !== null ? (c as Costs) : null;
};

/** The work done since `start` (a `performance.now()`), added to `name`'s sum. */
export function measureSince(name: string, start: number): void {
  const sums = costs();
  if (sums) sums[name] = (sums[name] ?? 0) + (performance.now() - start);
}

/** Run `work` and add its time to `name`'s sum. */
export function timed<T>(name: string, work: () => T): T {
  const start = performance.now();
  const out = work();
  measureSince(name, start);
  return out;
}

/** Count `n` things (records written) under `name`, beside the times: the bench tells counts by their name ("… count"). */
export function countWork(name: `${string} count`, n: number): void {
  const sums = costs();
  if (sums) sums[name] = (sums[name] ?? 0) + n;
}
