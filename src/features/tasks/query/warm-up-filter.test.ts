import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRow, type WatchedTask } from '../rows/task-rows';
import { item, snap } from '../testing/snapshots';
import { stubIdleCallbacks } from '@/testing/idle-callbacks';
import { parseQuery } from './language/parse-query';
import { forgetWarmUp, WARM_QUERY, warmUpFilter } from './warm-up-filter';

/** Failed tasks (code 3002, half done, updated now): rows the warm-up's cheaper terms keep, so it reaches `age:`. */
const listOf = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const id = `Service_AI_${i.toString(16)}`;
    return buildRow(id, i, snap(item(id, 5, { errorCode: 3002, taskProgress: 50, updateTime: Date.now() })));
  });

afterEach(() => {
  vi.unstubAllGlobals();
  forgetWarmUp();
});

describe('warmUpFilter', () => {
  it('warms with a query that parses whole and has a term of every kind', () => {
    const { query, errors } = parseQuery(WARM_QUERY);
    expect(errors).toEqual([]);
    expect(new Set(query.terms.map((t) => t.kind))).toEqual(new Set(['status', 'number', 'duration', 'id', 'stalled', 'has', 'text']));
    expect(query.terms.some((t) => t.negated)).toBe(true);
  });

  it('reads the list’s first rows through the tests in an idle moment, once a page, and only for a long list', () => {
    const idle = stubIdleCallbacks();
    const firstSeen = vi.fn(() => 1);
    warmUpFilter(listOf(100), { stallMs: 60_000, firstSeen });
    expect(idle.pending.size).toBe(0);
    const rows = listOf(20_000);
    warmUpFilter(rows, { stallMs: 60_000, firstSeen });
    expect(idle.pending.size).toBe(1);
    expect(firstSeen).not.toHaveBeenCalled();
    // A round an idle moment.
    idle.runNext();
    expect(firstSeen).toHaveBeenCalledTimes(2 * 2_048);
    idle.runNext();
    idle.runNext();
    expect(idle.pending.size).toBe(0);
    // Three rounds, each reading the list's first 2,048 rows with `age:` alone, then with every term (these rows all
    // reach `age:`).
    expect(firstSeen).toHaveBeenCalledTimes(3 * 2 * 2_048);
    expect(firstSeen.mock.calls.map((call) => (call as unknown[])[0])).toContain(rows[2_047]);
    expect(firstSeen.mock.calls.map((call) => (call as unknown[])[0])).not.toContain(rows[2_048]);
    warmUpFilter(rows, { stallMs: 60_000, firstSeen });
    expect(idle.pending.size).toBe(0);
  });

  it('leaves out slots the list has not derived yet', () => {
    const idle = stubIdleCallbacks();
    const rows: (WatchedTask | undefined)[] = listOf(20_000);
    rows[5] = undefined;
    const firstSeen = vi.fn(() => 1);
    warmUpFilter(rows as WatchedTask[], { stallMs: 60_000, firstSeen });
    expect(() => idle.runNext()).not.toThrow();
    expect(firstSeen).toHaveBeenCalledTimes(2 * 2_047);
  });

  it('is cancelled with the list', () => {
    const idle = stubIdleCallbacks();
    const cancel = warmUpFilter(listOf(20_000), { stallMs: 60_000, firstSeen: () => 1 });
    cancel();
    idle.runNext();
    // Cancelled before it ran: a later list still warms.
    warmUpFilter(listOf(20_000), { stallMs: 60_000, firstSeen: () => 1 });
    expect(idle.pending.size).toBe(1);
  });
});
