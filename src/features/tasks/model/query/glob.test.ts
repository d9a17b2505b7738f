import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileContains, compileGlob, globMatches } from './glob';

const matches = (pattern: string, id: string) => globMatches(compileGlob(pattern), id);

/** The obvious definition, as a regex over short strings: the reference the matcher is checked against. */
const reference = (pattern: string, id: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[\\s\\S]*')
      .replace(/\?/g, '[\\s\\S]')}$`,
    'i',
  ).test(id);

describe('globMatches', () => {
  it('matches the issue’s `id:*_2026*` and exact IDs, ignoring ASCII case', () => {
    expect(matches('*_2026*', 'Service_AI_2026_abc')).toBe(true);
    expect(matches('*_2026*', 'Service_AI_2025_abc')).toBe(false);
    expect(matches('service_ai_1', 'Service_AI_1')).toBe(true);
    expect(matches('Service_AI_1', 'Service_AI_12')).toBe(false);
    expect(matches('Service_AI_?', 'Service_AI_7')).toBe(true);
    expect(matches('', '')).toBe(true);
    expect(matches('*', '')).toBe(true);
  });

  it('agrees with a regex of the same pattern on any ASCII input', () => {
    const chars = fc.constantFrom('a', 'B', 'b', '_', '*', '?', '.', '(', '[', '\\', '+', '$', '^', '|', '{', '/', '-');
    fc.assert(
      fc.property(
        fc.string({ unit: chars, maxLength: 8 }),
        fc.string({ unit: fc.constantFrom('a', 'A', 'b', '_', '.', '(', '[', '\\', '+', '$', '-'), maxLength: 10 }),
        (p, s) => {
          expect(matches(p, s)).toBe(reference(p, s));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('takes free text literally, anywhere in the ID', () => {
    expect(globMatches(compileContains('ai_1'), 'Service_AI_12')).toBe(true);
    expect(globMatches(compileContains('*'), 'Service_AI_12')).toBe(false);
    expect(globMatches(compileContains('a?'), 'Service_a?')).toBe(true);
  });

  it('stays fast on a pattern that makes a backtracking regex blow up', () => {
    const id = 'a'.repeat(5_000);
    expect(matches('*a*a*a*a*a*a*a*a*a*a*b', id)).toBe(false);
  });
});
