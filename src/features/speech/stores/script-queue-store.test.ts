import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newQueueState, serializeQueue, startLine } from '../model/script/script-queue-state';
import { startScript } from './script-db';
import { loadKeptScript, scriptJobStore } from './script-queue-store';

describe('the script after a reload', () => {
  it('comes back paused, its line that was in flight back to pending and marked, waiting for Resume', async () => {
    const running = { ...startLine(newQueueState([2, 3]), 2), status: 'running' as const };
    await startScript({ id: 'kept', createdAt: 1, rows: [], queue: serializeQueue(running) });
    await loadKeptScript();
    const job = scriptJobStore.get();
    expect(job).toMatchObject({ id: 'kept', restored: true, state: { status: 'paused' } });
    expect(job?.state.lines).toMatchObject([
      { line: 2, status: 'pending', resentAfterReload: true },
      { line: 3, status: 'pending' },
    ]);
  });
});
