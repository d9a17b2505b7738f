import { memo } from 'react';
import type { WatchedTask } from '../../model/task-rows';
import { TASK_COLUMNS } from './task-columns';
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
  onSelect: (id: string, selected: boolean) => void;
  onRemove: (id: string) => void;
};

export const TaskRow = memo(function TaskRow({ row, rowIndex, selected, changed, stallMs, onSelect, onRemove }: Props) {
  const ctx = { row, stallMs, selected, onSelect, onRemove };
  return (
    <tr aria-rowindex={rowIndex + 2} className={changed ? styles.rowChanged : undefined}>
      {TASK_COLUMNS.map((c) => (
        <td key={c.id} className={c.className} data-column={c.id}>
          {c.cell(ctx)}
        </td>
      ))}
    </tr>
  );
});
