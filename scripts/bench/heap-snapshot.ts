import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

/**
 * A heap snapshot of the page (BENCH_HEAP=1), its live objects' own sizes summed by kind and constructor: what the
 * page keeps for its watched tasks (an object's own size, not what it holds; strings and arrays are kinds of their own).
 * `saveTo`: also write the snapshot there (DevTools' Memory panel loads it).
 */
export async function printHeapByConstructor(cdp: CDPSession, saveTo?: string, top = 25): Promise<void> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => void chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const text = chunks.join('');
  if (saveTo) writeFileSync(saveTo, text);
  const heap = JSON.parse(text) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const kinds = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const bySize = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  let sizeless = 0;
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const kind = kinds[heap.nodes[i + typeAt]!]!;
    const bytes = heap.nodes[i + sizeAt]!;
    // No heap object: a small integer, or a number's value as the snapshot shows it (a "string" child of each number
    // node). Counted, they doubled the numbers and strings (issue 38: 435,000 of 702,000 "strings" at 100,000 tasks).
    if (bytes === 0) {
      sizeless++;
      continue;
    }
    total += bytes;
    // An object by its constructor; a string, number, array or code by its kind alone (their names are their contents).
    const key = kind === 'object' || kind === 'closure' ? `${kind} ${heap.strings[heap.nodes[i + nameAt]!]}` : kind;
    const entry = bySize.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += bytes;
    entry.count++;
    bySize.set(key, entry);
  }
  console.log(
    `heap snapshot: ${(total / 1e6).toFixed(1)} MB of live objects (${sizeless.toLocaleString('en-US')} nodes of no size left out), the largest by kind and constructor:`,
  );
  for (const [key, { bytes, count }] of [...bySize].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top))
    console.log(`${(bytes / 1e6).toFixed(1).padStart(8)} MB  ${String(count).padStart(9)}  ${key}`);
}
