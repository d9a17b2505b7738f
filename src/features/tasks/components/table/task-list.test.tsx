import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { item } from '../../testing/snapshots';
import { boardRows } from '../../model/board-rows';
import { mergeBoard } from '../../model/merge-board';
import { EMPTY_BOARD } from '../../model/task-snapshot';
import type { TaskView } from '../../hooks/use-task-view';
import { TaskList } from './task-list';

const ids = ['Service_AI_a', 'Service_AI_b', 'Service_AI_c'];
const byProgressDown: TaskView = { sort: 'progress', descending: true, statuses: [], search: '' };

const firstRowId = () => within(screen.getAllByRole('row')[1]!).getByText(/^Service_AI_/).textContent;

afterEach(() => vi.restoreAllMocks());

describe('TaskList', () => {
  it('sorts again when a poll update writes the shared rows array in place (a new version, the same array)', () => {
    // jsdom has no layout: give the scroll box a 600 px viewport.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    let board = mergeBoard(
      EMPTY_BOARD,
      ids,
      ids.map((id, i) => item(id, 3, { taskProgress: 10 + i * 10 })),
      1_000,
      1,
    );
    const first = boardRows(ids, board);
    const props = { statuses: new Set<never>(), view: byProgressDown, onView: vi.fn(), changed: new Set<string>(), stallMs: 60_000 };
    const { rerender } = render(<TaskList {...props} rows={first.rows} version={first.version} stale={false} />);
    expect(firstRowId()).toBe('Service_AI_c');

    board = mergeBoard(board, ['Service_AI_a'], [item('Service_AI_a', 3, { taskProgress: 90 })], 2_000, 1);
    const next = boardRows(ids, board);
    expect(next.rows).toBe(first.rows);
    rerender(<TaskList {...props} rows={next.rows} version={next.version} stale={false} />);
    expect(firstRowId()).toBe('Service_AI_a');
  });
});
