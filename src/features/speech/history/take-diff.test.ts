import { describe, expect, it } from 'vitest';
import { parameterDifferences } from './take-diff';

describe('parameterDifferences', () => {
  it('lists only what differs, fields left out as undefined (the panel says "not sent")', () => {
    const a = { sourceText: 'Hi.', voiceName: 'en-us', speedFactor: 1, format: 'wav' };
    const b = { sourceText: 'Hi.', timbreNumber: 3, speedFactor: 1.5, format: 'wav' };
    expect(parameterDifferences(a, b)).toEqual([
      { parameter: 'voiceName', a: 'en-us', b: undefined },
      { parameter: 'timbreNumber', a: undefined, b: '3' },
      { parameter: 'speedFactor', a: '1', b: '1.5' },
    ]);
  });
});
