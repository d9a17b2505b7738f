import { describe, expect, it } from 'vitest';
import { item, snap, steadyMarks } from '../testing/snapshots';
import timeline from '../testing/batch-timeline.json';
import { addFlowSample, addTransitions, EMPTY_SERIES, flowCounts, type BatchSeries } from '../history/batch-series';
import { digestLive, estimateBatch, estimateFromDigest } from './batch-estimate';
import { mergeBoard } from '../status-worker/merge-board';
import { taskPhase } from '../task/task-phase';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';

const STALL_MS = 5 * 60_000;
const NOW = 30 * 60_000;

/** A task seen running since `since` at `from`%, now at `progress`% (changed at `changedAt`). */
const running = (id: string, from: number, since: number, progress: number, changedAt: number) =>
  snap(item(id, 3, { taskProgress: progress }), changedAt, {
    changedAt,
    progressMarks: steadyMarks({ progress: from, at: since }, { progress, at: changedAt }),
  });

describe('estimateBatch: the audit cases', () => {
  it('10 running tasks at 95 % after 95 s: about 5 s, not "36 min" from one ending seen', () => {
    const live = Array.from({ length: 10 }, (_, i) => running(`t${i}`, 0, NOW - 95_000, 95, NOW));
    const series: BatchSeries = {
      flow: [{ at: NOW - 4 * 60_000, counts: [] }],
      perMinute: [{ minute: NOW / 60_000 - 1, finished: 1, failed: 0, aborted: 0 }],
    };
    expect(estimateBatch(live, series, NOW, STALL_MS)).toEqual({ kind: 'slowest-task', remainingMs: 5_000, running: 10 });
  });

  it('234 tasks that will end together, 16 ended in one minute: no "1 h 32 min" from a rate of ends', () => {
    const live = Array.from({ length: 234 }, (_, i) =>
      i < 200 ? running(`t${i}`, 0, NOW - 90_000, 90, NOW) : snap(item(`t${i}`, 2), NOW),
    );
    const series: BatchSeries = {
      flow: [{ at: NOW - 9 * 60_000, counts: [] }],
      perMinute: [{ minute: NOW / 60_000 - 1, finished: 16, failed: 0, aborted: 0 }],
    };
    const estimate = estimateBatch(live, series, NOW, STALL_MS);
    expect(estimate).toEqual({ kind: 'refused', reason: 'cannot estimate yet (16 endings seen in the last 10 min)' });
    const more: BatchSeries = { ...series, perMinute: [{ minute: NOW / 60_000 - 1, finished: 40, failed: 0, aborted: 0 }] };
    expect(estimateBatch(live, more, NOW, STALL_MS)).toEqual({
      kind: 'refused',
      reason: 'cannot estimate: tasks are ending together, not at a steady rate',
    });
  });

  it('refuses while a running task is stalled, and while a running task has no rate yet', () => {
    // Checked now, unchanged for 6 min.
    const stalled = { ...running('s', 0, NOW - 20 * 60_000, 40, NOW - 6 * 60_000), checkedAt: NOW };
    expect(estimateBatch([running('a', 0, NOW - 60_000, 50, NOW), stalled], EMPTY_SERIES, NOW, STALL_MS)).toEqual({
      kind: 'refused',
      reason: 'cannot estimate: 1 running task stalled (no change for 5 min or more)',
    });
    const fresh = snap(item('f', 3, { taskProgress: 10 }), NOW);
    expect(estimateBatch([running('a', 0, NOW - 60_000, 50, NOW), fresh], EMPTY_SERIES, NOW, STALL_MS)).toMatchObject({ kind: 'refused' });
  });

  it('estimates from one pass over the tasks at any later moment: counting down, then stalled once a check sees no change', () => {
    const digest = digestLive([running('a', 0, NOW - 95_000, 95, NOW), running('b', 0, NOW - 90_000, 90, NOW)], STALL_MS);
    expect(estimateFromDigest(digest, EMPTY_SERIES, NOW, STALL_MS)).toEqual({ kind: 'slowest-task', remainingMs: 10_000, running: 2 });
    expect(estimateFromDigest(digest, EMPTY_SERIES, NOW + 4_000, STALL_MS)).toEqual({
      kind: 'slowest-task',
      remainingMs: 6_000,
      running: 2,
    });
    const checked = [running('a', 0, NOW - 95_000, 95, NOW), running('b', 0, NOW - 90_000, 90, NOW)].map((s) => ({
      ...s,
      checkedAt: NOW + STALL_MS,
    }));
    expect(estimateFromDigest(digestLive(checked, STALL_MS), EMPTY_SERIES, NOW + STALL_MS, STALL_MS)).toMatchObject({ kind: 'refused' });
  });

  it('no task stalls for lack of news: 20 min with no check (updates failing) flags none', () => {
    // Last checked at NOW, a minute after their last change; the console has not seen them since.
    const live = [running('a', 0, NOW - 5 * 60_000, 40, NOW - 60_000), running('b', 0, NOW - 5 * 60_000, 50, NOW - 60_000)].map((s) => ({
      ...s,
      checkedAt: NOW,
    }));
    const estimate = estimateFromDigest(digestLive(live, STALL_MS), EMPTY_SERIES, NOW + 20 * 60_000, STALL_MS);
    expect(estimate).not.toMatchObject({ reason: expect.stringContaining('stalled') });
  });

  it('says "3 endings seen" while too few tasks have ended to give a rate', () => {
    const series: BatchSeries = {
      flow: [{ at: NOW - 9 * 60_000, counts: [] }],
      perMinute: [{ minute: NOW / 60_000 - 5, finished: 3, failed: 0, aborted: 0 }],
    };
    expect(estimateBatch([snap(item('q', 2), NOW)], series, NOW, STALL_MS)).toEqual({
      kind: 'refused',
      reason: 'cannot estimate yet (3 endings seen in the last 10 min)',
    });
  });
});

/**
 * A real batch's timeline, replayed through the console's own model: 75 tasks in four waves, from the embedded
 * gateway's lifecycle (server/gateway/tasks/task-status-at.ts, recorded by scripts/record-batch-timeline.ts), polled
 * every 10 s. At every poll the estimate must be a refusal, or within the stated tolerance of the true remaining time.
 */
describe('estimateBatch: replay of a recorded batch', () => {
  /** 25 % of the true remaining time, or two polls (the truth and the estimate each move in 10 s steps). */
  const tolerance = (trueMs: number) => Math.max(0.25 * trueMs, 2 * timeline.pollMs);

  function replay() {
    const ids = timeline.ids;
    let board: TaskBoard = { ...EMPTY_BOARD, tasks: new Map() };
    let series = EMPTY_SERIES;
    const states = timeline.polls.map((p) => p.states.split(' '));
    // When each task is first seen terminal: the truth the estimates are checked against.
    const endsAt = ids.map((_, t) => {
      const i = states.findIndex((s) => s[t] !== '-' && Number(s[t]) >= 4_000);
      return i < 0 ? Infinity : timeline.polls[i]!.at;
    });
    const checks: Array<{ at: number; trueMs: number; estimate: ReturnType<typeof estimateBatch> }> = [];
    timeline.polls.forEach((poll, p) => {
      const watched = ids.filter((_, t) => states[p]![t] !== '-');
      const asked = watched.filter((id) => taskPhase(board.tasks.get(id)) !== 'terminal');
      const answers = asked.map((id) => {
        const code = Number(states[p]![ids.indexOf(id)]);
        return item(id, Math.floor(code / 1000), { taskProgress: code % 1000, errorCode: code >= 5_000 ? 3001 : 0 });
      });
      board = mergeBoard(board, asked, answers, poll.at, 1);
      series = addTransitions(
        series,
        board.transitions.filter((t) => t.at === poll.at),
      );
      series = addFlowSample(series, poll.at, flowCounts(watched, board.tasks), 5_000);
      const liveIds = watched.filter((id) => taskPhase(board.tasks.get(id)) === 'live');
      if (liveIds.length === 0) return;
      // Checked a few seconds after each poll, as the page's clock would.
      const at = poll.at + 3_000;
      const trueMs = Math.max(...liveIds.map((id) => endsAt[ids.indexOf(id)]!)) - at;
      checks.push({
        at,
        trueMs,
        estimate: estimateBatch(
          liveIds.map((id) => board.tasks.get(id)),
          series,
          at,
          STALL_MS,
        ),
      });
    });
    return checks;
  }

  it('is a refusal or within tolerance of the true remaining time at every poll, and gives a number for much of the run', () => {
    const checks = replay();
    expect(checks.length).toBeGreaterThan(60);
    const wrong = checks.filter(
      (c) =>
        (c.estimate.kind === 'slowest-task' || c.estimate.kind === 'ending-rate') &&
        Math.abs(c.estimate.remainingMs - c.trueMs) > tolerance(c.trueMs),
    );
    expect(wrong.map((c) => ({ at: (c.at - timeline.polls[0]!.at) / 1000, trueS: c.trueMs / 1000, estimate: c.estimate }))).toEqual([]);
    const spoke = checks.filter((c) => c.estimate.kind !== 'refused').length;
    expect(spoke / checks.length).toBeGreaterThan(0.3);
  });
});
