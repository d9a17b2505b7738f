import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { item } from '../../testing/snapshots';
import { mergeBoard } from '../../status-worker/merge-board';
import { buildRow } from '../../rows/task-rows';
import { EMPTY_BOARD } from '../../task/task-snapshot';
import { TaskRow } from './task-row';

const ID = 'Service_AI_row';
const noop = vi.fn();

function rowAt(progress: number, at: number, prev = EMPTY_BOARD) {
  const board = mergeBoard(prev, [ID], [item(ID, 3, { taskProgress: progress, updateTime: at })], at, 1);
  return { board, row: buildRow(ID, 0, board.tasks.get(ID)) };
}

const table = (row: ReturnType<typeof rowAt>['row'], changed = false) => (
  <table>
    <tbody>
      <TaskRow row={row} rowIndex={0} selected={false} changed={changed} stallMs={60_000} onSelect={noop} onRemove={noop} />
    </tbody>
  </table>
);

describe('TaskRow', () => {
  it('on a progress step writes only to the cells that show it: nothing to its checkbox or buttons', async () => {
    const first = rowAt(45, 1_000);
    const { container, rerender } = render(table(first.row));
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(container, { subtree: true, attributes: true, characterData: true, childList: true });

    rerender(table(rowAt(46, 3_000, first.board).row));
    await act(() => Promise.resolve());
    observer.disconnect();

    expect(screen.getByRole('progressbar', { name: `Progress of ${ID}` })).toHaveAttribute('aria-valuenow', '46');
    expect(screen.getByText('46%')).toBeInTheDocument();
    const cellOf = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest('td')?.getAttribute('data-column');
    const touched = new Set(records.map((r) => cellOf(r.target)));
    expect(touched.has('progress')).toBe(true);
    for (const still of ['select', 'id', 'outcome', 'remove']) expect(touched.has(still)).toBe(false);
  });
});
