import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { queryFromUrl, searchWithQuery } from './query-url';

describe('the query in the address', () => {
  it('reads an old address’s view into the query, its search as free text', () => {
    expect(queryFromUrl('?status=5,6,not-found&sort=progress&desc=1&q=AI_2026')).toBe(
      'status:failed,aborted,not-found AI_2026 sort:progress-desc',
    );
    expect(queryFromUrl('?status=5')).toBe('status:failed');
    expect(queryFromUrl('?sort=updated')).toBe('sort:updated');
  });

  it('takes `q` as the query, and names none when the address has none', () => {
    expect(queryFromUrl('?q=status:failed+code:3002+updated:%3C1h')).toBe('status:failed code:3002 updated:<1h');
    expect(queryFromUrl('?q=AI_2026')).toBe('AI_2026');
    expect(queryFromUrl('?ids=abc')).toBeNull();
    expect(queryFromUrl('')).toBeNull();
  });

  it('writes a readable `q`, drops the old parameters and keeps the others', () => {
    expect(searchWithQuery('?status=5&desc=1&sort=progress&ids=x', 'status:failed,aborted code:3002 updated:<1h')).toBe(
      '?ids=x&q=status:failed,aborted+code:3002+updated:%3C1h',
    );
    expect(searchWithQuery('?q=abc', '  ')).toBe('');
  });

  it('reads back any query it writes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }).filter((q) => q.trim() === q && q !== ''),
        (q) => {
          expect(queryFromUrl(searchWithQuery('', q))).toBe(q);
        },
      ),
    );
  });
});

describe('a query too long for the address (issue 36)', () => {
  it('is left out of the address, which would be refused on reload; one at the limit is kept', () => {
    const at = 'x'.repeat(2_000);
    expect(searchWithQuery('?q=old&view=a', at)).toBe(`?view=a&q=${at}`);
    expect(searchWithQuery('?q=old&view=a', `${at}y`)).toBe('?view=a');
    expect(searchWithQuery('', 'é'.repeat(33_000))).toBe('');
  });
});

describe('a query no address can carry as it is', () => {
  it('writes a lone surrogate (typed, kept, or left by a cut) as U+FFFD instead of throwing "URI malformed"', () => {
    expect(searchWithQuery('', 'status:finished \ud800')).toBe('?q=status:finished+%EF%BF%BD');
    expect(queryFromUrl(searchWithQuery('', 'id:*😀'.slice(0, 5)))).toBe('id:*\ufffd');
  });
});
