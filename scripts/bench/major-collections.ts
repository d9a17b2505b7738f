/** What this reads of a main-thread task (main-thread-trace.ts's MainTask): the trace events inside it. */
type TaskEvents = { inside: ReadonlyArray<{ name: string; ts: number; dur?: number; args?: { value?: Record<string, unknown> } }> };

/**
 * The outer trace events of a major collection on the main thread: V8's marking started, a marking step, the
 * finalization; then Blink's heap (Oilpan, collected with V8's) swept a slice at a time in tasks of their own. Those
 * tasks carry no V8 event: counted as the page's own work until the trace named them (category `cppgc`), they were
 * 1–10 ms of a key's window right after a finalization.
 */
const MAJOR_STEPS = new Set(['V8.GCIncrementalMarkingStart', 'V8.GCIncrementalMarking', 'MajorGC', 'CppGC.IncrementalSweep']);

/**
 * The main-thread time the major collections took in `tasks`, and why each marking started (V8's `gc_reason`, e.g.
 * "memory reducer": V8 collects a page it finds allocating little, 8 s after a major collection, whatever the page is
 * doing). A window's busy time less this is what the page's own work cost in it.
 */
export function majorCollectionIn(tasks: readonly TaskEvents[]): { ms: number; reasons: string[] } {
  let ms = 0;
  const reasons: string[] = [];
  for (const task of tasks) {
    let coveredUntil = -Infinity;
    for (const e of [...task.inside].sort((a, b) => a.ts - b.ts)) {
      if (!MAJOR_STEPS.has(e.name) || e.ts < coveredUntil) continue;
      coveredUntil = e.ts + (e.dur ?? 0);
      ms += (e.dur ?? 0) / 1000;
      const reason = (e.args?.value as { gc_reason?: string } | undefined)?.gc_reason;
      if (e.name === 'V8.GCIncrementalMarkingStart' && reason) reasons.push(reason);
    }
  }
  return { ms, reasons };
}
