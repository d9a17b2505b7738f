import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FAILED_TASK_ERROR_CODES, TaskErrorCode, TaskStatus } from '#contract';
import { nextChangeAt, resolveOutcome, taskStateAt } from './task-status-at';
import { TASK_OUTCOMES, type TaskRecord } from './task-record';

const record = (over: Partial<TaskRecord> = {}): TaskRecord => ({
  taskId: 'Service_AI_x',
  userId: '7',
  createdAt: 1_000_000,
  durationMs: 20_000,
  outcome: 'finished',
  seed: 12345,
  ...over,
});

describe('taskStateAt', () => {
  it('walks Created → Queued → Running → Finished with a rising progress', () => {
    const r = record();
    expect(taskStateAt(r, r.createdAt)).toEqual({ taskStatus: 1, taskProgress: 0, errorCode: 0, updateTime: r.createdAt });
    expect(taskStateAt(r, r.createdAt + 999).taskStatus).toBe(TaskStatus.created);
    expect(taskStateAt(r, r.createdAt + 1000)).toMatchObject({ taskStatus: 2, updateTime: r.createdAt + 1000 });
    expect(taskStateAt(r, r.createdAt + 3000)).toMatchObject({ taskStatus: 3, taskProgress: 0, updateTime: r.createdAt + 3000 });
    const mid = taskStateAt(r, r.createdAt + 11_500);
    expect(mid.taskStatus).toBe(TaskStatus.running);
    expect(mid.taskProgress).toBe(49);
    expect(taskStateAt(r, r.createdAt + 19_999)).toMatchObject({ taskStatus: 3, taskProgress: 98 });
    expect(taskStateAt(r, r.createdAt + 20_000)).toEqual({
      taskStatus: 4,
      taskProgress: 100,
      errorCode: 0,
      updateTime: r.createdAt + 20_000,
    });
    expect(taskStateAt(r, r.createdAt + 9e9).updateTime).toBe(r.createdAt + 20_000);
  });

  it('reads a clock before creation as just created', () => {
    expect(taskStateAt(record(), 0)).toMatchObject({ taskStatus: 1, taskProgress: 0 });
  });

  it('ends a failed task with status 5, one of the failure codes and a progress below 100', () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = taskStateAt(record({ outcome: 'failed', seed }), 1_000_000 + 20_000);
      expect(s.taskStatus).toBe(TaskStatus.failed);
      expect(FAILED_TASK_ERROR_CODES).toContain(s.errorCode);
      expect(s.taskProgress).toBeLessThan(100);
    }
  });

  it('ends an aborted task with status 6 and code 3100', () => {
    const s = taskStateAt(record({ outcome: 'aborted' }), 1_000_000 + 20_000);
    expect(s).toMatchObject({ taskStatus: TaskStatus.aborted, errorCode: TaskErrorCode.abortedByOperator });
  });

  it('resolves mixed deterministically, mostly finished with some failed and aborted', () => {
    const counts = { finished: 0, failed: 0, aborted: 0 };
    for (let seed = 0; seed < 2000; seed++) counts[resolveOutcome(record({ outcome: 'mixed', seed: seed * 7919 }))]++;
    expect(counts.finished).toBeGreaterThan(1400);
    expect(counts.failed).toBeGreaterThan(100);
    expect(counts.aborted).toBeGreaterThan(50);
    expect(resolveOutcome(record({ outcome: 'mixed', seed: 42 }))).toBe(resolveOutcome(record({ outcome: 'mixed', seed: 42 })));
  });

  it('never goes back: status, progress and updateTime only rise, updateTime never passes now', () => {
    const arb = fc.record({
      durationMs: fc.integer({ min: 1, max: 3_600_000 }),
      outcome: fc.constantFrom(...TASK_OUTCOMES),
      seed: fc.nat({ max: 2 ** 32 - 1 }),
      a: fc.integer({ min: 0, max: 4_000_000 }),
      b: fc.integer({ min: 0, max: 4_000_000 }),
    });
    fc.assert(
      fc.property(arb, ({ durationMs, outcome, seed, a, b }) => {
        const r = record({ durationMs, outcome, seed });
        const [t1, t2] = [r.createdAt + Math.min(a, b), r.createdAt + Math.max(a, b)];
        const s1 = taskStateAt(r, t1);
        const s2 = taskStateAt(r, t2);
        expect(s2.taskStatus).toBeGreaterThanOrEqual(s1.taskStatus);
        expect(s2.taskProgress).toBeGreaterThanOrEqual(s1.taskProgress);
        expect(s2.updateTime).toBeGreaterThanOrEqual(s1.updateTime);
        expect(s1.updateTime).toBeLessThanOrEqual(t1);
        expect(s1.taskProgress).toBeGreaterThanOrEqual(0);
        expect(s1.taskProgress).toBeLessThanOrEqual(s1.taskStatus === TaskStatus.finished ? 100 : 99);
        expect(s1.errorCode !== 0).toBe(s1.taskStatus >= TaskStatus.failed);
        // The state is settled at durationMs whatever the outcome.
        expect(taskStateAt(r, r.createdAt + durationMs).taskStatus).toBeGreaterThanOrEqual(TaskStatus.finished);
      }),
    );
  });
});

describe('nextChangeAt', () => {
  it('is a time up to which the state stays what it is now, and Infinity once settled', () => {
    const arb = fc.record({
      durationMs: fc.integer({ min: 1, max: 3_600_000 }),
      outcome: fc.constantFrom(...TASK_OUTCOMES),
      seed: fc.nat({ max: 2 ** 32 - 1 }),
      at: fc.integer({ min: -5_000, max: 4_000_000 }),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(arb, ({ durationMs, outcome, seed, at, fraction }) => {
        const r = record({ durationMs, outcome, seed });
        const now = r.createdAt + at;
        const next = nextChangeAt(r, now);
        const state = taskStateAt(r, now);
        expect(next).toBeGreaterThan(now);
        if (next === Infinity) {
          expect(taskStateAt(r, now + 9e9)).toEqual(state);
          return;
        }
        const between = Math.floor(now + (next - 1 - now) * fraction);
        expect(taskStateAt(r, next - 1)).toEqual(state);
        expect(taskStateAt(r, between)).toEqual(state);
      }),
      { numRuns: 3000 },
    );
  });

  it('is the very moment of a change, not later, on a running task', () => {
    const r = record({ durationMs: 20_000, outcome: 'finished' });
    const now = r.createdAt + 11_500;
    const next = nextChangeAt(r, now);
    expect(taskStateAt(r, next).taskProgress).toBe(taskStateAt(r, now).taskProgress + 1);
    expect(nextChangeAt(r, r.createdAt)).toBe(r.createdAt + 1000);
    expect(nextChangeAt(r, r.createdAt + 20_000)).toBe(Infinity);
  });
});
