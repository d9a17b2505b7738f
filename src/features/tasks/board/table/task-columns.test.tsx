import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { item, snap } from '../../testing/snapshots';
import { buildRow } from '../../rows/task-rows';
import { TASK_COLUMNS, type CellContext } from './task-columns';

const noop = vi.fn();
afterEach(() => vi.useRealTimers());

/** Every combination of what a row can carry that a cell might show. */
function contexts(): CellContext[] {
  const out: CellContext[] = [];
  for (const id of ['Service_AI_a', 'Service_AI_b'])
    for (const status of [null, 1, 3, 4, 5, 9])
      for (const progress of [0, 37])
        for (const errorCode of [0, 2107])
          for (const updateTime of [1_000, 0])
            for (const changedAt of [0, 50_000])
              for (const problem of [null, 'not a task this gateway knows'])
                for (const selected of [false, true]) {
                  const answer = status === null ? null : item(id, status, { taskProgress: progress, errorCode, updateTime });
                  const row = buildRow(id, 0, snap(answer, 60_000, { changedAt, problem }));
                  out.push({ row, stallMs: 100_000, selected, onSelect: noop, onRemove: noop });
                }
  return out;
}

// Primitives by value, objects by identity: what a memo comparing each entry with Object.is sees.
const ids = new WeakMap<object, number>();
let nextId = 0;
const keyOf = (values: readonly unknown[]) =>
  values
    .map((v) => {
      if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return `${typeof v}:${String(v)}`;
      if (!ids.has(v)) ids.set(v, ++nextId);
      return `ref:${ids.get(v)}`;
    })
    .join('|');

// One root for every cell drawn (6,144 of them): a root and container made and dropped per cell were most of this file's
// time. Each cell is drawn under a new key, so it mounts afresh as in a table of its own.
let container: HTMLDivElement;
let root: Root;
let drawn = 0;
// Drawn with flushSync outside act(): React is told so, or it would warn for each cell.
const reactTest = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = reactTest.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  reactTest.IS_REACT_ACT_ENVIRONMENT = false;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterAll(() => {
  root.unmount();
  container.remove();
  reactTest.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

const markup = (ctx: CellContext, cell: (c: CellContext) => ReactNode) => {
  flushSync(() =>
    root.render(
      <table key={++drawn}>
        <tbody>
          <tr>
            <td>{cell(ctx)}</td>
          </tr>
        </tbody>
      </table>,
    ),
  );
  // React numbers useId's IDs per render (the outcome's popover and its button share one): the same cell drawn
  // twice differs only there, so the IDs are compared as one placeholder.
  return container.innerHTML.replace(/_r_[0-9a-z]+_/g, '_r_id_');
};

describe('TASK_COLUMNS', () => {
  // A cell renders again only when one of `shows` changes: whatever it reads and does not list would go stale on screen.
  it.each(TASK_COLUMNS.map((c) => [c.id, c] as const))(
    'the %s cell looks the same for any two rows whose `shows` are equal',
    (_, column) => {
      vi.useFakeTimers({ now: 120_000, toFake: ['Date'] });
      const groups = new Map<string, CellContext[]>();
      for (const ctx of contexts()) {
        const key = keyOf(column.shows(ctx));
        groups.set(key, [...(groups.get(key) ?? []), ctx]);
      }
      let compared = 0;
      for (const group of groups.values()) {
        const first = markup(group[0]!, column.cell);
        for (const other of group.slice(1)) {
          expect(markup(other, column.cell)).toBe(first);
          compared++;
        }
      }
      // The check means something only if some rows do share `shows` (every column but ETA, which keys on the snapshot).
      if (column.id !== 'eta') expect(compared).toBeGreaterThan(0);
    },
    // 768 renders per column: about 4 s on a quiet machine, more on the shared 2-core one (not a measure of speed).
    30_000,
  );
});
