import { describe, expect, it } from 'vitest';
import { item, snap } from '../testing/snapshots';
import { backoffDelay, dueTaskIds, MAX_BACKOFF_MS, nextPollDelay } from './poll-schedule';
import type { TaskSnapshot } from '../task/task-snapshot';

const tasks = new Map<string, TaskSnapshot>([
  ['Service_AI_run', snap(item('Service_AI_run', 3), 10_000)],
  ['Service_AI_queued', snap(item('Service_AI_queued', 2), 10_000)],
  ['Service_AI_done', snap(item('Service_AI_done', 4), 10_000)],
  ['Service_AI_failed', snap(item('Service_AI_failed', 5), 10_000)],
  ['Service_AI_aborted', snap(item('Service_AI_aborted', 6), 10_000)],
  ['Service_AI_nourl', snap(item('Service_AI_nourl', 4, { targetVideoUrl: null }), 10_000)],
  ['Service_AI_gone', snap(null, 10_000)],
]);
const all = [...tasks.keys(), 'Service_AI_new'];

describe('dueTaskIds', () => {
  it('polls live and never-seen tasks every cycle, never terminal ones', () => {
    expect(dueTaskIds(all, tasks, 15_000, 5_000)).toEqual(['Service_AI_run', 'Service_AI_queued', 'Service_AI_new']);
  });

  it('leaves live tasks checked less than half an interval ago to their own beat (a check of added IDs takes only those)', () => {
    expect(dueTaskIds(all, tasks, 11_000, 5_000)).toEqual(['Service_AI_new']);
    expect(dueTaskIds(all, tasks, 12_500, 5_000)).toEqual(['Service_AI_run', 'Service_AI_queued', 'Service_AI_new']);
  });

  it('rechecks Finished-without-URL after 15 s and not-found after 60 s at a 5 s interval', () => {
    expect(dueTaskIds(all, tasks, 25_000, 5_000)).toContain('Service_AI_nourl');
    expect(dueTaskIds(all, tasks, 25_000, 5_000)).not.toContain('Service_AI_gone');
    expect(dueTaskIds(all, tasks, 70_000, 5_000)).toContain('Service_AI_gone');
  });

  it('Refresh now takes every non-terminal task at once', () => {
    expect(dueTaskIds(all, tasks, 10_001, 5_000, true).sort()).toEqual(
      ['Service_AI_gone', 'Service_AI_new', 'Service_AI_nourl', 'Service_AI_queued', 'Service_AI_run'].sort(),
    );
  });
});

describe('nextPollDelay', () => {
  it('uses the interval while anything is live', () => {
    expect(nextPollDelay(all, tasks, 10_000, 2_000)).toBe(2_000);
  });

  it('keeps the live tasks on their beat after a cycle in between: due an interval after their own last check', () => {
    const live = ['Service_AI_run', 'Service_AI_queued'];
    expect(nextPollDelay(live, tasks, 11_500, 5_000)).toBe(3_500);
    expect(nextPollDelay(live, tasks, 14_950, 5_000)).toBe(250);
  });

  it('returns false when everything is terminal, the list is empty, or polling is off', () => {
    const terminal = ['Service_AI_done', 'Service_AI_failed', 'Service_AI_aborted'];
    expect(nextPollDelay(terminal, tasks, 10_000, 5_000)).toBe(false);
    expect(nextPollDelay([], tasks, 10_000, 5_000)).toBe(false);
    expect(nextPollDelay(all, tasks, 10_000, 0)).toBe(false);
  });

  it('waits for the slowest due time when only slow tasks remain', () => {
    expect(nextPollDelay(['Service_AI_nourl', 'Service_AI_gone'], tasks, 10_000, 5_000)).toBe(15_000);
    expect(nextPollDelay(['Service_AI_gone'], tasks, 10_000, 5_000)).toBe(60_000);
    expect(nextPollDelay(['Service_AI_gone'], tasks, 69_000, 5_000)).toBe(5_000);
  });
});

describe('backoffDelay', () => {
  it('doubles per consecutive failure and is capped', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 5_000))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffDelay(30, 5_000)).toBe(MAX_BACKOFF_MS);
    expect(backoffDelay(1, 0)).toBe(4_000);
  });
});
