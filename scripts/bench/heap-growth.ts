import type { CDPSession } from '@playwright/test';

type Usage = { usedSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number };

/**
 * Samples the page's heaps every `everyMs` until `stop()` (BENCH_GROWTH=1): how much V8's heap, Blink's heap (the
 * embedder's, which V8's global allocation limit counts beside its old generation) and array buffers' stores grew,
 * summed over the samples that grew (a collection in between does not hide what was made). What sets off a major
 * collection, per poll update, by heap.
 */
export function sampleHeapGrowth(cdp: CDPSession, everyMs = 100): { stop: () => Promise<string> } {
  const grew = { v8: 0, blink: 0, buffers: 0 };
  let last: Usage | null = null;
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = (await cdp.send('Runtime.getHeapUsage')) as Usage;
      if (last) {
        grew.v8 += Math.max(0, now.usedSize - last.usedSize);
        grew.blink += Math.max(0, (now.embedderHeapUsedSize ?? 0) - (last.embedderHeapUsedSize ?? 0));
        grew.buffers += Math.max(0, (now.backingStorageSize ?? 0) - (last.backingStorageSize ?? 0));
      }
      last = now;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const latest: Usage | null = last;
      const mb = (b: number | undefined) => ((b ?? 0) / 1e6).toFixed(1);
      const kb = (b: number) => (b / 1024).toFixed(0);
      return (
        `grew ${kb(grew.v8)} kB in V8's heap, ${kb(grew.blink)} kB in Blink's, ${kb(grew.buffers)} kB in array buffers; ` +
        `now ${mb(latest?.usedSize)} / ${mb(latest?.embedderHeapUsedSize)} / ${mb(latest?.backingStorageSize)} MB`
      );
    },
  };
}
