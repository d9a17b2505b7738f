import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { setLocale } from '@/i18n/i18n-store';
import { timeSettingStore } from '@/i18n/time-setting';
import type { TaskStatusItem } from '@/contract';
import { item } from '../../testing/snapshots';
import { mergeBoard } from '../../status-worker/merge-board';
import { buildRows } from '../../rows/task-rows';
import { EMPTY_BOARD } from '../../task/task-snapshot';
import { cellContextFor } from '../../testing/cell-context';
import { TASK_COLUMNS } from './task-columns';
import { StatusCell } from './clock-cells';

const NOW = Date.UTC(2026, 10, 25, 12);
beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
afterEach(async () => {
  vi.useRealTimers();
  timeSettingStore.set({ display: 'relative', zone: 'local' });
  await act(() => setLocale('en'));
});

const cell = (id: string, answer: TaskStatusItem) =>
  render(<>{TASK_COLUMNS.find((c) => c.id === id)!.cell(cellContextFor(answer, NOW))}</>);

describe('Last update cell', () => {
  it('shows a true time as "ago"', () => {
    cell('updated', item('Service_AI_a', 3, { updateTime: NOW - 65_000 }));
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
  });

  it('follows the time setting: absolute, in UTC, and in the chosen language', async () => {
    timeSettingStore.set({ display: 'absolute', zone: 'utc' });
    cell('updated', item('Service_AI_a', 3, { updateTime: NOW - 65_000 }));
    expect(screen.getByText('Nov 25, 2026, 11:58:55 AM')).toBeInTheDocument();
    await act(() => setLocale('zh-CN'));
    expect(screen.getByText('2026年11月25日 11:58:55')).toBeInTheDocument();
    act(() => timeSettingStore.set({ display: 'relative', zone: 'utc' }));
    expect(screen.getByText('1分钟前')).toBeInTheDocument();
  });

  it.each([9_999_999_999_999, Date.UTC(4000, 0, 1), Date.UTC(1990, 0, 1), NOW + 3 * 86_400_000])(
    'says %d is out of range with its raw value, never "… d ago"',
    (raw) => {
      const { container } = cell('updated', item('Service_AI_a', 3, { updateTime: raw }));
      expect(screen.getByText(`time out of range (raw ${raw})`)).toBeInTheDocument();
      expect(container.textContent).not.toMatch(/ago|just now/);
    },
  );
});

describe('Progress cell', () => {
  it('shows progress outside 0–100 as out of range with its raw value, the bar held within 0–100', () => {
    cell('progress', item('Service_AI_a', 3, { taskProgress: 500 }));
    expect(screen.getByText('progress out of range (raw 500)')).toBeInTheDocument();
    expect(screen.queryByText('100%')).toBeNull();
    const bar = screen.getByRole('progressbar', { name: 'Progress of Service_AI_a' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', 'progress out of range (raw 500)');
  });

  it('shows progress in range as a percentage', () => {
    cell('progress', item('Service_AI_a', 3, { taskProgress: 37 }));
    expect(screen.getByText('37%')).toBeInTheDocument();
  });
});

describe('Status cell', () => {
  it('says when a status went backwards (Running → Created)', () => {
    const id = 'Service_AI_back';
    const first = mergeBoard(EMPTY_BOARD, [id], [item(id, 3, { taskProgress: 40 })], NOW - 5_000, 1);
    const board = mergeBoard(first, [id], [item(id, 1)], NOW, 1);
    render(<StatusCell row={buildRows([id], board)[0]!} stallMs={300_000} />);
    expect(screen.getByText('Created')).toBeInTheDocument();
    expect(screen.getByText('status went back from Running to Created')).toBeInTheDocument();
  });

  it('says nothing for a status moving forward', () => {
    const id = 'Service_AI_fwd';
    const first = mergeBoard(EMPTY_BOARD, [id], [item(id, 1)], NOW - 5_000, 1);
    const board = mergeBoard(first, [id], [item(id, 3, { taskProgress: 10 })], NOW, 1);
    render(<StatusCell row={buildRows([id], board)[0]!} stallMs={300_000} />);
    expect(screen.queryByText(/went back/)).toBeNull();
  });
});
