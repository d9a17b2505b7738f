import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STATUS_GROUPS } from '../../task/status-group';
import { controlsToQuery, queryToControls, withSearch, withSort, withStatuses, type ControlsState } from './query-controls';
import { SORT_KEYS } from './qualifiers';
import { SORT_OPTIONS } from '../../board/table/task-columns';

describe('controls and query text', () => {
  it('writes the controls’ state as a query and reads it back', () => {
    const state: ControlsState = { statuses: [5, 6], search: 'AI_2026', sort: 'progress', descending: true };
    expect(controlsToQuery(state)).toBe('status:failed,aborted AI_2026 sort:progress-desc');
    expect(queryToControls('status:failed,aborted AI_2026 sort:progress-desc')).toEqual(state);
    expect(controlsToQuery({ statuses: [], search: '', sort: 'list', descending: false })).toBe('');
    expect(controlsToQuery({ statuses: [], search: ' a b ', sort: 'nonsense', descending: false })).toBe('"a b"');
  });

  it('round-trips any state of the controls', () => {
    const state = fc.record({
      statuses: fc.uniqueArray(fc.constantFrom(...STATUS_GROUPS, 'unknown' as const, 'invalid' as const), { maxLength: 4 }),
      search: fc.stringMatching(/^[A-Za-z0-9_]{0,10}$/),
      sort: fc.constantFrom(...SORT_KEYS),
      descending: fc.boolean(),
    });
    fc.assert(
      fc.property(state, (s) => {
        expect(queryToControls(controlsToQuery(s))).toEqual(s);
      }),
    );
  });

  it('shows as chips only the first plain status term, and as search only plain free text', () => {
    expect(queryToControls('-status:finished status:failed code:3002 abc -def')).toMatchObject({ statuses: [5], search: 'abc' });
  });

  it('toggling chips edits only the status term, keeping the rest as typed', () => {
    expect(withStatuses('code:3002   updated:<1h', [5])).toBe('status:failed code:3002   updated:<1h');
    expect(withStatuses('code:3002 status:failed  updated:<1h', [5, 6])).toBe('code:3002 status:failed,aborted  updated:<1h');
    expect(withStatuses('code:3002 status:failed updated:<1h', [])).toBe('code:3002 updated:<1h');
    expect(withStatuses('code:3002 status:failed', [])).toBe('code:3002');
    expect(withStatuses('', ['not-found'])).toBe('status:not-found');
    expect(withStatuses('-status:finished', [3])).toBe('status:running -status:finished');
  });

  it('typing in the search field replaces the plain free text only', () => {
    expect(withSearch('status:failed abc -xyz def', 'AI_1')).toBe('status:failed AI_1 -xyz');
    expect(withSearch('status:failed', 'AI_1')).toBe('status:failed AI_1');
    expect(withSearch('status:failed abc', '')).toBe('status:failed');
    expect(withSearch('', 'two words')).toBe('"two words"');
  });

  it('choosing a sort writes or removes the sort term', () => {
    expect(withSort('status:failed', 'updated', true)).toBe('status:failed sort:updated-desc');
    expect(withSort('sort:progress status:failed', 'status', false)).toBe('sort:status status:failed');
    expect(withSort('status:failed sort:progress', 'list', false)).toBe('status:failed');
  });

  it('offers the same sort keys as the toolbar’s “Sort by”', () => {
    expect([...SORT_KEYS]).toEqual(SORT_OPTIONS.map((o) => o.key));
  });
});
