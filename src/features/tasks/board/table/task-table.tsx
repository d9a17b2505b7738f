import { memo, useRef, useSyncExternalStore } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useT } from '@/hooks/use-t';
import type { WatchedTask } from '../../rows';
import type { Freshness } from '../../task';
import { NARROW_SCREEN, TaskRow, ROW_HEIGHT, ROW_HEIGHT_NARROW } from './task-row';
import { TASK_COLUMNS } from './task-columns';
import styles from '../board.module.css';
import { observeRectAfterFirstFrame } from './observe-after-first-frame';
import { useRowKeys } from './use-row-keys';
import { useFocusedTask } from './use-focused-task';

type Props = {
  rows: readonly WatchedTask[];
  /** Poll updates write `rows` in place (board-rows.ts): a new version is what tells the memo the rows changed. */
  version: number;
  selected: ReadonlySet<string>;
  changed: ReadonlySet<string>;
  stallMs: number;
  freshness: Freshness;
  onSelect: (id: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onRemove: (id: string) => void;
};

/**
 * Rows drawn beyond the view on each side. A query's commit or a scroll that brings other tasks renders every drawn row
 * again: with 3 rather than 6, a 650 px view draws up to 19 rows instead of 25, and React's work in a committing key's
 * window fell by about a quarter (docs/performance/issue-38-speed-at-scale.md). Scrolling drew no more late frames
 * with 3.
 */
const OVERSCAN_ROWS = 3;

/**
 * Only the rows in view are in the DOM (spacer rows keep the scroll height), so 10,000 tasks stay smooth. Memoized: the
 * list renders up to three times for a query the box commits (the box's, the deferred one, the one with the result),
 * and the table only for the last, with new rows.
 */
export const TaskTable = memo(function TaskTable({ rows, selected, changed, stallMs, freshness, onSelect, onSelectAll, onRemove }: Props) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = useMatchMedia(NARROW_SCREEN) ? ROW_HEIGHT_NARROW : ROW_HEIGHT;
  // This app does not run the React Compiler, so nothing memoizes the virtualizer's functions. No
  // getItemKey: rows have one fixed height, and a new key function each render would make it lay out
  // every row again (100,000 objects per poll).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    // Before the first measurement (and in jsdom, which has no layout) render a screenful.
    initialRect: { width: 1000, height: 600 },
    // Measured from the next frame, not in the mounting commit (observe-after-first-frame.ts).
    observeElementRect: observeRectAfterFirstFrame,
  });
  const measured = useRef(rowHeight);
  if (measured.current !== rowHeight) {
    measured.current = rowHeight;
    virtualizer.measure();
  }
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const drawn = items.map(({ index }) => rows[index]!.id);
  const focus = useFocusedTask(scrollRef, drawn, rows);
  const keys = useRowKeys(drawn, focus.task);
  const header = { allSelected: rows.length > 0 && rows.every((r) => selected.has(r.id)), onSelectAll };
  return (
    <div
      ref={scrollRef}
      className={freshness === 'stale' ? `${styles.tableScroll} ${styles.isStale}` : styles.tableScroll}
      tabIndex={0}
      role="region"
      aria-label={t('tasks.table.region')}
      onFocus={focus.onFocus}
      onBlur={focus.onBlur}
    >
      <table className={styles.taskTable} aria-rowcount={rows.length + 1} aria-label={t('tasks.table.region')}>
        <thead>
          <tr aria-rowindex={1}>
            {TASK_COLUMNS.map((c) => (
              <th key={c.id} scope="col" data-column={c.id}>
                {typeof c.header === 'string' ? t(c.header) : c.header(header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true" className={styles.spacer}>
              <td colSpan={TASK_COLUMNS.length} style={{ height: top }} />
            </tr>
          )}
          {items.map(({ index }, i) => {
            const row = rows[index]!;
            return (
              <TaskRow
                key={keys[i]}
                row={row}
                rowIndex={index}
                selected={selected.has(row.id)}
                changed={changed.has(row.id)}
                stallMs={stallMs}
                freshness={freshness}
                onSelect={onSelect}
                onRemove={onRemove}
              />
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true" className={styles.spacer}>
              <td colSpan={TASK_COLUMNS.length} style={{ height: bottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
});

// One MediaQueryList per query: matchMedia() parses the query afresh on every call, and the snapshot is read on every render.
const mediaLists = new Map<string, MediaQueryList | null>();
function mediaList(query: string): MediaQueryList | null {
  if (!mediaLists.has(query)) mediaLists.set(query, typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);
  return mediaLists.get(query)!;
}

function useMatchMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaList(query)?.matches ?? false,
  );
}
