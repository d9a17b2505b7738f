import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asciiLower } from '@/lib/ascii';
import { compileContains, compileGlob, globMatches, globWords } from './glob';

/**
 * Every way a glob matches: the native search where it applies (lower-casing the ID, or given what a row carries: the ID
 * lower-cased when it is ASCII, else null), and the automaton alone (which every pattern can take).
 */
const matches = (pattern: string, id: string) => {
  const glob = compileGlob(pattern);
  const byAutomaton = globMatches({ ...glob, runs: null }, id);
  expect(globMatches(glob, id)).toBe(byAutomaton);
  expect(globMatches(glob, id, asciiLower(id))).toBe(byAutomaton);
  return byAutomaton;
};
const contains = (text: string, id: string) => {
  const glob = compileContains(text);
  const byAutomaton = globMatches({ ...glob, runs: null }, id);
  expect(globMatches(glob, id)).toBe(byAutomaton);
  expect(globMatches(glob, id, asciiLower(id))).toBe(byAutomaton);
  return byAutomaton;
};

/** The obvious definition, as a regex over short strings: the reference the matcher is checked against (case as the `i` flag folds it, without `u`). */
const reference = (pattern: string, id: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[\\s\\S]*')
      .replace(/\?/g, '[\\s\\S]')}$`,
    'i',
  ).test(id);

/** Free text as a regex: every character literal, anywhere. */
const containsReference = (text: string, id: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'i').test(id);

// Letters whose case is not plain ASCII: the fold must be the regex `i` flag's (one UTF-16 unit at a time, never into ASCII).
const ODD = ['é', 'É', 'ß', 'ẞ', 'K', 'k', 'K', 'İ', 'ı', 'i', 'I', 'ǅ', 'ǆ', 'Ǆ', 'ſ', 's', 'S', '\u0301', '😀'];

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

  it('agrees with the regex on case beyond ASCII, on patterns past 32 characters and on free text', () => {
    const unit = fc.constantFrom(...ODD, 'a', 'b');
    const pattern = fc.string({ unit: fc.oneof(unit, fc.constantFrom('*', '?')), maxLength: 40 });
    const id = fc.string({ unit, maxLength: 45 });
    fc.assert(
      fc.property(pattern, id, (p, s) => {
        expect(matches(p, s)).toBe(reference(p, s));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(unit, fc.constantFrom('*', '?', '.')), maxLength: 6 }), id, (t, s) => {
        expect(contains(t, s)).toBe(containsReference(t, s));
      }),
      { numRuns: 1000 },
    );
    // Runs longer than a word of the automaton (32 states) on IDs that match them.
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '?'), minLength: 30, maxLength: 100 }), fc.nat(3), (p, k) => {
        const s = p.replace(/\?/g, 'b');
        expect(matches(p, s)).toBe(true);
        expect(matches(`*${p}*`, `x${'a'.repeat(k)}${s}y`)).toBe(true);
        expect(matches(`${p}a`, s)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('takes free text literally, anywhere in the ID', () => {
    expect(contains('ai_1', 'Service_AI_12')).toBe(true);
    expect(contains('*', 'Service_AI_12')).toBe(false);
    expect(contains('a?', 'Service_a?')).toBe(true);
    expect(contains('', 'Service_a?')).toBe(true);
  });

  it('stays fast on a pattern that makes a backtracking regex blow up', () => {
    const id = 'a'.repeat(5_000);
    expect(matches('*a*a*a*a*a*a*a*a*a*a*b', id)).toBe(false);
  });
});

describe('the work of a match is bounded up front', () => {
  // The crash: 33,000 characters of free text made one RegExp, "Invalid regular expression: … too large".
  it('builds no RegExp: free text of 33,000 characters compiles and matches', () => {
    const text = 'x'.repeat(33_000);
    expect(() => compileContains(text)).not.toThrow();
    expect(contains(text, 'Service_AI_1')).toBe(false);
    expect(contains(text, `Service_AI_${text}`)).toBe(true);
  });

  it('reads each character of the ID once, whatever the pattern: `?`, `*` and combining marks', () => {
    const id = `Service_AI_${'?'.repeat(117)}`;
    const patterns = [
      '?'.repeat(128),
      `*${'?*'.repeat(63)}`,
      '\u0301'.repeat(128),
      `*${'a*'.repeat(63)}b`,
      `${'*a'.repeat(40)}*`,
      'S'.repeat(128),
    ];
    for (const p of patterns) {
      for (const compiled of [compileGlob(p), compileContains(p)])
        for (const glob of [compiled, { ...compiled, runs: null }]) {
          const meter = { steps: 0 };
          globMatches(glob, id, undefined, meter);
          globMatches(glob, 'a'.repeat(10_000), undefined, meter);
          // 128 states and the start fit in 5 words of 32; at most one step per word per character read.
          expect(globWords(glob)).toBeLessThanOrEqual(5);
          expect(meter.steps).toBeLessThanOrEqual((id.length + 10_000) * globWords(glob));
        }
    }
  });
});
