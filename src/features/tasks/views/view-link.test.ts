import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_VIEW_NAME, readViewLink, viewLink, viewParts, viewQuery } from './view-link';

const view = { name: '3002 last hour', query: 'status:failed code:3002 updated:<1h', sort: { key: 'updated', descending: true } };

describe('view links', () => {
  it('carry the name, the query and its sort, readable', () => {
    expect(viewLink('https://console.test', view)).toBe(
      'https://console.test/tasks?view=3002+last+hour&q=status:failed+code:3002+updated:%3C1h+sort:updated-desc',
    );
  });

  it('open the same view, on a share link’s list too', () => {
    const link = new URL(viewLink('https://console.test', view, '#ids=abc'));
    expect(link.hash).toBe('#ids=abc');
    expect(readViewLink(link.search)).toEqual(view);
  });

  it('read back any view they write', () => {
    const anyView = fc.record({
      name: fc.string({ minLength: 1, maxLength: MAX_VIEW_NAME }).filter((n) => n.trim() === n && n !== ''),
      query: fc.constantFrom('', 'status:failed', 'abc -status:finished', 'id:*_2026* has:video'),
      sort: fc.record({ key: fc.constantFrom('list', 'status', 'progress', 'updated'), descending: fc.boolean() }),
    });
    fc.assert(
      fc.property(anyView, (v) => {
        expect(readViewLink(new URL(viewLink('https://c.test', v)).search)).toEqual(v);
      }),
    );
  });

  it('says the list order as no sort term', () => {
    expect(viewQuery({ query: 'status:failed', sort: { key: 'list', descending: false } })).toBe('status:failed');
  });

  it('keep a query as its text and its sort apart, and put them back together', () => {
    const parts = viewParts('status:failed sort:updated-desc code:3002');
    expect(parts).toEqual({ query: 'status:failed code:3002', sort: { key: 'updated', descending: true } });
    expect(viewQuery(parts)).toBe('status:failed code:3002 sort:updated-desc');
  });

  it('name none without a name, and cut what is too long', () => {
    expect(readViewLink('?q=status:failed')).toBeNull();
    expect(readViewLink('?view=+++')).toBeNull();
    expect(readViewLink(`?view=${'x'.repeat(500)}`)?.name).toHaveLength(MAX_VIEW_NAME);
  });

  it('keep a name as plain text on one line: control and direction-override characters do not come through', () => {
    expect(readViewLink('?view=%E2%80%AEevil%0Aname%00%E2%81%A6')?.name).toBe('evil name');
    expect(readViewLink('?view=%00%0A%E2%80%AE')).toBeNull();
  });

  it('cut a name before a character, never through its middle', () => {
    expect(readViewLink(`?view=${'x'.repeat(MAX_VIEW_NAME - 1)}😀`)?.name).toBe('x'.repeat(MAX_VIEW_NAME - 1));
  });

  it('leave an old link without a name (`?q=` alone) to the query', () => {
    expect(readViewLink('?q=status:failed,aborted')).toBeNull();
  });
});

describe('a view name cut in the middle of a pair', () => {
  it('still makes a link (U+FFFD in place of the half), instead of throwing "URI malformed"', () => {
    const link = viewLink('https://console.example', { ...view, name: 'Needs 😀'.slice(0, 7) });
    expect(readViewLink(new URL(link).search)?.name).toBe('Needs \ufffd');
  });
});
