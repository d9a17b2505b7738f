import { describe, expect, it } from 'vitest';
import { batchEtaText } from './batch-eta';

describe('batchEtaText', () => {
  it('says why it cannot estimate instead of giving a number', () => {
    expect(batchEtaText({ kind: 'refused', reason: 'cannot estimate yet (3 endings seen in the last 10 min)' }, 234, 0)).toBe(
      '234 live tasks: cannot estimate yet (3 endings seen in the last 10 min).',
    );
  });

  it('says what a number stands on', () => {
    expect(batchEtaText({ kind: 'slowest-task', remainingMs: 95_000, running: 10 }, 10, 0)).toMatch(
      /^10 live tasks done in about 1 min 35 s, around .+: all are running, and the slowest is due then at its own progress rate\.$/,
    );
    expect(batchEtaText({ kind: 'done' }, 0, 0)).toBe('No live tasks: the batch is done.');
  });
});
