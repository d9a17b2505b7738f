import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseQuery } from './parse-query';
import { printQuery } from './print-query';
import type { Comparison, Query, Term } from './query-ast';
import { SORT_KEYS, STATUS_VALUES } from './qualifiers';

const withoutRanges = (q: Query) => ({
  terms: q.terms.map(({ from: _f, to: _t, ...rest }) => rest),
  sort: q.sort && { key: q.sort.key, descending: q.sort.descending },
});

const op = fc.constantFrom<Comparison['op']>('<', '<=', '>', '>=');
const anyOp = fc.constantFrom<Comparison['op']>('<', '<=', '>', '>=', '=');
const nonEmpty = <T>(a: fc.Arbitrary<T>) => fc.array(a, { minLength: 1, maxLength: 3 });
const word = fc.string({ unit: fc.constantFrom(...'aZ09_*?-.:"\\ ,x'.split('')), minLength: 1, maxLength: 8 });
const body: fc.Arbitrary<Omit<Term, 'from' | 'to' | 'negated'>> = fc.oneof(
  word.map((text) => ({ kind: 'text' as const, text })),
  nonEmpty(fc.constantFrom(...STATUS_VALUES.values())).map((values) => ({ kind: 'status' as const, values })),
  nonEmpty(fc.record({ op: anyOp, value: fc.integer({ min: 0, max: 100 }) })).map((tests) => ({
    kind: 'number' as const,
    field: 'progress' as const,
    tests,
  })),
  nonEmpty(fc.record({ op: anyOp, value: fc.integer({ min: 0, max: 99_999 }) })).map((tests) => ({
    kind: 'number' as const,
    field: 'code' as const,
    tests,
  })),
  fc
    .tuple(
      fc.constantFrom('age' as const, 'updated' as const, 'eta' as const),
      nonEmpty(fc.record({ op, value: fc.integer({ min: 0, max: 30 * 86_400_000 }) })),
    )
    .map(([field, tests]) => ({ kind: 'duration' as const, field, tests })),
  fc
    .oneof(
      word.map((p) => [p]),
      nonEmpty(fc.stringMatching(/^[A-Za-z0-9_*?]{1,6}$/)),
    )
    .map((patterns) => ({ kind: 'id' as const, patterns })),
  fc.boolean().map((value) => ({ kind: 'stalled' as const, value })),
  nonEmpty(fc.constantFrom('result' as const, 'code' as const, 'eta' as const)).map((what) => ({ kind: 'has' as const, what })),
);
const query = fc.record({
  terms: fc.array(
    fc.tuple(body, fc.boolean()).map(([b, negated]) => ({ ...b, negated, from: 0, to: 0 }) as Term),
    { maxLength: 6 },
  ),
  sort: fc.option(fc.record({ key: fc.constantFrom(...SORT_KEYS), descending: fc.boolean(), from: fc.constant(0), to: fc.constant(0) }), {
    nil: null,
  }),
});

describe('printQuery', () => {
  it('prints the canonical words of a query', () => {
    expect(printQuery(parseQuery('Status:FAILED,5 seen:>90m  has:video  progress:<50%  "a b" sort:progress-desc x').query)).toBe(
      'status:failed,failed age:>90m has:result progress:<50 "a b" x sort:progress-desc',
    );
  });

  it('reads back as the same query, without errors, for any query', () => {
    fc.assert(
      fc.property(query, (q) => {
        const text = printQuery(q);
        const back = parseQuery(text);
        expect(back.errors).toEqual([]);
        expect(withoutRanges(back.query)).toEqual(withoutRanges(q));
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips any valid typed text: print(parse(q)) parses to the same query and prints the same', () => {
    const typed = fc.string({
      unit: fc.constantFrom(
        'status:',
        'failed',
        'running',
        ',',
        ' ',
        '-',
        'progress:',
        '<',
        '>=',
        '50',
        '1',
        'h',
        'm',
        'age:',
        'id:',
        '*',
        '"',
        'x',
        'has:',
        'result',
        'sort:',
        'status',
        '-desc',
      ),
    });
    fc.assert(
      fc.property(typed, (text) => {
        const first = parseQuery(text);
        if (first.errors.length) return;
        const printed = printQuery(first.query);
        expect(withoutRanges(parseQuery(printed).query)).toEqual(withoutRanges(first.query));
        expect(printQuery(parseQuery(printed).query)).toBe(printed);
      }),
      { numRuns: 3000 },
    );
  });
});
