import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyOutcome, newQueueState, setStatus, startLine } from './queue/script-queue-state';
import type { ScriptEnv, ScriptJob } from './queue/script-queue-store';
import { ScriptQueueView } from './script-queue-view';

describe('ScriptQueueView', () => {
  it('says how many tries a line that stayed busy had, as many as the queue made', () => {
    let state = setStatus(newQueueState([1]), 'start');
    let tries = 0;
    while (state.lines[0]!.status !== 'failed' && tries < 50) {
      state = applyOutcome(startLine(state, 1), 1, { kind: 'busy', retryAfter: null }, 0, 0.5);
      tries++;
    }
    const job: ScriptJob = { id: 's', rows: [], state, restored: false };
    render(<ScriptQueueView job={job} env={() => ({}) as ScriptEnv} />);
    expect(screen.getByRole('listitem')).toHaveTextContent(`The gateway stayed busy after ${tries} tries.`);
  });

  it('offers a paused script back only when something is left to make', () => {
    const paused = setStatus(setStatus(newQueueState([1, 2]), 'start'), 'pause');
    const allMade = { ...paused, lines: paused.lines.map((l) => ({ ...l, status: 'done' as const, attempts: 1 })) };
    const { rerender } = render(
      <ScriptQueueView job={{ id: 's', rows: [], state: allMade, restored: true }} env={() => ({}) as ScriptEnv} />,
    );
    expect(screen.queryByText(/Resume to make the rest/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    const oneLeft = { ...allMade, lines: [allMade.lines[0]!, paused.lines[1]!] };
    rerender(<ScriptQueueView job={{ id: 's', rows: [], state: oneLeft, restored: true }} env={() => ({}) as ScriptEnv} />);
    expect(screen.getByText(/1 of 2 made\. Resume to make the rest/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });
});
