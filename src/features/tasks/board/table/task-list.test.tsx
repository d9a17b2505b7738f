import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { item } from '../../testing/snapshots';
import { boardRows } from '../../rows/board-rows';
import { mergeBoard } from '../../status-worker/merge-board';
import { EMPTY_BOARD } from '../../task/task-snapshot';
import { TaskList } from './task-list';
import { TASK_COLUMNS } from './task-columns';
import { SLICE_WORK } from '../../query';

const ids = ['Service_AI_a', 'Service_AI_b', 'Service_AI_c'];

const firstRowId = () => within(screen.getAllByRole('row')[1]!).getByText(/^Service_AI_/).textContent;
const rowIds = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getByText(/^Service_AI_/).textContent);

afterEach(() => vi.restoreAllMocks());

/** 40,000 watched rows: free text costs 6 units a row, so a query on them reads two slices, the second in a task of its own. */
function moreThanASlice() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  const many = Array.from({ length: SLICE_WORK / 5 }, (_, i) => `Service_AI_${i.toString(16).padStart(8, '0')}`);
  const { rows, version } = boardRows(many, mergeBoard(EMPTY_BOARD, many, [], 1_000, 1));
  const props = { rows, version, onQuery: vi.fn(), changed: new Set<string>(), stallMs: 60_000, freshness: 'live' as const };
  return { many, props };
}

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
    const props = { query: 'sort:progress-desc', onQuery: vi.fn(), changed: new Set<string>(), stallMs: 60_000 };
    const { rerender } = render(<TaskList {...props} rows={first.rows} version={first.version} freshness="live" />);
    expect(firstRowId()).toBe('Service_AI_c');

    board = mergeBoard(board, ['Service_AI_a'], [item('Service_AI_a', 3, { taskProgress: 90 })], 2_000, 1);
    const next = boardRows(ids, board);
    expect(next.rows).toBe(first.rows);
    rerender(<TaskList {...props} rows={next.rows} version={next.version} freshness="live" />);
    expect(firstRowId()).toBe('Service_AI_a');
  });

  it('shows the rows the query keeps, with the count to match, and filters again on a poll update', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const now = Date.now();
    const all = ['Service_AI_a', 'Service_AI_b', 'Service_AI_c', 'Service_AI_d'];
    let board = mergeBoard(
      EMPTY_BOARD,
      all,
      [
        item('Service_AI_a', 5, { errorCode: 3002, updateTime: now - 60_000 }),
        item('Service_AI_b', 5, { errorCode: 3001, updateTime: now - 60_000 }),
        // Failed with 3002, but two hours ago: not within updated:<1h.
        item('Service_AI_c', 5, { errorCode: 3002, updateTime: now - 2 * 3_600_000 }),
        item('Service_AI_d', 3, { taskProgress: 40, updateTime: now - 60_000 }),
      ],
      now,
      1,
    );
    const first = boardRows(all, board);
    const props = { query: 'status:failed code:3002 updated:<1h', onQuery: vi.fn(), changed: new Set<string>(), stallMs: 60_000 };
    const { rerender } = render(<TaskList {...props} rows={first.rows} version={first.version} freshness="live" />);
    expect(rowIds()).toEqual(['Service_AI_a']);
    expect(screen.getByRole('heading', { name: /Watch list/ })).toHaveTextContent('(1 of 4 shown)');

    board = mergeBoard(board, ['Service_AI_d'], [item('Service_AI_d', 5, { errorCode: 3002, updateTime: now })], now + 1_000, 1);
    const next = boardRows(all, board);
    rerender(<TaskList {...props} rows={next.rows} version={next.version} freshness="live" />);
    expect(rowIds()).toEqual(['Service_AI_a', 'Service_AI_d']);
    expect(screen.getByRole('heading', { name: /Watch list/ })).toHaveTextContent('(2 of 4 shown)');
  });

  it('says a query is on when it keeps every row (one on times alone), and not for a sort alone', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const now = Date.now();
    const { rows, version } = boardRows(
      ids,
      mergeBoard(
        EMPTY_BOARD,
        ids,
        ids.map((id) => item(id, 3, { updateTime: now - 60_000 })),
        now,
        1,
      ),
    );
    const props = { rows, version, onQuery: vi.fn(), changed: new Set<string>(), stallMs: 60_000, freshness: 'live' as const };
    const heading = () => screen.getByRole('heading', { name: /Watch list/ });
    const { rerender } = render(<TaskList {...props} query="updated:<1h" />);
    expect(rowIds()).toHaveLength(3);
    expect(heading()).toHaveTextContent('(3 of 3 shown)');
    rerender(<TaskList {...props} query="sort:progress-desc" />);
    expect(heading()).toHaveTextContent(/^Watch list \(3\)$/);
  });

  it('the search field and the sort write the query', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const first = boardRows(
      ids,
      mergeBoard(
        EMPTY_BOARD,
        ids,
        ids.map((id) => item(id, 3)),
        1_000,
        1,
      ),
    );
    const onQuery = vi.fn();
    render(
      <TaskList
        rows={first.rows}
        version={first.version}
        query="status:running"
        onQuery={onQuery}
        changed={new Set()}
        stallMs={60_000}
        freshness="live"
      />,
    );
    await userEvent.type(screen.getByLabelText('Search by ID'), 'b');
    expect(onQuery).toHaveBeenLastCalledWith('status:running b');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'progress');
    expect(onQuery).toHaveBeenLastCalledWith('status:running sort:progress');
  });

  it('offers the error codes the rows have after code:', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const board = mergeBoard(
      EMPTY_BOARD,
      ids,
      [item(ids[0]!, 5, { errorCode: 3003 }), item(ids[1]!, 5, { errorCode: 3001 }), item(ids[2]!, 3)],
      1_000,
      1,
    );
    const first = boardRows(ids, board);
    render(
      <TaskList
        rows={first.rows}
        version={first.version}
        query=""
        onQuery={vi.fn()}
        changed={new Set()}
        stallMs={60_000}
        freshness="live"
      />,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Query' }), 'code:');
    expect(
      within(screen.getByRole('listbox', { name: 'Suggestions' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^3001/), expect.stringMatching(/^3003/)]);
  });

  it('keeps the last rows while a query reads more rows than a slice, writing nothing of it when the rows come within a moment', () => {
    vi.useFakeTimers();
    try {
      const { many, props } = moreThanASlice();
      const { rerender } = render(<TaskList {...props} query="" />);
      const heading = () => screen.getByRole('heading', { level: 2 });
      expect(heading()).toHaveTextContent(/^Watch list \(40,000\)$/);

      rerender(<TaskList {...props} query="00ff" />);
      // The first slice is read; the list still shows every row. The rest come within a moment: nothing is said meanwhile
      // ("Filtering…" waits 150 ms).
      expect(heading()).toHaveTextContent(/^Watch list \(40,000\)$/);
      expect(screen.getByRole('region', { name: /^Watch list/ })).toHaveAttribute('aria-busy', 'false');
      expect(within(screen.getAllByRole('row')[1]!).getByRole('checkbox')).toHaveAccessibleName(`Select ${many[0]}`);
      act(() => vi.advanceTimersByTime(50));
      const kept = many.filter((id) => id.includes('00ff')).length;
      expect(heading()).toHaveTextContent(`Watch list (${kept} of 40,000 shown)`);
      expect(heading()).not.toHaveTextContent('Filtering');
      expect(screen.getByRole('region', { name: /^Watch list/ })).toHaveAttribute('aria-busy', 'false');
    } finally {
      vi.useRealTimers();
    }
  });
  it('while a query with a new sort reads its rows, keeps the last rows as drawn, then sorts only the rows it kept', () => {
    vi.useFakeTimers();
    try {
      const { many, props } = moreThanASlice();
      const updated = TASK_COLUMNS.find((c) => c.id === 'updated')!.sort!;
      const { rerender } = render(<TaskList {...props} query="" />);
      const keyReads = vi.spyOn(updated, 'key');

      rerender(<TaskList {...props} query="00ff sort:updated-desc" />);
      // Every row sorted by the new order here would be thrown away when the run ends.
      expect(keyReads).not.toHaveBeenCalled();
      // (The IDs mark the query's text: the row's checkbox names it whole.)
      const firstRowBox = () => within(screen.getAllByRole('row')[1]!).getByRole('checkbox');
      expect(firstRowBox()).toHaveAccessibleName(`Select ${many[0]}`);

      act(() => vi.advanceTimersByTime(50));
      const kept = many.filter((id) => id.includes('00ff'));
      expect(keyReads).toHaveBeenCalledTimes(kept.length);
      // No task has an update time: ties stay in list order, reversed as the sort is descending.
      expect(firstRowBox()).toHaveAccessibleName(`Select ${kept.at(-1)}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with a query on from the start, shows no rows (not every row) and no "no tasks" line until the first result', () => {
    vi.useFakeTimers();
    try {
      const { many, props } = moreThanASlice();
      render(<TaskList {...props} query="00ff" />);
      const heading = () => screen.getByRole('heading', { level: 2 });
      expect(heading()).toHaveTextContent('(0 of 40,000 shown)Filtering…');
      expect(screen.getAllByRole('row')).toHaveLength(1);
      expect(screen.queryByText('No watched task matches the filter and search.')).toBeNull();
      act(() => vi.advanceTimersByTime(50));
      const kept = many.filter((id) => id.includes('00ff')).length;
      expect(heading()).toHaveTextContent(`Watch list (${kept} of 40,000 shown)`);
    } finally {
      vi.useRealTimers();
    }
  });
});
