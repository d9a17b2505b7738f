import { memo } from 'react';
import type { WatchedTask } from '../../rows';
import type { Freshness } from '../../task';
import { TASK_COLUMNS, type CellContext, type TaskColumn } from './task-columns';
import styles from '../board.module.css';

/** Fixed row height (px) the table virtualizes by; the table's CSS keeps every cell to it. */
export const ROW_HEIGHT = 52;
/** Row height as a card on narrow screens (board.module.css, max-width 640px). */
export const ROW_HEIGHT_NARROW = 100;
export const NARROW_SCREEN = '(max-width: 640px)';

type Props = {
  row: WatchedTask;
  rowIndex: number;
  selected: boolean;
  changed: boolean;
  stallMs: number;
  /** Status updates are failing (see CellContext). */
  freshness?: Freshness;
  onSelect: (id: string, selected: boolean) => void;
  onRemove: (id: string) => void;
};

export const TaskRow = memo(function TaskRow({ row, rowIndex, selected, changed, stallMs, freshness = 'live', onSelect, onRemove }: Props) {
  const ctx = { row, stallMs, freshness, selected, onSelect, onRemove };
  return (
    <tr aria-rowindex={rowIndex + 2} className={changed ? styles.rowChanged : undefined}>
      {TASK_COLUMNS.map((c) => (
        <TaskCell key={c.id} column={c} ctx={ctx} />
      ))}
    </tr>
  );
});

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** One cell, rendered again only when what it shows changes (the column's `shows`). */
const TaskCell = memo(
  function TaskCell({ column, ctx }: { column: TaskColumn; ctx: CellContext }) {
    return (
      <td className={column.className} data-column={column.id}>
        {column.cell(ctx)}
      </td>
    );
  },
  (a, b) => a.column === b.column && sameValues(a.column.shows(a.ctx), b.column.shows(b.ctx)),
);
