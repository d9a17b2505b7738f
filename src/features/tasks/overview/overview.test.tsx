import { act, render, screen } from '@testing-library/react';
import { setLocale } from '@/i18n/i18n-store';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { item, snap } from '../testing/snapshots';
import { buildRows } from '../rows/task-rows';
import { summarize } from '../rows/summarize';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import { Overview } from './overview';

// The charts chunk draws on a canvas, which jsdom has not; it has tests of its own.
vi.mock('./batch-overview', () => ({ BatchOverview: () => null }));

function summaryOf(statuses: number[]) {
  const ids = statuses.map((_, i) => `Service_AI_${i}`);
  const board: TaskBoard = { ...EMPTY_BOARD, tasks: new Map(ids.map((id, i) => [id, snap(item(id, statuses[i]!))])) };
  return summarize(buildRows(ids, board));
}

describe('Overview', () => {
  it('counts every status, and filters by a chip', async () => {
    const onToggle = vi.fn();
    render(<Overview rows={[]} summary={summaryOf([4, 4, 5, 3])} selected={new Set()} onToggle={onToggle} freshness="live" polledAt={0} />);
    expect(screen.getByText('2 of 4 finished · 1 failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finished 2' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /Unknown status/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Failed 1' }));
    expect(onToggle).toHaveBeenCalledWith(5);
  });

  it('counts and offers a filter for statuses outside 1–6 while a gateway reports them', async () => {
    const onToggle = vi.fn();
    render(<Overview rows={[]} summary={summaryOf([4, 7, 0])} selected={new Set()} onToggle={onToggle} freshness="live" polledAt={0} />);
    expect(screen.getByText('1 of 3 finished · 2 with an unknown status')).toBeInTheDocument();
    expect(summaryOf([4, 7, 0]).live).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'Unknown status 2' }));
    expect(onToggle).toHaveBeenCalledWith('unknown');
  });

  it('speaks Chinese after a switch of language, counts grouped by Intl', async () => {
    render(
      <Overview
        rows={[]}
        summary={summaryOf([4, 4, 5, 3])}
        selected={new Set()}
        onToggle={() => undefined}
        freshness="live"
        polledAt={0}
      />,
    );
    await act(() => setLocale('zh-CN'));
    try {
      expect(screen.getByRole('heading', { name: '概览' })).toBeInTheDocument();
      expect(screen.getByText('已完成 2/4 · 失败 1')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '已完成 2' })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: '按状态筛选' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: '总体：已完成的任务' })).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
