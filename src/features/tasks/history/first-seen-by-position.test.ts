import { describe, expect, it } from 'vitest';
import { buildRow, type WatchedTask } from '../rows/task-rows';
import { firstSeenByPosition } from './first-seen-by-position';

const listOf = (n: number) => Array.from({ length: n }, (_, i) => buildRow(`Service_AI_${i}`, i, undefined));

/** A history map that counts its lookups. */
function history(times: Record<string, number>) {
  const looked: string[] = [];
  return { looked, lookup: (id: string) => (looked.push(id), times[id]) };
}

describe('firstSeenByPosition', () => {
  it('looks a task up once; later reads, by any reader of the same rows, come from the position', () => {
    const rows = listOf(3);
    const { looked, lookup } = history({ Service_AI_0: 100, Service_AI_2: 300 });
    const seen = firstSeenByPosition(rows, lookup);
    expect(rows.map(seen)).toEqual([100, undefined, 300]);
    expect(rows.map(firstSeenByPosition(rows, lookup))).toEqual([100, undefined, 300]);
    // The unknown one (not seen yet) is asked again each time; the known ones only once.
    expect(looked).toEqual(['Service_AI_0', 'Service_AI_1', 'Service_AI_2', 'Service_AI_1']);
  });

  it('takes a time recorded later (the history loading) at the next read', () => {
    const rows = listOf(2);
    const times: Record<string, number> = {};
    const seen = firstSeenByPosition(rows, (id) => times[id]);
    expect(seen(rows[1]!)).toBeUndefined();
    times.Service_AI_1 = 42;
    expect(seen(rows[1]!)).toBe(42);
  });

  it('keeps its times for one rows array: another list asks the history again', () => {
    const rows = listOf(2);
    firstSeenByPosition(rows, () => 1)(rows[0]!);
    const other = listOf(2);
    expect(firstSeenByPosition(other, () => 2)(other[0]!)).toBe(2);
    expect(firstSeenByPosition(rows, () => 2)(rows[0]!)).toBe(1);
  });

  it('follows a list grown in place (tasks added at its end)', () => {
    const rows: WatchedTask[] = listOf(2);
    const seen = firstSeenByPosition(rows, (id) => Number(id.slice('Service_AI_'.length)) + 10);
    expect(seen(rows[1]!)).toBe(11);
    rows.push(buildRow('Service_AI_2', 2, undefined));
    expect(rows.map(seen)).toEqual([10, 11, 12]);
  });
});
