import { useRef } from 'react';
import type { TaskRow as Row } from '../utils/task-rows';
import { useRowWindow } from '../hooks/use-row-window';
import { TaskRow, ROW_HEIGHT } from './task-row';

type Props = {
  rows: readonly Row[];
  selected: ReadonlySet<string>;
  changed: ReadonlySet<string>;
  stallMs: number;
  stale: boolean;
  onSelect: (id: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onRemove: (id: string) => void;
};

const COLUMNS = ['Task ID', 'Status', 'Progress', 'Result or error', 'Last update', 'ETA'];

/** Only the rows in view are in the DOM (spacer rows keep the scroll height), so 10,000 tasks stay smooth. */
export function TaskTable({ rows, selected, changed, stallMs, stale, onSelect, onSelectAll, onRemove }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { start, end, top, bottom } = useRowWindow(scrollRef, rows.length, ROW_HEIGHT);
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <div ref={scrollRef} className={`table-scroll${stale ? ' is-stale' : ''}`} tabIndex={0} role="region" aria-label="Watched tasks">
      <table className="task-table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all shown tasks"
                checked={allSelected}
                onChange={(e) => onSelectAll(e.target.checked)}
              />
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={8} style={{ height: top }} />
            </tr>
          )}
          {rows.slice(start, end).map((row, i) => {
            return (
              <TaskRow
                key={row.id}
                row={row}
                rowIndex={start + i}
                selected={selected.has(row.id)}
                changed={changed.has(row.id)}
                stallMs={stallMs}
                onSelect={onSelect}
                onRemove={onRemove}
              />
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={8} style={{ height: bottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
