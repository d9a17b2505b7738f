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
});
