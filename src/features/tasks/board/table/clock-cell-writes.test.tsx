import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { item, steadyMarks } from '../../testing/snapshots';
import { buildRow } from '../../rows/task-rows';
import { cellContextFor } from '../../testing/cell-context';
import { TASK_COLUMNS, type CellContext } from './task-columns';

// A work count, not a timing (issue 38): each text the clock changes on screen costs the page a layout, a paint and
// ~8 kB of Blink's heap, every second the page is open. A live row's "N seconds ago" and its ETA are written when what
// they say changes, once in 5 s, not on every 1 s tick.

const NOW = Date.UTC(2026, 10, 25, 12);
beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] }));
afterEach(() => vi.useRealTimers());

/** The texts the clock writes into a cell over `seconds` ticks of 1 s. */
function textsWrittenOver(cell: ReactNode, seconds: number) {
  const { container } = render(<>{cell}</>);
  const observer = new MutationObserver(() => undefined);
  observer.observe(container, { subtree: true, childList: true, characterData: true });
  const said: string[] = [];
  for (let s = 0; s < seconds; s++) {
    act(() => vi.advanceTimersByTime(1_000));
    if (observer.takeRecords().length > 0) said.push(container.textContent ?? '');
  }
  observer.disconnect();
  return said;
}

const columnCell = (id: string, ctx: CellContext) => TASK_COLUMNS.find((c) => c.id === id)!.cell(ctx);

describe('what the clock writes into a live row (work counts)', () => {
  it('writes the updated time once in 5 s over its first minute, not every second', () => {
    const answer = item('Service_AI_a', 3, { updateTime: NOW, taskProgress: 40 });
    const said = textsWrittenOver(columnCell('updated', cellContextFor(answer, NOW)), 60);
    expect(said).toEqual([
      '5 seconds ago',
      '10 seconds ago',
      '15 seconds ago',
      '20 seconds ago',
      '25 seconds ago',
      '30 seconds ago',
      '35 seconds ago',
      '40 seconds ago',
      '45 seconds ago',
      '50 seconds ago',
      '55 seconds ago',
      '1 minute ago',
    ]);
  });

  it('counts an ETA down once in 5 s, rounded up, not every second', () => {
    // 0 → 40 % over the last 4 min, checked now: 6 min left, and the clock then counts it down.
    const answered = cellContextFor(item('Service_AI_e', 3, { taskProgress: 40, updateTime: NOW }), NOW);
    const snapshot = {
      ...answered.row.snapshot!,
      changedAt: NOW,
      progressMarks: steadyMarks({ progress: 0, at: NOW - 4 * 60_000 }, { progress: 40, at: NOW }),
    };
    const ctx = { ...answered, row: buildRow('Service_AI_e', 0, snapshot), freshness: 'live' as const };
    const said = textsWrittenOver(columnCell('eta', ctx), 30);
    expect(said).toEqual(['~5 min 55 sec', '~5 min 50 sec', '~5 min 45 sec', '~5 min 40 sec', '~5 min 35 sec', '~5 min 30 sec']);
  });
});
