import type { TaskStatusItem } from '@/contract';
import { buildRows } from '../rows';
import { mergeBoard } from '../status-worker';
import { EMPTY_BOARD } from '../task';
import type { CellContext } from '../board/table/task-columns';

/** A table cell's context for one task as answered at `now`: its row, a 5 min stall setting, nothing selected. */
export const cellContextFor = (answer: TaskStatusItem, now: number): CellContext => ({
  row: buildRows([answer.taskId], mergeBoard(EMPTY_BOARD, [answer.taskId], [answer], now, 1))[0]!,
  stallMs: 300_000,
  selected: false,
  onSelect: () => undefined,
  onRemove: () => undefined,
});
