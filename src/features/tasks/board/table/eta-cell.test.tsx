import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { item, snap } from '../../testing/snapshots';
import { buildRow } from '../../rows/task-rows';
import { TASK_COLUMNS } from './task-columns';

afterEach(() => vi.useRealTimers());

const etaCell = (now: number, changedAt: number) => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  const snapshot = snap(item('Service_AI_e', 3, { taskProgress: 40 }), now, { changedAt, firstRunning: { progress: 0, at: 0 } });
  const ctx = { row: buildRow('Service_AI_e', 0, snapshot), stallMs: 5 * 60_000, selected: false, onSelect: vi.fn(), onRemove: vi.fn() };
  return render(<>{TASK_COLUMNS.find((c) => c.id === 'eta')!.cell(ctx)}</>);
};

describe('ETA cell', () => {
  it('counts down from the progress rate while the task moves', () => {
    // 0 → 40 % in 4 min: 6 min more, 1 min of it gone.
    etaCell(5 * 60_000, 4 * 60_000);
    expect(screen.getByText('~5 min')).toBeInTheDocument();
  });

  it('gives no countdown for a stalled task', () => {
    const { container } = etaCell(20 * 60_000, 4 * 60_000);
    expect(screen.getByText('stalled — no estimate')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/any moment|~/);
  });
});
