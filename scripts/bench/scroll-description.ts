// The dashboard bench's scroll phase described (BENCH_DESCRIBE=1): what each scroll step cost the main thread, the
// tasks that made a frame late, and what the page wrote in the DOM while scrolling.
import type { Profile } from './cpu-profile';
import { describeLongTasks, percentile as at, type MainThreadTrace } from './main-thread-trace';

/** The scroll steps (tasks that dispatched a scroll event): wall and CPU; the tasks over 12 ms; time by trace event. */
export function describeScroll(trace: MainThreadTrace, profile?: Profile): string[] {
  const steps = trace.tasks.filter((t) =>
    t.inside.some((e) => e.name === 'EventDispatch' && (e.args?.data as { type?: string } | undefined)?.type === 'scroll'),
  );
  const wall = steps.map((t) => t.end - t.start);
  const cpu = steps.map((t) => t.cpu);
  const byName = new Map<string, number>();
  for (const t of trace.tasks) for (const e of t.inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const busy = trace.tasks.reduce((a, t) => a + t.end - t.start, 0);
  return [
    `scroll steps (${steps.length}): wall median ${at(wall, 0.5).toFixed(1)}, p90 ${at(wall, 0.9).toFixed(1)} ms; ` +
      `CPU median ${at(cpu, 0.5).toFixed(1)}, p90 ${at(cpu, 0.9).toFixed(1)} ms; over 16.7 ms of wall: ${wall.filter((w) => w > 16.7).length}`,
    'scroll phase, tasks over 12 ms (wall, CPU; the longest events in each):',
    ...describeLongTasks(trace, trace.tasks[0]?.start ?? 0, 12, profile).map((line) => `  ${line}`),
    `scroll phase, main thread busy ${busy.toFixed(0)} ms in ${trace.tasks.length} tasks; by event (nested ones in each):`,
    `  ${[...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 24)
      .map(([n, ms]) => `${n} ${ms.toFixed(0)}`)
      .join(', ')}`,
  ];
}

/**
 * In the page (a string: tsx's helpers do not exist there): counts DOM writes on `window.columnWrites` by the table
 * column they land in (the cell's data-column, else the node's name), and rows added and removed.
 */
export const countWritesByColumn = `(() => {
  const writes = (window.columnWrites = {});
  const add = (key) => (writes[key] = (writes[key] || 0) + 1);
  const columnOf = (node) => {
    const el = node instanceof Element ? node : node.parentElement;
    return el?.closest('td, th')?.dataset.column ?? node.nodeName;
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const where = columnOf(r.target);
      if (r.type !== 'childList') add(where + ' ' + r.type + (r.attributeName ? ':' + r.attributeName : ''));
      for (const n of r.addedNodes) add(where + ' added ' + n.nodeName);
      for (const n of r.removedNodes) add(where + ' removed ' + n.nodeName);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

/** Counts by kind, most first. */
export const writesOf = (writes: Record<string, number>): string =>
  Object.entries(writes)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
