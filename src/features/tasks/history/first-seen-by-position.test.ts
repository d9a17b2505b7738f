import { describe, expect, it } from 'vitest';
import { buildRow, type WatchedTask } from '../rows/task-rows';
import type { IdleScheduler, IdleSlice } from '@/lib/idle-slices';
import { fillFirstSeenWhenIdle, firstSeenByPosition } from './first-seen-by-position';

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

/** Idle moments run by hand: each has room for `rowsPerSlice` rows (checked every 256, as the fill does). */
function manualIdle(checksPerSlice: number) {
  const queue: ((slice: IdleSlice) => void)[] = [];
  const idle: IdleScheduler = (work) => {
    queue.push(work);
    return () => void (queue.includes(work) && queue.splice(queue.indexOf(work), 1));
  };
  const runOne = () => {
    let checks = 0;
    queue.shift()?.({ hasTime: () => ++checks < checksPerSlice });
  };
  return {
    idle,
    queue,
    runOne,
    runAll: () => {
      while (queue.length) runOne();
    },
  };
}

/** A history whose size and changes the fill follows. */
function growingHistory(times: Record<string, number>) {
  const listeners = new Set<() => void>();
  const looked: string[] = [];
  return {
    looked,
    lookup: (id: string) => (looked.push(id), times[id]),
    size: () => Object.keys(times).length,
    onChange: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
    listeners,
    record(id: string, time: number) {
      times[id] = time;
      for (const l of listeners) l();
    },
  };
}

describe('fillFirstSeenWhenIdle', () => {
  it('looks every row up in idle slices, so a reader afterwards asks the history nothing', () => {
    const rows = listOf(1_000);
    const h = growingHistory(Object.fromEntries(rows.map((r) => [r.id, r.index * 10])));
    const idle = manualIdle(2);
    fillFirstSeenWhenIdle(rows, h.lookup, h.size, h.onChange, idle.idle);
    expect(h.looked).toHaveLength(0);
    idle.runOne();
    // Two checks of the deadline: 512 rows in the first slice, the rest in the next ones.
    expect(h.looked).toHaveLength(512);
    idle.runAll();
    expect(h.looked).toHaveLength(1_000);
    // Every position known: a change of the history starts no pass.
    for (const l of h.listeners) l();
    expect(idle.queue).toHaveLength(0);
    const reader = firstSeenByPosition(rows, h.lookup);
    expect(rows.map(reader).slice(0, 3)).toEqual([0, 10, 20]);
    expect(h.looked).toHaveLength(1_000);
  });

  it('reads again, after a pass left rows unknown, when the history grows; not when it changes with no new task', () => {
    const rows = listOf(3);
    const h = growingHistory({ Service_AI_0: 5 });
    const idle = manualIdle(10);
    fillFirstSeenWhenIdle(rows, h.lookup, h.size, h.onChange, idle.idle);
    idle.runAll();
    expect(h.looked).toEqual(['Service_AI_0', 'Service_AI_1', 'Service_AI_2']);
    for (const l of h.listeners) l();
    expect(idle.queue).toHaveLength(0);
    h.record('Service_AI_1', 7);
    idle.runAll();
    // Only the unknown positions are asked again.
    expect(h.looked.slice(3)).toEqual(['Service_AI_1', 'Service_AI_2']);
    h.record('Service_AI_2', 9);
    idle.runAll();
    expect(rows.map(firstSeenByPosition(rows, () => undefined))).toEqual([5, 7, 9]);
    for (const l of h.listeners) l();
    expect(idle.queue).toHaveLength(0);
  });

  it('reads the slots of a list still being derived, and rows added in place, at the next change of the history', () => {
    const all = listOf(4);
    // The list's array is made whole, then filled in slices (board-rows.ts): its last two slots are not derived yet.
    const rows: (WatchedTask | undefined)[] = [all[0], all[1], undefined, undefined];
    const h = growingHistory(Object.fromEntries(all.map((r) => [r.id, r.index + 1])));
    const idle = manualIdle(10);
    fillFirstSeenWhenIdle(rows, h.lookup, h.size, h.onChange, idle.idle);
    idle.runAll();
    expect(h.looked).toEqual(['Service_AI_0', 'Service_AI_1']);
    rows[2] = all[2];
    rows[3] = all[3];
    for (const l of h.listeners) l();
    idle.runAll();
    expect(h.looked.slice(2)).toEqual(['Service_AI_2', 'Service_AI_3']);
    rows.push(buildRow('Service_AI_4', 4, undefined));
    h.record('Service_AI_4', 5);
    idle.runAll();
    expect(h.looked.slice(4)).toEqual(['Service_AI_4']);
    for (const l of h.listeners) l();
    expect(idle.queue).toHaveLength(0);
  });

  it('stops when told: no slice runs, no history change starts one', () => {
    const rows = listOf(600);
    const h = growingHistory({});
    const idle = manualIdle(1);
    const stop = fillFirstSeenWhenIdle(rows, h.lookup, h.size, h.onChange, idle.idle);
    idle.runOne();
    expect(h.looked).toHaveLength(256);
    stop();
    expect(idle.queue).toHaveLength(0);
    expect(h.listeners.size).toBe(0);
    h.record('Service_AI_0', 1);
    expect(idle.queue).toHaveLength(0);
  });
});
