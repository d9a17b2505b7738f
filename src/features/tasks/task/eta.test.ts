import { describe, expect, it } from 'vitest';
import { item, snap, steadyMarks } from '../testing/snapshots';
import { mergeBoard } from '../status-worker/merge-board';
import { EMPTY_BOARD, type TaskBoard, type TaskSnapshot } from './task-snapshot';
import { estimateRemainingMs, etaAsSaid, etaReading, isStalled } from './eta';

const ID = 'Service_AI_a';

/** A running task at `progress`, seen moving steadily from `from` (its marks), last changed at `changedAt`. */
const running = (progress: number, changedAt: number, from: { progress: number; at: number } | null) =>
  snap(item(ID, 3, { taskProgress: progress }), changedAt, {
    changedAt,
    progressMarks: from ? steadyMarks(from, { progress, at: changedAt }) : undefined,
  });

/**
 * The console watching one task through its own merge (mergeBoard, on the local clock), checked every `intervalMs`
 * from `firstCheck`, the gateway answering `progressAt(t)` in whole percent. Stops at the first check where `until`
 * holds, and gives that check's time and snapshot.
 */
function watch(
  progressAt: (t: number) => number,
  intervalMs: number,
  firstCheck: number,
  until: (s: TaskSnapshot, now: number) => boolean,
) {
  let board: TaskBoard = { ...EMPTY_BOARD, tasks: new Map() };
  for (let now = firstCheck; now < 30 * 60_000; now += intervalMs) {
    board = mergeBoard(board, [ID], [item(ID, 3, { taskProgress: Math.floor(progressAt(now)) })], now, 1);
    const snapshot = board.tasks.get(ID)!;
    if (until(snapshot, now)) return { now, snapshot };
  }
  throw new Error('the story never got there');
}

describe('estimateRemainingMs: the audit case (0.5 %/s from 10 %, read at 19 %: about 2 min 42 s left)', () => {
  // The task sat at 10 % for 79 s, then moved at 0.5 %/s: 100 % is 180 s after it started moving. Measured since it
  // was first seen running, as before, the rate took those 79 s in: "~14 min 34 sec" at 19 %.
  const MOVES_AT = 79_000;
  const progressAt = (t: number) => 10 + Math.max(0, t - MOVES_AT) * 0.0005;
  const DONE_AT = MOVES_AT + 180_000;

  for (const phase of [0, 700, 1_900]) {
    it(`is within 15 % of the true time left at the first check that reads 19 % (every 2 s, checks at +${phase} ms)`, () => {
      const { now, snapshot } = watch(progressAt, 2_000, phase, (s) => s.item!.taskProgress >= 19);
      const left = estimateRemainingMs(snapshot, now);
      const truth = DONE_AT - now;
      expect(left).not.toBeNull();
      expect(Math.abs(left! - truth)).toBeLessThanOrEqual(0.15 * truth);
    });
  }

  it('stands on evidence, not on a minute watched: a number within 30 s at 2 s and at 5 s (was ~70 s), never from one step', () => {
    // The same task first seen as it starts moving.
    for (const intervalMs of [2_000, 5_000]) {
      const { now, snapshot } = watch(
        (t) => 10 + t * 0.0005,
        intervalMs,
        300,
        (s, at) => estimateRemainingMs(s, at) !== null,
      );
      expect(now).toBeLessThanOrEqual(30_000);
      expect(now).toBeGreaterThanOrEqual(2 * intervalMs);
      expect(Math.abs(estimateRemainingMs(snapshot, now)! - (180_000 - now))).toBeLessThanOrEqual(0.25 * (180_000 - now));
    }
  });

  it('is about right for a slow task checked often and a fast one checked rarely', () => {
    // 0.1 %/s from 0 (16 min 40 s), checked every 2 s; 1 %/s (100 s), checked every 10 s.
    for (const [rate, intervalMs] of [
      [0.000_1, 2_000],
      [0.001, 10_000],
    ] as const) {
      const doneAt = 100 / rate;
      const { now, snapshot } = watch(
        (t) => Math.min(100, t * rate),
        intervalMs,
        500,
        (s, at) => estimateRemainingMs(s, at) !== null,
      );
      const truth = doneAt - now;
      expect(Math.abs(estimateRemainingMs(snapshot, now)! - truth)).toBeLessThanOrEqual(Math.max(0.25 * truth, intervalMs));
    }
  });
});

describe('estimateRemainingMs', () => {
  it('extrapolates the observed progress rate', () => {
    // 10% → 70% in 60 s is 1%/s, so 30% more takes 30 s.
    expect(estimateRemainingMs(running(70, 60_000, { progress: 10, at: 0 }), 60_000)).toBe(30_000);
    expect(estimateRemainingMs(running(70, 60_000, { progress: 10, at: 0 }), 70_000)).toBe(20_000);
  });

  it('never goes below zero', () => {
    expect(estimateRemainingMs(running(90, 60_000, { progress: 0, at: 0 }), 200_000)).toBe(0);
  });

  it('has no estimate from one move, or from marks whose own times are too unsure for the span between them', () => {
    const twoMarks = snap(item(ID, 3, { taskProgress: 30 }), 20_000, {
      progressMarks: [
        { progress: 20, after: 0, seenAt: 1_000 },
        { progress: 30, after: 19_000, seenAt: 20_000 },
      ],
    });
    expect(estimateRemainingMs(twoMarks, 20_000)).toBeNull();
    // Each mark unsure by 10 s (the checks before it were 10 s earlier), 20 s apart: the rate could be off by half.
    const unsure = snap(item(ID, 3, { taskProgress: 30 }), 40_000, {
      progressMarks: [0, 1, 2].map((i) => ({ progress: 10 + 10 * i, after: i * 10_000, seenAt: i * 10_000 + 10_000 })),
    });
    expect(estimateRemainingMs(unsure, 40_000)).toBeNull();
  });

  it('has no estimate from progress outside 0–100', () => {
    expect(estimateRemainingMs(running(500, 60_000, { progress: 10, at: 0 }), 60_000)).toBeNull();
  });

  it('has no estimate without marks or for tasks that are not running', () => {
    expect(estimateRemainingMs(running(30, 20_000, null), 20_000)).toBeNull();
    expect(estimateRemainingMs(snap(item(ID, 2)), 20_000)).toBeNull();
    expect(estimateRemainingMs(snap(item(ID, 4)), 20_000)).toBeNull();
  });

  it('starts again when progress goes back', () => {
    const { snapshot } = watch(
      (t) => (t < 60_000 ? t * 0.001 : 5),
      2_000,
      0,
      (_, now) => now >= 62_000,
    );
    expect(snapshot.progressMarks).toBeUndefined();
    expect(estimateRemainingMs(snapshot, 62_000)).toBeNull();
  });
});

describe('etaReading: an empty ETA says why', () => {
  it('"estimating" while evidence is gathered, "not moving" after a minute without a change, "stalled" after the stall time', () => {
    const fresh = running(10, 0, null);
    expect(etaReading(fresh, 5_000, 5 * 60_000)).toEqual({ kind: 'estimating' });
    expect(etaReading(fresh, 60_000, 5 * 60_000)).toEqual({ kind: 'not-moving' });
    // Stalled once a check has seen it unchanged for the stall time.
    expect(etaReading({ ...fresh, checkedAt: 5 * 60_000 }, 5 * 60_000, 5 * 60_000)).toEqual({ kind: 'stalled' });
  });

  it('a time left where there is a rate; odd progress said; nothing for tasks that are not running', () => {
    expect(etaReading(running(70, 60_000, { progress: 10, at: 0 }), 70_000, 5 * 60_000)).toEqual({ kind: 'remaining', ms: 20_000 });
    expect(etaReading(running(500, 0, null), 0, 5 * 60_000)).toEqual({ kind: 'odd-progress' });
    expect(etaReading(snap(item(ID, 2)), 0, 5 * 60_000)).toEqual({ kind: 'none' });
    expect(etaReading(undefined, 0, 5 * 60_000)).toEqual({ kind: 'none' });
  });
});

describe('isStalled', () => {
  it('flags a running task a check has seen unchanged for the configured time', () => {
    const s = running(40, 1_000, { progress: 10, at: 0 });
    expect(isStalled({ ...s, checkedAt: 1_000 + 59_999 }, 1_000 + 59_999, 60_000)).toBe(false);
    expect(isStalled({ ...s, checkedAt: 1_000 + 60_000 }, 1_000 + 60_000, 60_000)).toBe(true);
  });

  it('a task not checked since (updates failing, checks off) is not stalled for lack of news: judged at its last check', () => {
    // Last checked 30 s after its last change, then 20 min of outage: the console saw 30 s without a change, not 20 min.
    const s = { ...running(40, 1_000, { progress: 10, at: 0 }), checkedAt: 31_000 };
    expect(isStalled(s, 20 * 60_000, 60_000)).toBe(false);
    expect(etaReading(s, 20 * 60_000, 60_000)).not.toEqual({ kind: 'stalled' });
    // Checked again, still unchanged: now it is.
    expect(isStalled({ ...s, checkedAt: 20 * 60_000 }, 20 * 60_000, 60_000)).toBe(true);
  });

  it('never flags other statuses, unknown tasks, or when the rule is off', () => {
    expect(isStalled(snap(item(ID, 2)), 1e9, 60_000)).toBe(false);
    expect(isStalled(snap(item(ID, 4)), 1e9, 60_000)).toBe(false);
    expect(isStalled(undefined, 1e9, 60_000)).toBe(false);
    expect(isStalled(running(40, 0, null), 1e9, 0)).toBe(false);
  });
});

describe('a running task’s marks (nextMarks)', () => {
  it('keeps the newest eight, oldest first, each with the check before it; an answer at the same progress adds none', () => {
    let board: TaskBoard = { ...EMPTY_BOARD, tasks: new Map() };
    // Checked every 2 s: 10 %, then one point more at each of ten checks, then one check at the same progress.
    const checks = Array.from({ length: 11 }, (_, i) => ({ at: i * 2_000, progress: 10 + i }));
    for (const { at, progress } of [...checks, { at: 22_000, progress: 20 }])
      board = mergeBoard(board, [ID], [item(ID, 3, { taskProgress: progress })], at, 1);
    const marks = board.tasks.get(ID)!.progressMarks!;
    expect(marks.map((m) => m.progress)).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    expect(marks.map((m) => [m.after, m.seenAt])).toEqual(
      [13, 14, 15, 16, 17, 18, 19, 20].map((p) => [(p - 11) * 2_000, (p - 10) * 2_000]),
    );
  });
});

describe('etaAsSaid', () => {
  it('rounds the time left up to a 5 s step, so a countdown changes once in 5 s', () => {
    expect([0, 1, 4_999, 5_000, 5_001, 61_000, 65_000].map(etaAsSaid)).toEqual([0, 5_000, 5_000, 5_000, 10_000, 65_000, 65_000]);
    const eachSecond = Array.from({ length: 30 }, (_, s) => etaAsSaid(300_000 - s * 1_000));
    expect(new Set(eachSecond).size).toBe(6);
  });
});
