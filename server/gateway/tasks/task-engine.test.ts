import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TASK_ID_PREFIX, TaskStatus } from '#contract';
import { TaskEngine } from './task-engine';

const freshDir = () => mkdtemp(join(tmpdir(), 'task-engine-'));

describe('TaskEngine', () => {
  it('issues unique, unguessable Service_AI IDs owned by their creator', async () => {
    const engine = await TaskEngine.open(await freshDir(), () => 5_000);
    const ids = await engine.create('1', { count: 500 });
    expect(new Set(ids).size).toBe(500);
    for (const id of ids) expect(id).toMatch(new RegExp(`^${TASK_ID_PREFIX}_[0-9a-z]+_[0-9a-f]{24}$`));
    expect(engine.find('1', ids[0]!)).toBeDefined();
    expect(engine.find('2', ids[0]!)).toBeUndefined();
    expect(engine.stateOf('2', ids[0]!)).toBeUndefined();
    expect(engine.stateOf('1', 'Service_AI_unknown')).toBeUndefined();
    await engine.close();
  });

  it('follows the injected clock', async () => {
    let now = 1_000;
    const engine = await TaskEngine.open(await freshDir(), () => now);
    const [id] = await engine.create('9', { count: 1, durationMs: 3000, outcome: 'finished' });
    expect(engine.stateOf('9', id!)?.taskStatus).toBe(TaskStatus.created);
    now += 1500;
    expect(engine.stateOf('9', id!)?.taskStatus).toBe(TaskStatus.running);
    now += 1500;
    expect(engine.stateOf('9', id!)).toMatchObject({ taskStatus: 4, taskProgress: 100, updateTime: 4000 });
    await engine.close();
  });

  it('sees tasks made before a restart, with the same states', async () => {
    const dir = await freshDir();
    const first = await TaskEngine.open(dir, () => 10_000);
    const a = await first.create('1', { count: 3, durationMs: 1000, outcome: 'failed' });
    const b = await first.create('2', { count: 2 });
    const before = a.map((id) => first.stateOf('1', id, 20_000));
    await first.close();
    const second = await TaskEngine.open(dir, () => 20_000);
    expect(second.size).toBe(5);
    expect(a.map((id) => second.stateOf('1', id))).toEqual(before);
    expect(second.find('2', b[1]!)?.durationMs).toBe(20_000);
    await second.close();
  });

  it('reopens 10,000 tasks from disk and answers each of them', async () => {
    const dir = await freshDir();
    const engine = await TaskEngine.open(dir);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(...(await engine.create('1', { count: 1000 })));
    await engine.close();
    const reopened = await TaskEngine.open(dir);
    expect(reopened.size).toBe(10_000);
    // Speed of lookups is measured by bench:gateway (status of 100 IDs per request), not here.
    expect(ids.every((id) => reopened.stateOf('1', id) !== undefined)).toBe(true);
    expect(ids.slice(0, 100).some((id) => reopened.stateOf('2', id) !== undefined)).toBe(false);
    await reopened.close();
  });

  it('answers from a read index smaller than the store: every owned task, in the order asked, none of another user', async () => {
    const dir = await freshDir();
    const limits = { maxPerUser: 1000, maxTotal: 1000, retentionMs: 3_600_000, readIndexMax: 10 };
    const engine = await TaskEngine.open(dir, () => 5_000, limits);
    const mine = await engine.create('1', { count: 60 });
    const theirs = await engine.create('2', { count: 20 });
    const asked = [...theirs.slice(0, 5), ...mine.slice(0, 30).reverse(), 'Service_AI_unknown', ...mine.slice(30)];
    for (let round = 0; round < 3; round++) {
      const { owned, unknown } = engine.ownedTasks('1', asked);
      expect(owned.map((t) => t.record.taskId)).toEqual([...mine.slice(0, 30).reverse(), ...mine.slice(30)]);
      expect(unknown).toBe(1);
    }
    await engine.close();
    // A fresh process starts with an empty index and reads the same from the database.
    const reopened = await TaskEngine.open(dir, () => 5_000, limits);
    expect(reopened.ownedTasks('2', asked).owned.map((t) => t.record.taskId)).toEqual(theirs.slice(0, 5));
    expect(reopened.find('1', theirs[0]!)).toBeUndefined();
    expect(reopened.find('2', theirs[0]!)?.taskId).toBe(theirs[0]);
    await reopened.close();
  });

  it('counts committed creations and deletions, and forgets deleted tasks it had read', async () => {
    let now = 1_000_000;
    const engine = await TaskEngine.open(await freshDir(), () => now, { maxPerUser: 100, maxTotal: 100, retentionMs: 10_000 });
    const before = engine.version;
    const ids = await engine.create('1', { count: 3, durationMs: 1000 });
    expect(engine.version).toEqual({ created: before.created + 1, deleted: before.deleted });
    expect(engine.ownedTasks('1', ids).owned).toHaveLength(3);
    now += 20_000;
    expect(engine.expireFinished()).toBe(3);
    expect(engine.version.deleted).toBe(before.deleted + 1);
    expect(engine.ownedTasks('1', ids)).toEqual({ owned: [], unknown: 3 });
    expect(engine.find('1', ids[0]!)).toBeUndefined();
    expect(engine.expireFinished()).toBe(0);
    expect(engine.version.deleted).toBe(before.deleted + 1);
    await engine.close();
  });

  it("makes room at TASKS_MAX_PER_USER by dropping the user's oldest finished tasks, and refuses when none has finished", async () => {
    let now = 1_000_000;
    const limits = { maxPerUser: 5, maxTotal: 100, retentionMs: 3_600_000 };
    const engine = await TaskEngine.open(await freshDir(), () => now, limits);
    const old = await engine.create('1', { count: 3, durationMs: 1000 });
    now += 500;
    const young = await engine.create('1', { count: 2, durationMs: 1000 });
    await engine.create('2', { count: 5, durationMs: 1000 });
    // Nothing has finished yet: a sixth task for user 1 is refused, and nothing changed.
    await expect(engine.create('1', { count: 1 })).rejects.toMatchObject({
      code: 429,
      status: 429,
      message: expect.stringMatching(/TASKS_MAX_PER_USER/),
    });
    expect(engine.size).toBe(10);
    now += 600; // the first three have finished, the next two not yet
    const fresh = await engine.create('1', { count: 2 });
    expect(old.filter((id) => engine.find('1', id)).length).toBe(1);
    expect([...young, ...fresh].every((id) => engine.find('1', id))).toBe(true);
    expect(engine.size).toBe(10);
    await engine.close();
  });

  it("makes room at TASKS_MAX_TOTAL from anyone's oldest finished tasks, and refuses when all are running", async () => {
    let now = 1_000_000;
    const engine = await TaskEngine.open(await freshDir(), () => now, { maxPerUser: 10, maxTotal: 10, retentionMs: 3_600_000 });
    const first = await engine.create('1', { count: 6, durationMs: 1000 });
    await engine.create('2', { count: 4, durationMs: 60_000 });
    await expect(engine.create('3', { count: 1 })).rejects.toMatchObject({ code: 429, message: expect.stringMatching(/TASKS_MAX_TOTAL/) });
    now += 2000;
    await engine.create('3', { count: 6 });
    expect(first.some((id) => engine.find('1', id))).toBe(false);
    await expect(engine.create('3', { count: 1 })).rejects.toMatchObject({ code: 429 });
    await expect(engine.create('3', { count: 11 })).rejects.toMatchObject({ code: 429 });
    await engine.close();
  });

  it('expires finished tasks older than the retention, and only those', async () => {
    let now = 1_000_000;
    const engine = await TaskEngine.open(await freshDir(), () => now, { maxPerUser: 100_000, maxTotal: 100_000, retentionMs: 10_000 });
    const done = await engine.create('1', { count: 12_000, durationMs: 1000 });
    const long = await engine.create('1', { count: 3, durationMs: 3_600_000 });
    now += 5_000;
    expect(engine.expireFinished()).toBe(0);
    now += 10_000;
    expect(engine.expireFinished()).toBe(12_000);
    expect(engine.find('1', done[0]!)).toBeUndefined();
    expect(long.every((id) => engine.find('1', id))).toBe(true);
    expect(engine.size).toBe(3);
    await engine.close();
  });
});
