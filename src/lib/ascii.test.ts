import { describe, expect, it } from 'vitest';
import { asciiLower, isAscii } from './ascii';

describe('asciiLower', () => {
  it('lower-cases an ASCII ID and gives null for any other, whose lower case can change its length or meet ASCII', () => {
    expect(asciiLower('Service_AI_mx7uj9h3_FFE1')).toBe('service_ai_mx7uj9h3_ffe1');
    expect(asciiLower('')).toBe('');
    // U+0130 lower-cases to two units, "i" and a combining dot; the Kelvin sign to ASCII "k".
    expect(asciiLower('İd')).toBeNull();
    expect(asciiLower('\u212a1')).toBeNull();
    expect(isAscii('\u007f\u0000')).toBe(true);
    expect(isAscii('é')).toBe(false);
  });
});
