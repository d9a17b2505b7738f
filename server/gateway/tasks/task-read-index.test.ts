import { describe, expect, it } from 'vitest';
import type { TaskRecord } from './task-record';
import { TaskReadIndex } from './task-read-index';
import { settledAt } from './task-status-at';

const record = (n: number): TaskRecord => ({
  taskId: `Service_AI_${n}`,
  userId: '1',
  createdAt: 1_000_000,
  durationMs: 20_000,
  outcome: 'mixed',
  seed: n,
});

describe('TaskReadIndex', () => {
  it('holds at most its capacity, dropping the entries added longest ago', () => {
    const index = new TaskReadIndex(3);
    for (let n = 0; n < 5; n++) index.add(record(n));
    expect(index.size).toBe(3);
    expect(index.get('Service_AI_0')).toBeUndefined();
    expect(index.get('Service_AI_1')).toBeUndefined();
    expect(index.get('Service_AI_4')?.record).toEqual(record(4));
    const known = index.get('Service_AI_3');
    expect(index.add(record(3))).toBe(known);
    expect(index.size).toBe(3);
    expect(index.get('Service_AI_2')).toBeDefined();
    index.delete('Service_AI_2');
    index.add(record(5)); // takes the deleted task's place
    index.add(record(6)); // pushes out the oldest, 3
    expect(index.size).toBe(3);
    expect(index.get('Service_AI_3')).toBeUndefined();
    expect(index.get('Service_AI_4')).toBeDefined();
    expect(index.get('Service_AI_5')).toBeDefined();
    expect(index.get('Service_AI_6')).toBeDefined();
  });

  it('stays within its bound over many adds and deletes', () => {
    const index = new TaskReadIndex(100);
    for (let n = 0; n < 10_000; n++) {
      index.add(record(n));
      if (n % 3 === 0) index.delete(`Service_AI_${n - 50}`);
      expect(index.size).toBeLessThanOrEqual(100);
    }
    expect(index.get('Service_AI_9999')).toBeDefined();
    expect(index.get('Service_AI_9000')).toBeUndefined();
  });

  it('forgets a deleted task, and works out when each task settles', () => {
    const index = new TaskReadIndex(10);
    const entry = index.add(record(7));
    expect(entry.settlesAt).toBe(settledAt(record(7)));
    expect(entry.settlesAt).toBeLessThanOrEqual(1_000_000 + 20_000);
    index.delete('Service_AI_7');
    expect(index.get('Service_AI_7')).toBeUndefined();
  });

  it('keeps nothing at capacity 0, yet hands back the entry', () => {
    const index = new TaskReadIndex(0);
    expect(index.add(record(1)).record.taskId).toBe('Service_AI_1');
    expect(index.size).toBe(0);
  });
});
