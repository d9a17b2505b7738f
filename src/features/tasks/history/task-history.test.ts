import { describe, expect, it } from 'vitest';
import { item, snap, steadyMarks } from '../testing/snapshots';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import { halve, MAX_SAMPLES_PER_TASK, mergeFeeds, observeTask, restoreBoard } from './task-history';
import { changeCount, firstSeenOf, fromStored, progressSamples, statusChanges, toStored, type TaskRecord } from './task-record';

const ID = 'Service_AI_1';
const running = (progress: number, at: number) => snap(item(ID, 3, { taskProgress: progress }), at);

describe('observeTask', () => {
  it('records first sight, each status change and each progress change', () => {
    let r = observeTask(undefined, ID, snap(item(ID, 2), 1_000));
    r = observeTask(r, ID, running(10, 2_000));
    r = observeTask(r, ID, running(40, 3_000));
    r = observeTask(r, ID, snap(item(ID, 4, { updateTime: 3_600 }), 4_000));
    expect(r.firstSeen).toBe(1_000);
    // The end is dated by the gateway's updateTime (between the last check and this one), as the throughput counts it.
    expect(statusChanges(r).map((c) => [c.status, c.at])).toEqual([
      [2, 1_000],
      [3, 2_000],
      [4, 3_600],
    ]);
    expect(progressSamples(r)).toEqual([
      [1_000, 0],
      [2_000, 10],
      [3_000, 40],
      [4_000, 100],
    ]);
  });

  it('returns the same record for the same snapshot (nothing to write)', () => {
    const s = running(10, 1);
    const r = observeTask(undefined, ID, s);
    expect(observeTask(r, ID, s)).toBe(r);
  });

  it('keeps progress samples bounded however long a task runs, with its first and last point', () => {
    let r: TaskRecord | undefined;
    for (let i = 0; i <= 10_000; i++) r = observeTask(r, ID, running(i % 101, i * 1_000));
    const samples = progressSamples(r!);
    expect(samples.length).toBeLessThanOrEqual(MAX_SAMPLES_PER_TASK);
    expect(samples[0]).toEqual([0, 0]);
    expect(samples.at(-1)).toEqual([10_000_000, 10_000 % 101]);
  });

  it('adds a progress sample to the record’s own samples, halved in place, not to a copy per update (issue 38)', () => {
    let r = observeTask(observeTask(undefined, ID, running(0, 0)), ID, running(1, 1_000));
    const samples = r.samples;
    for (let i = 2; i <= 100; i++) r = observeTask(r, ID, running(i, i * 1_000));
    expect(r.samples).toBe(samples);
    // The same points as a copy per update kept.
    let copied: Array<[number, number]> = [[0, 0]];
    for (let i = 1; i <= 100; i++) {
      copied = [...copied, [i * 1_000, i]];
      if (copied.length > MAX_SAMPLES_PER_TASK) copied = halve(copied);
    }
    expect(progressSamples(r)).toEqual(copied);
  });

  it('keeps a flapping task’s status changes bounded', () => {
    let r: TaskRecord | undefined;
    for (let i = 0; i < 500; i++) r = observeTask(r, ID, snap(item(ID, 2 + (i % 2)), i));
    expect(changeCount(r!)).toBeLessThanOrEqual(24);
    const changes = statusChanges(r!);
    expect(changes[0]!.at).toBe(0);
    expect(changes.at(-1)!.at).toBe(499);
  });

  it('gives a task first seen no arrays of its own: its one change and sample are its snapshot’s, until it changes (issue 38)', () => {
    const first = snap(item(ID, 4, { taskProgress: 100 }), 1_000);
    let r = observeTask(undefined, ID, first);
    expect([r.firstSeen, r.changes, r.samples]).toEqual([null, null, null]);
    expect(firstSeenOf(r)).toBe(1_000);
    expect(statusChanges(r)).toEqual([{ at: 1_000, status: 4, progress: 100 }]);
    expect(progressSamples(r)).toEqual([[1_000, 100]]);
    // Not found when first seen: one change, no sample.
    expect(progressSamples(observeTask(undefined, ID, snap(null, 1_000)))).toEqual([]);
    // The next snapshot makes them, the first from the snapshot before.
    r = observeTask(r, ID, snap(item(ID, 5, { taskProgress: 100 }), 2_000));
    expect(r.firstSeen).toBe(1_000);
    expect(r.changes).toEqual([1_000, 4, 100, 2_000, 5, 100]);
    expect(r.samples).toEqual([1_000, 100]);
    expect(fromStored({ ...r, changes: null, samples: null })).toEqual({ ...r, changes: null, samples: null });
  });

  it('keeps changes and samples as flat numbers: three per change, two per sample (issue 38)', () => {
    let r = observeTask(undefined, ID, snap(null, 500));
    r = observeTask(r, ID, running(10, 1_000));
    expect(r.changes).toEqual([500, NaN, 0, 1_000, 3, 10]);
    expect(r.samples).toEqual([1_000, 10]);
    expect(statusChanges(r)[0]!.status).toBeNull();
  });
});

describe('fromStored', () => {
  const snapshot = running(10, 2_000);
  const stored = { id: ID, firstSeen: 1_000, snapshot };

  it('reads a record an earlier console stored (a change object and a sample pair each) as flat numbers', () => {
    const r = fromStored({
      ...stored,
      changes: [
        { at: 1_000, status: null, progress: 0 },
        { at: 2_000, status: 3, progress: 10 },
      ],
      samples: [[2_000, 10]],
    });
    expect(r).toEqual({ ...stored, changes: [1_000, NaN, 0, 2_000, 3, 10], samples: [2_000, 10] });
    expect(statusChanges(r!).map((c) => c.status)).toEqual([null, 3]);
  });

  it('reads a record in this shape, into arrays of its own', () => {
    const changes = [1_000, 3, 10];
    const r = fromStored({ ...stored, changes, samples: [] })!;
    expect(r.changes).toEqual(changes);
    expect(r.changes).not.toBe(changes);
  });

  it('stores a running task’s progress marks as flat numbers and reads them back as marks (and an earlier console’s objects)', () => {
    const marks = [
      { progress: 10, after: 1_000, seenAt: 2_000 },
      { progress: 20, after: 2_000, seenAt: 3_000.5 },
    ];
    const record: TaskRecord = { ...stored, changes: null, samples: null, snapshot: { ...snapshot, progressMarks: marks } };
    const flat = toStored(record);
    expect(flat.snapshot.progressMarks).toEqual([10, 1_000, 2_000, 20, 2_000, 3_000.5]);
    // The record in memory is not changed; one without marks is stored as it is.
    expect(record.snapshot.progressMarks).toBe(marks);
    expect(toStored({ ...record, snapshot })).toEqual({ ...record, snapshot });
    expect(fromStored(structuredClone(flat))).toEqual(record);
    expect(fromStored(structuredClone(record))).toEqual(record);
  });

  it('leaves out progress marks it cannot read, keeping the rest of the record', () => {
    for (const progressMarks of [[10, 1_000], ['10', 1_000, 2_000], [{ progress: 10 }], 'marks']) {
      const r = fromStored({ ...stored, changes: null, samples: null, snapshot: { ...snapshot, progressMarks } });
      expect(r?.snapshot).toEqual(snapshot);
      expect(r?.snapshot.progressMarks).toBeUndefined();
    }
  });

  it('refuses changes or samples it cannot read, rather than show a wrong history', () => {
    expect(fromStored({ ...stored, changes: [1_000, 3], samples: [] })).toBeNull();
    expect(fromStored({ ...stored, changes: [1_000, 3, 10], samples: [2_000] })).toBeNull();
    expect(fromStored({ ...stored, changes: ['x', 3, 10], samples: [] })).toBeNull();
    expect(fromStored({ ...stored, changes: 5, samples: [] })).toBeNull();
    expect(fromStored({ ...stored, firstSeen: '1000', changes: [1_000, 3, 10], samples: [] })).toBeNull();
    expect(fromStored({ ...stored, changes: [1_000, 3, 10], samples: {} })).toBeNull();
  });
});

describe('halve', () => {
  it('keeps the ends', () => expect(halve([1, 2, 3, 4, 5, 6])).toEqual([1, 3, 5, 6]));
});

describe('restoreBoard', () => {
  const stored = (s = running(30, 1_000)) => new Map([[ID, { ...observeTask(undefined, ID, s), snapshot: { ...s, changedAt: 1_000 } }]]);

  it('keeps when a running task last changed, if its answer is the same after the reload (the stall flag survives)', () => {
    const board: TaskBoard = { ...EMPTY_BOARD, tasks: new Map([[ID, running(30, 900_000)]]) };
    const restored = restoreBoard(board, stored(), [ID], []);
    expect(restored!.tasks.get(ID)!.changedAt).toBe(1_000);
    expect(restored!.tasks.get(ID)!.checkedAt).toBe(900_000);
  });

  it("keeps a running task's progress marks across the reload, so its ETA does not start from nothing again", () => {
    const progressMarks = steadyMarks({ progress: 10, at: 0 }, { progress: 30, at: 1_000 });
    const before = stored({ ...running(30, 1_000), progressMarks });
    const moved: TaskBoard = { ...EMPTY_BOARD, tasks: new Map([[ID, running(40, 2_000)]]) };
    expect(restoreBoard(moved, before, [ID], [])!.tasks.get(ID)!.progressMarks).toEqual(progressMarks);
    // Progress that went back is a new run: the old marks are not its evidence.
    const back: TaskBoard = { ...EMPTY_BOARD, tasks: new Map([[ID, running(5, 2_000)]]) };
    expect(restoreBoard(back, before, [ID], [])?.tasks.get(ID)?.progressMarks).toBeUndefined();
  });

  it('leaves a task that moved on as the poller saw it', () => {
    const board: TaskBoard = { ...EMPTY_BOARD, tasks: new Map([[ID, snap(item(ID, 4), 900_000)]]) };
    expect(restoreBoard(board, stored(), [ID], [])).toBeNull();
  });

  it('fills in watched tasks not checked yet, but not unwatched ones, and brings back the feed', () => {
    const feed = [{ taskId: ID, from: 2, to: 3, at: 500 }];
    const restored = restoreBoard(EMPTY_BOARD, stored(), [ID], feed)!;
    expect(restored.tasks.get(ID)!.item!.taskProgress).toBe(30);
    expect(restored.transitions).toEqual(feed);
    expect(restoreBoard(EMPTY_BOARD, stored(), [], [])).toBeNull();
  });
});

describe('mergeFeeds', () => {
  it('merges without repeats, newest first, capped', () => {
    const t = (at: number) => ({ taskId: ID, from: 2, to: 3, at });
    const merged = mergeFeeds([t(3), t(2)], [t(2), t(1), ...Array.from({ length: 100 }, (_, i) => t(-i - 1))]);
    expect(merged.slice(0, 3).map((x) => x.at)).toEqual([3, 2, 1]);
    expect(merged).toHaveLength(50);
  });
});
