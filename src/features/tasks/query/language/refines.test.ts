import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { item, snap } from '../../testing/snapshots';
import { buildRow, type WatchedTask } from '../../rows/task-rows';
import { filterRows, type QueryContext } from './compile-query';
import { parseQuery } from './parse-query';
import { refines } from './refines';

const terms = (text: string) => {
  const { query, errors } = parseQuery(text);
  expect(errors, text).toEqual([]);
  return query.terms;
};
const narrows = (narrow: string, wide: string) => refines(terms(narrow), terms(wide));

describe('refines', () => {
  it('holds for a term added, more letters of free text (case ignored), a shorter list', () => {
    expect(narrows('status:failed code:3002', 'status:failed')).toBe(true);
    expect(narrows('status:failed code:3002 updated:<1h', 'code:3002 status:failed')).toBe(true);
    expect(narrows('3f7a', '3f7')).toBe(true);
    expect(narrows('AI_3F', 'ai_3')).toBe(true);
    expect(narrows('status:failed', 'status:failed,aborted')).toBe(true);
    expect(narrows('id:*_2026*', 'id:*_2026*,*_2025*')).toBe(true);
    expect(narrows('code:3001', 'code:3001,3002')).toBe(true);
    expect(narrows('anything', '')).toBe(true);
    expect(narrows('-status:finished abc', '-status:finished')).toBe(true);
  });

  it('does not hold where rows could be kept that the other query left out', () => {
    expect(narrows('status:failed', 'status:failed code:3002')).toBe(false);
    expect(narrows('3f', '3f7')).toBe(false);
    expect(narrows('code:30', 'code:3')).toBe(false);
    expect(narrows('status:failed,aborted', 'status:failed')).toBe(false);
    // A negated term widens as its value narrows.
    expect(narrows('-3f7', '-3f')).toBe(false);
    expect(narrows('-status:failed', '-status:failed,aborted')).toBe(false);
    expect(narrows('stalled:yes', 'stalled:no')).toBe(false);
    expect(narrows('progress:<50', 'progress:<60')).toBe(false);
    // The Kelvin sign lower-cases to k, but a match does not take it for k: an ID with it and no k is not kept by `k`.
    expect(narrows('\u212a', 'k')).toBe(false);
    expect(narrows('a\u212a', 'a\u212a')).toBe(true);
  });

  it('is never wrong: a query it says refines another keeps only rows that one keeps', () => {
    const NOW = 10_000_000;
    const ctx: QueryContext = { now: NOW, stallMs: 300_000, firstSeen: () => NOW - 3_600_000 };
    // IDs with case, digits and units beyond ASCII (the Kelvin sign lower-cases to k; ß upper-cases to two letters).
    const idChars = fc.constantFrom('k', 'K', '\u212a', 'ß', '3', 'é', 'É');
    const rowArb = fc.record({
      id: fc.array(idChars, { minLength: 1, maxLength: 8 }).map((cs) => cs.join('')),
      status: fc.constantFrom(3, 4, 5, 6),
      code: fc.constantFrom(0, 3001, 3002),
      progress: fc.integer({ min: 0, max: 100 }),
    });
    const wordArb = fc.array(idChars, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(''));
    const termArb = fc.oneof(
      wordArb,
      wordArb.map((w) => `-${w}`),
      fc.constantFrom('status:failed', 'status:failed,aborted', '-status:finished', 'code:3001,3002', 'code:3002', 'progress:<50'),
      fc.constantFrom('id:*k*', 'id:*K*,*3*', 'has:code', 'has:code,result', 'updated:<1h'),
    );
    const queryArb = fc.array(termArb, { maxLength: 3 }).map((ts) => ts.join(' '));
    // Near pairs, either way: a term added or dropped, a letter typed or deleted, a list item dropped or added; or any two.
    const edits = (b: string) =>
      fc.oneof(
        termArb.map((t) => `${b} ${t}`),
        idChars.map((c) => `${b}${c}`),
        fc.constant(b.slice(0, -1)),
        fc.constant(b.replace(/,[a-z0-9]+/, '')),
        fc.constant(b.replace(/:([a-z0-9]+)/, ':$1,aborted,3002,result')),
        fc.constant(b.split(' ').slice(1).join(' ')),
        queryArb,
      );
    const pairArb = queryArb.chain((b) => edits(b).map((a) => [a, b] as const));
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 30 }), pairArb, (specs, [a, b]) => {
        const rows: WatchedTask[] = specs.map((s, i) =>
          buildRow(s.id, i, snap(item(s.id, s.status, { errorCode: s.code, taskProgress: s.progress, updateTime: NOW - 60_000 }), NOW)),
        );
        const qa = parseQuery(a).query;
        const qb = parseQuery(b).query;
        if (!refines(qa.terms, qb.terms)) return;
        const wide = new Set(filterRows(rows, qb, ctx));
        for (const row of filterRows(rows, qa, ctx)) expect(wide.has(row), `${a} ⊆ ${b}: ${row.id}`).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
