import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseQuery } from './parse-query';

const terms = (text: string) => parseQuery(text).query.terms.map(({ from: _f, to: _t, ...rest }) => rest);
const errors = (text: string) => parseQuery(text).errors;

describe('parseQuery: the issue’s examples', () => {
  it('reads qualifiers, lists, comparisons and units together', () => {
    expect(terms('status:failed,aborted code:3002 updated:<1h')).toEqual([
      { kind: 'status', values: [5, 6], negated: false },
      { kind: 'number', field: 'code', tests: [{ op: '=', value: 3002 }], negated: false },
      { kind: 'duration', field: 'updated', tests: [{ op: '<', value: 3_600_000 }], negated: false },
    ]);
    expect(errors('status:failed,aborted code:3002 updated:<1h')).toEqual([]);
  });

  it('reads progress, age, stall, negation, globs and has', () => {
    expect(terms('status:running progress:<50 age:>10m stalled:yes -status:finished id:*_2026* has:video')).toEqual([
      { kind: 'status', values: [3], negated: false },
      { kind: 'number', field: 'progress', tests: [{ op: '<', value: 50 }], negated: false },
      { kind: 'duration', field: 'age', tests: [{ op: '>', value: 600_000 }], negated: false },
      { kind: 'stalled', value: true, negated: false },
      { kind: 'status', values: [4], negated: true },
      { kind: 'id', patterns: ['*_2026*'], negated: false },
      { kind: 'has', what: ['result'], negated: false },
    ]);
  });

  it('reads free text, quoted text with escapes, and `seen` as age', () => {
    expect(terms('abc "two words" "say \\"hi\\"" -xyz seen:<2d')).toEqual([
      { kind: 'text', text: 'abc', negated: false },
      { kind: 'text', text: 'two words', negated: false },
      { kind: 'text', text: 'say "hi"', negated: false },
      { kind: 'text', text: 'xyz', negated: true },
      { kind: 'duration', field: 'age', tests: [{ op: '<', value: 2 * 86_400_000 }], negated: false },
    ]);
  });

  it('is case-insensitive in names and words, and takes status numbers and a % sign', () => {
    expect(terms('Status:FAILED,2 PROGRESS:>=50% eta:<5M')).toEqual([
      { kind: 'status', values: [5, 2], negated: false },
      { kind: 'number', field: 'progress', tests: [{ op: '>=', value: 50 }], negated: false },
      { kind: 'duration', field: 'eta', tests: [{ op: '<', value: 300_000 }], negated: false },
    ]);
  });

  it('reads the sort apart from the terms', () => {
    expect(parseQuery('sort:progress-desc abc').query.sort).toEqual({ key: 'progress', descending: true, from: 0, to: 18 });
    expect(parseQuery('sort:updated-asc').query.sort).toMatchObject({ key: 'updated', descending: false });
  });

  it('keeps every console state of a row as a status value', () => {
    expect(terms('status:waiting,not-found,unknown,invalid')[0]).toMatchObject({ values: ['waiting', 'not-found', 'unknown', 'invalid'] });
  });
});

describe('parseQuery: errors with their ranges', () => {
  it('names an unknown qualifier, what is allowed and the nearest one', () => {
    expect(errors('abc stauts:failed')).toEqual([
      expect.objectContaining({ code: 'unknownQualifier', qualifier: 'stauts', suggestion: 'status', from: 4, to: 10 }),
    ]);
    expect(errors('stauts:failed')[0]).toMatchObject({ allowed: expect.arrayContaining(['status', 'progress', 'has']) });
  });

  it('names an unknown status with the contract’s names, and leaves the term out', () => {
    const parsed = parseQuery('status:faild code:3002');
    expect(parsed.errors).toEqual([
      expect.objectContaining({ code: 'unknownValue', qualifier: 'status', value: 'faild', suggestion: 'failed', from: 7, to: 12 }),
    ]);
    expect(parsed.errors[0]).toMatchObject({
      allowed: expect.arrayContaining(['created', 'queued', 'running', 'finished', 'failed', 'aborted']),
    });
    expect(parsed.query.terms).toHaveLength(1);
  });

  it.each([
    ['status:', 'missingValue'],
    ['status:failed,', 'emptyListItem'],
    ['progress:<abc', 'badNumber'],
    ['progress:>150', 'outOfRange'],
    ['code:30.5', 'badNumber'],
    ['age:>10', 'badDuration'],
    ['age:>10y', 'badDuration'],
    ['updated:1h', 'comparisonNeeded'],
    ['age:>400d', 'outOfRange'],
    ['stalled:yes,no', 'notAList'],
    ['stalled:maybe', 'unknownValue'],
    ['has:<1', 'comparisonNotAllowed'],
    ['has:color', 'unknownValue'],
    ['"open', 'unclosedQuote'],
    ['abc - def', 'danglingNegation'],
    ['sort:progress sort:status', 'duplicateSort'],
    ['-sort:progress', 'negatedSort'],
    ['sort:size', 'unknownValue'],
  ])('%s → %s', (text, code) => {
    expect(errors(text).map((e) => e.code)).toEqual([code]);
  });

  it('leaves out what passes 50 terms and list items, marked from there to the end', () => {
    const text = `${'a '.repeat(48)}status:failed,aborted,queued b`;
    const parsed = parseQuery(text);
    expect(parsed.errors).toEqual([{ code: 'tooManyParts', max: 50, from: 96, to: text.length }]);
    expect(parsed.query.terms).toHaveLength(48);
  });

  it('marks the list item at fault, not the whole term', () => {
    expect(errors('progress:<10,>abc')[0]).toMatchObject({ from: 13, to: 17 });
    expect(errors('updated:1h')[0]).toMatchObject({ examples: ['<1h', '>1h'] });
  });
});

describe('parseQuery on any input', () => {
  it('never throws and gives ranges inside the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'status:-,"\\<>=% 0159hmsd*_abcfailed'.split(''), ' ', 'x', ':') }), (text) => {
        const { query, errors } = parseQuery(text);
        for (const r of [...query.terms, ...errors]) expect(0 <= r.from && r.from <= r.to && r.to <= text.length).toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => void parseQuery(text)));
  });
});

describe('parseQuery: the bounds decided up front (issue 36)', () => {
  it('applies a query of 2,000 characters; one past it is not applied at all, with how long it is', () => {
    const at = `status:failed ${'x'.repeat(100)} `.padEnd(2_000, ' ');
    expect(parseQuery(at).errors).toEqual([]);
    expect(parseQuery(at).query.terms).toHaveLength(2);
    const over = `${at}y sort:progress`;
    expect(parseQuery(over)).toEqual({
      query: { terms: [], sort: null },
      errors: [{ code: 'queryTooLong', max: 2_000, length: over.length, from: 2_000, to: over.length }],
    });
  });

  it('reads 33,000 characters of free text (the issue’s paste) into one error, whatever they are', () => {
    for (const text of ['x'.repeat(33_000), '\u0301'.repeat(19_000), `id:${'?'.repeat(19_000)}`, `"${'a'.repeat(40_000)}`]) {
      expect(parseQuery(text).errors).toEqual([expect.objectContaining({ code: 'queryTooLong', length: text.length })]);
    }
  });

  it('takes free text and `id:` patterns up to 128 characters (the longest task ID); a longer one is left out', () => {
    const long = 'a'.repeat(128);
    expect(errors(`${long} id:${long},b "${long}"`)).toEqual([]);
    const parsed = parseQuery(`status:failed ${long}b -id:x,?${long} "${'c'.repeat(200)}" ${'\u0301'.repeat(129)}`);
    expect(parsed.errors).toEqual([
      { code: 'valueTooLong', max: 128, length: 129, value: `${long}b`, from: 14, to: 143 },
      { code: 'valueTooLong', max: 128, length: 129, value: `?${long}`, from: 150, to: 279 },
      { code: 'valueTooLong', max: 128, length: 200, value: 'c'.repeat(200), from: 280, to: 482 },
      { code: 'valueTooLong', max: 128, length: 129, value: '\u0301'.repeat(129), from: 483, to: 612 },
    ]);
    expect(parsed.query.terms).toEqual([expect.objectContaining({ kind: 'status' })]);
  });

  it('never yields a term whose values pass the bounds, on any input', () => {
    const unit = fc.constantFrom('a', '?', '*', ',', '"', '\u0301');
    const value = fc.oneof(fc.string({ unit, maxLength: 10 }), fc.string({ unit, minLength: 100, maxLength: 300 }));
    const term = fc.array(
      fc.tuple(fc.constantFrom('', '-', 'id:', '-id:'), value).map(([q, v]) => q + v),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        term.map((terms) => terms.join(' ')),
        (text) => {
          const { query } = parseQuery(text);
          expect(query.terms.length).toBeLessThanOrEqual(50);
          for (const t of query.terms) {
            if (t.kind === 'text') expect(t.text.length).toBeLessThanOrEqual(128);
            if (t.kind === 'id') for (const p of t.patterns) expect(p.length).toBeLessThanOrEqual(128);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
