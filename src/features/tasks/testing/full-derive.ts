import { summarize, buildRows } from '../rows';
import { taskPhase, type TaskBoard } from '../task';

/** The rows, counts and open set by the full computation over the whole list: the oracle for the incremental derives. */
export function fullDerive(list: readonly string[], board: TaskBoard) {
  const rows = buildRows(list, board);
  const summary = summarize(rows);
  return {
    rows,
    total: summary.total,
    live: summary.live,
    counts: Object.fromEntries([...summary.counts].filter(([, n]) => n > 0)),
    open: list.filter((id) => taskPhase(board.tasks.get(id)) !== 'terminal').sort(),
  };
}
