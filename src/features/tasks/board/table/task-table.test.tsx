import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { buildRows } from '../../rows/task-rows';
import { EMPTY_BOARD } from '../../task/task-snapshot';
import { TASK_COLUMNS } from './task-columns';
import { TaskTable } from './task-table';

const ids = Array.from({ length: 10_000 }, (_, i) => `Service_AI_${i}`);
const noop = vi.fn();
afterEach(() => vi.restoreAllMocks());

describe('TaskTable', () => {
  it('tells assistive technology about 10,000 rows while only a window of them is in the DOM', () => {
    // jsdom has no layout: give the scroll box a 600 px viewport.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    render(
      <TaskTable
        rows={buildRows(ids, EMPTY_BOARD)}
        version={0}
        selected={new Set()}
        changed={new Set()}
        stallMs={60_000}
        freshness="live"
        onSelect={noop}
        onSelectAll={noop}
        onRemove={noop}
      />,
    );
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
