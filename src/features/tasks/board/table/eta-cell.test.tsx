import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { item, snap, steadyMarks } from '../../testing/snapshots';
import { buildRow } from '../../rows/task-rows';
import { TASK_COLUMNS } from './task-columns';
import type { Freshness, TaskSnapshot } from '../../task';
import { formatClock } from '@/i18n/format';

afterEach(() => vi.useRealTimers());

const MIN = 60_000;
const moving = (changedAt: number): TaskSnapshot =>
  snap(item('Service_AI_e', 3, { taskProgress: 40 }), changedAt, {
    changedAt,
    progressMarks: steadyMarks({ progress: 0, at: 0 }, { progress: 40, at: changedAt }),
  });

const etaCell = (now: number, snapshot: TaskSnapshot, freshness: Freshness = 'live') => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  const ctx = {
    row: buildRow('Service_AI_e', 0, snapshot),
    stallMs: 5 * MIN,
    freshness,
    selected: false,
    onSelect: vi.fn(),
    onRemove: vi.fn(),
  };
  return render(<>{TASK_COLUMNS.find((c) => c.id === 'eta')!.cell(ctx)}</>);
};

describe('ETA cell', () => {
  it('counts down from the progress rate while the task moves', () => {
    // 0 → 40 % in 4 min: 6 min more, 1 min of it gone.
    etaCell(5 * MIN, moving(4 * MIN));
    expect(screen.getByText('~5 min')).toBeInTheDocument();
  });

  it('gives no countdown for a stalled task', () => {
    // Checked at 20 min, unchanged since 4 min.
    const { container } = etaCell(20 * MIN, { ...moving(4 * MIN), checkedAt: 20 * MIN });
    expect(screen.getByText('stalled — no estimate')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/any moment|~/);
  });

  it('says why it is empty: "estimating…" while the evidence is gathered, "cannot estimate" when progress does not move', () => {
    const fresh = snap(item('Service_AI_e', 3, { taskProgress: 10 }), 0);
    const first = etaCell(5_000, fresh);
    expect(screen.getByText('estimating…')).toBeInTheDocument();
    first.unmount();
    etaCell(2 * MIN, fresh);
    expect(screen.getByText('cannot estimate — progress not moving')).toBeInTheDocument();
  });

  it('while updates fail: the estimate of the last good check, not counting down, said to be stale and from when', () => {
    // Last checked at 4 min (6 min left then); 3 min later the table is stale.
    const { container } = etaCell(7 * MIN, moving(4 * MIN), 'stale');
    const asOf = formatClock('en', 4 * MIN, 'local');
    expect(container.textContent).toBe(`stale: ~6 min as of ${asOf}`);
  });

  it('with checks off: the estimate of the last check, not counting down, said to be not checked and from when', () => {
    const asOf = formatClock('en', 4 * MIN, 'local');
    const first = etaCell(7 * MIN, moving(4 * MIN), 'paused');
    expect(first.container.textContent).toBe(`checks off: ~6 min as of ${asOf}`);
    first.unmount();
    // Ten minutes on, nothing checked: the same words (before: "any moment", counted down on data no longer checked).
    const later = etaCell(17 * MIN, moving(4 * MIN), 'paused');
    expect(later.container.textContent).toBe(`checks off: ~6 min as of ${asOf}`);
    later.unmount();
    expect(etaCell(7 * MIN, snap(item('Service_AI_e', 3, { taskProgress: 10 }), 6 * MIN), 'paused').container.textContent).toBe(
      'checks off — no estimate',
    );
  });

  it('while updates fail, a task without an estimate says stale, not "estimating…"', () => {
    const { container } = etaCell(7 * MIN, snap(item('Service_AI_e', 3, { taskProgress: 10 }), 6 * MIN), 'stale');
    expect(container.textContent).toBe('stale — no estimate');
  });
});
