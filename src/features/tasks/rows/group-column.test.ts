import { describe, expect, it } from 'vitest';
import { item, snap } from '../testing/snapshots';
import type { IdleScheduler } from '@/lib/idle-slices';
import { buildGroupColumnWhenIdle, codeMask, groupCode, groupColumn, NOT_DERIVED } from './group-column';
import { buildRow, type WatchedTask } from './task-rows';

const row = (i: number, status: number) => buildRow(`Service_AI_${i}`, i, snap(item(`Service_AI_${i}`, status)));
const listOf = (statuses: readonly number[]) => statuses.map((s, i) => row(i, s));
const expected = (rows: readonly (WatchedTask | undefined)[]) => rows.map((r) => (r ? groupCode(r.group) : NOT_DERIVED));

describe('groupColumn', () => {
  it('holds each row’s group code, in list order', () => {
    const rows = listOf([3, 4, 5, 3, 6]);
    expect([...groupColumn(rows, 0)]).toEqual(expected(rows));
    expect(groupCode(3)).not.toBe(groupCode(4));
  });

  it('follows a rows array written in place by reading only the positions a write logged', () => {
    // Rows written outside board-rows have no log: a newer version is read whole again, so it is still right.
    const rows = listOf([3, 3, 3]);
    const first = groupColumn(rows, 0);
    rows[1] = row(1, 4);
    const again = groupColumn(rows, 1);
    expect([...again]).toEqual(expected(rows));
    expect(again).not.toBe(first);
  });

  it('reads a list grown in place from its new end, and slots derived after they were first read', () => {
    const rows: (WatchedTask | undefined)[] = [row(0, 3), undefined];
    const list = rows as WatchedTask[];
    expect([...groupColumn(list, 0)]).toEqual([groupCode(3), NOT_DERIVED]);
    rows[1] = row(1, 5);
    rows.push(row(2, 4));
    expect([...groupColumn(list, 0)]).toEqual(expected(rows));
  });

  it('is read in idle slices beforehand, and the same column is then given', () => {
    const rows = listOf(Array.from({ length: 3_000 }, (_, i) => (i % 3) + 3));
    const queue: Parameters<IdleScheduler>[0][] = [];
    const idle: IdleScheduler = (work) => (queue.push(work), () => void queue.splice(queue.indexOf(work), 1));
    buildGroupColumnWhenIdle(rows, () => 0, idle);
    // One look at the deadline a slice: 1,024 rows each.
    let slices = 0;
    while (queue.length) {
      queue.shift()!({ hasTime: () => false });
      slices++;
    }
    expect(slices).toBe(3);
    expect([...groupColumn(rows, 0)]).toEqual(expected(rows));
    // Made: the same version reads no row again (a slot changed with no new version, which poll updates never do, shows it).
    rows[0] = row(0, 6);
    expect(groupColumn(rows, 0)[0]).toBe(groupCode(3));
  });

  it('stops reading when cancelled', () => {
    const rows = listOf(Array.from({ length: 3_000 }, () => 3));
    const queue: Parameters<IdleScheduler>[0][] = [];
    const idle: IdleScheduler = (work) => (queue.push(work), () => void queue.splice(queue.indexOf(work), 1));
    const cancel = buildGroupColumnWhenIdle(rows, () => 0, idle);
    queue.shift()!({ hasTime: () => false });
    cancel();
    expect(queue).toHaveLength(0);
  });
});

describe('codeMask', () => {
  it('marks the codes of the groups it accepts, and the code of a slot not derived', () => {
    const mask = codeMask((g) => g === 5);
    expect(mask[groupCode(5)]).toBe(1);
    expect(mask[groupCode(3)]).toBe(0);
    expect(mask[NOT_DERIVED]).toBe(1);
  });
});
