import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { item, snap } from '../../testing/snapshots';
import { buildRow } from '../../rows/task-rows';
import { codesSeen, suggestQuery } from './suggest-query';

const texts = (text: string, caret = text.length, codes: number[] = []) => suggestQuery(text, caret, codes).items.map((s) => s.text);

describe('suggestQuery', () => {
  it('offers every qualifier in an empty box and between terms', () => {
    expect(texts('')).toEqual(['status:', 'progress:', 'code:', 'age:', 'updated:', 'eta:', 'stalled:', 'has:', 'id:', 'sort:']);
    expect(suggestQuery('abc  def', 4)).toMatchObject({ from: 4, to: 4 });
  });

  it('completes a qualifier name, replacing the word (and a typed colon), after a negation too', () => {
    expect(texts('st')).toEqual(['status:', 'stalled:']);
    expect(suggestQuery('-sta', 4)).toMatchObject({ from: 1, to: 4 });
    expect(suggestQuery('stat:failed', 2)).toMatchObject({ from: 0, to: 5 });
  });

  it('offers the statuses not yet in the list, for the item under the caret', () => {
    expect(texts('status:')).toEqual([
      'created',
      'queued',
      'running',
      'finished',
      'failed',
      'aborted',
      'waiting',
      'not-found',
      'unknown',
      'invalid',
    ]);
    expect(texts('status:failed,a')).toEqual(['aborted']);
    expect(suggestQuery('status:failed,ab code:1', 15)).toMatchObject({ from: 14, to: 16 });
    expect(texts('status:fa,failed', 9)).toEqual([]);
  });

  it('offers the codes seen in the rows, yes/no, has and sort values', () => {
    expect(texts('code:', 5, [3001, 3002])).toEqual(['3001', '3002']);
    expect(texts('code:>=300', 10, [3001, 3002, 3100])).toEqual(['>=3001', '>=3002']);
    expect(texts('stalled:')).toEqual(['yes', 'no']);
    expect(texts('has:')).toEqual(['result', 'video', 'code', 'eta']);
    expect(texts('sort:pro')).toEqual(['progress', 'progress-desc']);
  });

  it('reads the codes (a pass over the rows) only when the caret is in a code: value', () => {
    let reads = 0;
    const codes = () => (reads++, [3001, 3100]);
    const pasted = 'status:failed code:>3000 progress:<100 sort:updated-desc';
    expect(suggestQuery(pasted, pasted.length, codes).items.map((s) => s.text)).toContain('updated-desc');
    expect(reads).toBe(0);
    expect(suggestQuery(pasted, 'status:failed code:>3'.length, codes).items.map((s) => s.text)).toEqual(['>3001', '>3100']);
    expect(reads).toBe(1);
  });

  it('offers comparisons, then units after a duration’s number', () => {
    expect(texts('updated:')).toEqual(['<', '>', '<=', '>=']);
    expect(texts('progress:')).toEqual(['<', '>', '<=', '>=']);
    expect(texts('age:>10')).toEqual(['>10s', '>10m', '>10h', '>10d']);
    expect(suggestQuery('age:>10', 7).items[0]).toEqual({ kind: 'unit', qualifier: 'age', unit: 's', text: '>10s' });
    expect(texts('age:>10m')).toEqual([]);
  });

  it('offers nothing inside quoted text or for an unknown qualifier', () => {
    expect(texts('"sta')).toEqual([]);
    expect(texts('stauts:f')).toEqual([]);
  });

  it('never throws and keeps its range around the caret, for any text and caret', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'status:-,"<>=10mh age code has sort'.split('')) }), fc.nat(), (text, n) => {
        const caret = n % (text.length + 1);
        const s = suggestQuery(text, caret, [3002]);
        expect(s.from <= caret && caret <= s.to && s.to <= text.length).toBe(true);
      }),
    );
  });
});

describe('codesSeen', () => {
  it('lists each non-zero error code of the rows once, ascending', () => {
    const rows = [
      buildRow('Service_AI_1', 0, snap(item('Service_AI_1', 5, { errorCode: 3002 }))),
      buildRow('Service_AI_2', 1, snap(item('Service_AI_2', 6, { errorCode: 3100 }))),
      buildRow('Service_AI_3', 2, snap(item('Service_AI_3', 5, { errorCode: 3002 }))),
      buildRow('Service_AI_4', 3, snap(item('Service_AI_4', 4))),
      buildRow('Service_AI_5', 4, undefined),
    ];
    expect(codesSeen(rows)).toEqual([3002, 3100]);
  });
});

describe('suggestQuery past the query’s length (issue 36)', () => {
  it('offers nothing in a query too long to apply, and still does at the limit', () => {
    const at = `${'x'.repeat(1_996)} sta`;
    expect(texts(at)).toEqual(['status:', 'stalled:']);
    expect(texts(`x${at}`)).toEqual([]);
  });
});
