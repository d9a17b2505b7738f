import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { item } from '../../testing/snapshots';
import { cellContextFor } from '../../testing/cell-context';
import { TASK_COLUMNS } from './task-columns';

// A work count, not a timing (issue 38): each text the clock changes on screen costs the page a layout, a paint and
// ~8 kB of Blink's heap, every second the page is open. A live row's "N seconds ago" is written when what it says
// changes, once in 5 s, not on every 1 s tick.

const NOW = Date.UTC(2026, 10, 25, 12);
beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] }));
afterEach(() => vi.useRealTimers());

/** The texts the clock writes into `id`'s cell of a task just updated, over `seconds` ticks of 1 s. */
function textsWrittenOver(id: string, seconds: number) {
  const answer = item('Service_AI_a', 3, { updateTime: NOW, taskProgress: 40 });
  const { container } = render(<>{TASK_COLUMNS.find((c) => c.id === id)!.cell(cellContextFor(answer, NOW))}</>);
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

describe('what the clock writes into a live row (work counts)', () => {
  it('writes the updated time once in 5 s over its first minute, not every second', () => {
    const said = textsWrittenOver('updated', 60);
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
});
