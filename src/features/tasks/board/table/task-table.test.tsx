import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { buildRows } from '../../rows/task-rows';
import { EMPTY_BOARD } from '../../task/task-snapshot';
import { TASK_COLUMNS } from './task-columns';
import { TaskTable } from './task-table';

const ids = Array.from({ length: 10_000 }, (_, i) => `Service_AI_${i}`);
const noop = vi.fn();
afterEach(() => vi.restoreAllMocks());

const table = (list: readonly string[] = ids) => (
  <TaskTable
    rows={buildRows(list, EMPTY_BOARD)}
    version={0}
    selected={new Set()}
    changed={new Set()}
    stallMs={60_000}
    freshness="live"
    onSelect={noop}
    onSelectAll={noop}
    onRemove={noop}
  />
);
const renderTable = () => render(table());

/** The row showing task `id` (its ID button, named by the ID). */
const rowOf = (id: string) => screen.getByRole('button', { name: id }).closest('tr')!;

describe('TaskTable', () => {
  it('a wheel step of 500 px renders the tasks that came into view, and the tasks still in view keep their rows', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    renderTable();
    const region = screen.getByRole('region', { name: 'Watched tasks' });
    const staying = ['Service_AI_7', 'Service_AI_10', 'Service_AI_14'].map((id) => [id, rowOf(id)] as const);
    // Rows given another task: React writes each one's aria-rowindex (issue 38: a step rendered every drawn row again).
    const given: Element[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) if (r.attributeName === 'aria-rowindex') given.push(r.target as Element);
    });
    observer.observe(region, { subtree: true, attributes: true });
    act(() => {
      // Ten rows of 52 px: 7-14 of the 15 drawn rows (0-14) stay drawn (7-24 after).
      region.scrollTop = 520;
      fireEvent.scroll(region);
    });
    const records = observer.takeRecords();
    for (const r of records) if (r.attributeName === 'aria-rowindex') given.push(r.target as Element);
    observer.disconnect();
    expect(screen.getByRole('button', { name: 'Service_AI_24' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Service_AI_6' })).not.toBeInTheDocument();
    for (const [id, row] of staying) expect(rowOf(id)).toBe(row);
    // 10 tasks came into view (15-24); the 7 rows that left took 7 of them, 3 rows are new.
    expect(new Set(given).size).toBe(7);
  });

  it('a focused row keeps its task: scrolled out of the drawn rows, focus goes to the table, never to another task', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    renderTable();
    const region = screen.getByRole('region', { name: 'Watched tasks' });
    const scrollTo = (top: number) =>
      act(() => {
        region.scrollTop = top;
        fireEvent.scroll(region);
      });
    act(() => screen.getByRole('button', { name: 'Remove Service_AI_9' }).focus());
    // A step that keeps the task drawn: it keeps its row, and focus with it.
    scrollTo(52 * 9);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Service_AI_9' }));
    // Far down: the focused row is given to another task, so focus moves to the table, not to "Remove Service_AI_…".
    scrollTo(52 * 500);
    expect(screen.queryByRole('button', { name: 'Remove Service_AI_9' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(region);
  });

  it('a focused Remove whose task leaves the list moves to the same button of the task now in its place', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const { rerender } = render(table());
    act(() => screen.getByRole('button', { name: 'Remove Service_AI_4' }).focus());
    act(() => rerender(table(ids.filter((id) => id !== 'Service_AI_4'))));
    expect(screen.queryByRole('button', { name: 'Remove Service_AI_4' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Service_AI_5' }));
  });

  it('tells assistive technology about 10,000 rows while only a window of them is in the DOM', () => {
    // jsdom has no layout: give the scroll box a 600 px viewport.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    renderTable();
    // Named, since the Tasks page has other tables (failures by code, the charts' data).
    const table = screen.getByRole('table', { name: 'Watched tasks' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rows = within(table).getAllByRole('row');
    // The header, the 12 rows of 52 px in view and the 3 drawn beyond them (the list is at its top): every drawn row
    // renders again when a query or a scroll brings other tasks, so a wider margin is work on each (issue 38).
    expect(rows).toHaveLength(1 + 12 + 3);
    expect(rows[1]).toHaveAttribute('aria-rowindex', '2');
    expect(within(rows[1]!).getByText('Service_AI_0')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(TASK_COLUMNS.length);
    expect(screen.getByRole('columnheader', { name: 'Last update' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all shown tasks' })).not.toBeChecked();
  });
});
