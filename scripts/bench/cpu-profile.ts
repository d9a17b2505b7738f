import type { CDPSession } from '@playwright/test';

/** A sampling heap profile from now (freed objects included), read with printAllocations. */
export async function startAllocationSampling(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 8192,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}

export type Profile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  startTime?: number;
  samples?: number[];
  timeDeltas?: number[];
};

/** The functions with the most self time in a CDP CPU profile (BENCH_PROFILE=1), to find what an update costs. */
export function printProfile({ nodes, samples = [], timeDeltas = [] }: Profile, top = 15): void {
  const byId = new Map(nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  samples.forEach((id, i) => {
    const f = byId.get(id)!;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  });
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

type SamplingNode = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
};

/**
 * The functions that allocated the most in a CDP sampling heap profile (BENCH_ALLOC=1), objects the young and old
 * collections already freed included: what a poll update's garbage is made of, by the function that made it.
 */
export function printAllocations(head: SamplingNode, per: number, top = 20, what = 'per poll update'): void {
  const self = new Map<string, number>();
  const name = (f: SamplingNode['callFrame']) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
  // A built-in (an iterator's next, slice, set) is named with the function that called it.
  const stack: Array<[SamplingNode, string]> = [[head, '']];
  while (stack.length) {
    const [n, caller] = stack.pop()!;
    const key = n.callFrame.url ? name(n.callFrame) : `${name(n.callFrame)} ← ${caller}`;
    self.set(key, (self.get(key) ?? 0) + n.selfSize);
    for (const c of n.children) stack.push([c, n.callFrame.url ? name(n.callFrame) : caller]);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`allocated ${what}: ${(total / per / 1024).toFixed(0)} kB (sampled), by function:`);
  for (const [k, bytes] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(bytes / per / 1024).toFixed(1).padStart(8)} kB  ${k}`);
}
