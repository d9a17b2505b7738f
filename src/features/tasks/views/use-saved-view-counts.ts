import { useEffect, useRef, useState } from 'react';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import type { WatchedTask } from '../rows';
import type { QueryContext } from '../query';
import { createViewCounts } from './view-counts';
import { firstSeenIn } from '../history';

/** Most main-thread time a slice of counting takes before the page runs again. */
const SLICE_MS = 8;
/** With no poll update (all tasks ended, or checking paused), the clock still moves: views on `updated:<1h` are counted again. */
const CLOCK_MS = 30_000;

const contextNow = (stallMs: number, rows: readonly WatchedTask[]): QueryContext => ({
  now: Date.now(),
  stallMs,
  firstSeen: firstSeenIn(rows),
});

/**
 * Each query's count over the watched rows (null while not counted yet), kept up to date as the
 * rows change (view-counts.ts): changed rows at once, views that read the clock in slices.
 */
export function useSavedViewCounts(
  queries: readonly string[],
  rows: readonly WatchedTask[],
  version: number,
  stallMs: number,
): ReadonlyMap<string, number | null> {
  const [counter] = useState(createViewCounts);
  const [counts, setCounts] = useState(() => counter.counts());
  const running = useRef(false);
  const alive = useRef(true);
  const kick = useRef(() => {});
  kick.current = () => {
    setCounts(counter.counts());
    if (running.current) return;
    running.current = true;
    void (async () => {
      for (;;) {
        const start = performance.now();
        const done = counter.step(() => performance.now() - start >= SLICE_MS);
        if (!alive.current) return;
        setCounts(counter.counts());
        if (done) break;
        await yieldToBrowser();
      }
      running.current = false;
    })();
  };
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const key = JSON.stringify(queries);
  useEffect(() => {
    counter.setQueries(JSON.parse(key) as string[]);
    kick.current();
  }, [counter, key]);
  useEffect(() => {
    counter.update(rows, contextNow(stallMs, rows));
    kick.current();
  }, [counter, rows, version, stallMs]);
  useEffect(() => {
    const timer = setInterval(() => {
      counter.update(rows, contextNow(stallMs, rows));
      kick.current();
    }, CLOCK_MS);
    return () => clearInterval(timer);
  }, [counter, rows, stallMs]);
  return counts;
}
