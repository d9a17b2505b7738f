import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretWeakness } from './secret-strength';

describe('secret strength', () => {
  it('passes random secrets as the documented commands make them, every time', () => {
    for (let i = 0; i < 2_000; i++) {
      for (const secret of [randomBytes(16).toString('hex'), randomBytes(32).toString('hex'), randomBytes(24).toString('base64')])
        expect(secretWeakness(secret), secret).toBeNull();
    }
  });

  it('refuses the plainly weak, saying which rule', () => {
    expect(secretWeakness('\t \n'.repeat(12))).toBe('is only whitespace');
    expect(secretWeakness(randomBytes(15).toString('hex'))).toBe('must be at least 32 characters');
    expect(secretWeakness('😀'.repeat(16))).toBe('must be at least 32 characters'); // characters, not UTF-16 units
    for (const repeated of ['z'.repeat(32), 'ab'.repeat(16), `${'password'.repeat(4)}pa`])
      expect(secretWeakness(repeated)).toBe('is one short piece repeated');
    for (const dull of ['abcdefghijklmnopqrstuvwxyzABCDEF', `${'a'.repeat(31)}b`, '0123456789'.repeat(3) + '0a', `${'ab'.repeat(16)}c`])
      expect(secretWeakness(dull), dull).toMatch(/^has too little variety/);
  });
});
