import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { item } from '../../testing/snapshots';
import { mergeBoard } from '../../status-worker/merge-board';
import { buildRows } from '../../rows/task-rows';
import { EMPTY_BOARD } from '../../task/task-snapshot';
import { BulkActions } from './bulk-actions';

const ids = ['Service_AI_a', 'Service_AI_b'];
const rows = buildRows(ids, mergeBoard(EMPTY_BOARD, ids, [item('Service_AI_a', 5, { errorCode: 3001 })], 1_000, 1));

afterEach(() => act(() => setLocale('en')));

describe('BulkActions', () => {
  it('counts the rows it acts on with plurals, in English and in Chinese', async () => {
    const { rerender } = render(
      <BulkActions rows={rows.slice(0, 1)} version={0} counts={null} scope="selected" onRemoved={() => undefined} />,
    );
    expect(screen.getByRole('group', { name: 'Actions on selected tasks' })).toHaveTextContent('1 task selected:');
    rerender(<BulkActions rows={rows} version={0} counts={null} scope="shown" onRemoved={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Actions on shown tasks' })).toHaveTextContent('2 tasks shown:');
    await userEvent.click(screen.getByRole('button', { name: 'Remove 2' }));
    expect(screen.getByRole('button', { name: 'Yes, remove 2 tasks' })).toBeInTheDocument();

    await act(() => setLocale('zh-CN'));
    const group = screen.getByRole('group', { name: '对显示的任务的操作' });
    expect(group).toHaveTextContent('显示 2 个任务：');
    expect(screen.getByRole('button', { name: '确定移除 2 个任务' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '复制失败任务的 ID' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeEnabled();
  });

  it('reads the list worker’s counts when it gave them, and scans the rows when not', () => {
    // Task a failed, b has no answer yet: neither has a link.
    const { rerender } = render(<BulkActions rows={rows} version={0} counts={null} scope="shown" onRemoved={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Copy failed IDs' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Copy download links' })).toBeDisabled();
    rerender(<BulkActions rows={rows} version={1} counts={{ withLinks: 1, failed: 0 }} scope="shown" onRemoved={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Copy failed IDs' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy download links' })).toBeEnabled();
  });
});
