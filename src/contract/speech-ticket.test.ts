import { describe, expect, it } from 'vitest';
import { speechResultSchema } from './speech';

const base = { taskId: 't1', targetAudioUrl: 'https://gw.test/a.wav' };

describe('speech answer: the console proxy relay ticket', () => {
  it('keeps a ticket the console proxy added', () => {
    expect(speechResultSchema.parse({ ...base, consoleAudioTicket: { exp: 1_900_000_000, sig: 'abc' } }).consoleAudioTicket).toEqual({
      exp: 1_900_000_000,
      sig: 'abc',
    });
  });

  it('ignores anything else under that name instead of refusing the answer', () => {
    for (const odd of ['x', { exp: 'soon', sig: 1 }, null, [1]]) {
      const parsed = speechResultSchema.parse({ ...base, consoleAudioTicket: odd });
      expect(parsed.consoleAudioTicket).toBeUndefined();
      expect(parsed.targetAudioUrl).toBe(base.targetAudioUrl);
    }
  });
});
