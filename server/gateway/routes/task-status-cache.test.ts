import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operations, TaskStatus } from '#contract';
import { GATEWAY_MOUNT } from '../files/url-signer';
import { taskStateAt } from '../tasks/task-status-at';
import { makeTestGateway, type TestGateway } from '../../testing/test-gateway';
import { expectItems } from '../../testing/status-expectations';

let gw: TestGateway;
let clock = 0;
beforeEach(async () => {
  clock = Date.UTC(2026, 0, 1);
  gw = await makeTestGateway({ now: () => clock, limits: { tasks: { retentionMs: 60_000 } } });
});
afterEach(() => gw.deps.close());

const statusAt = (origin: string, body: unknown, userId = '1001') =>
  gw.api.request(`${origin}${GATEWAY_MOUNT}${operations.taskStatus.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-User-Id': userId },
    body: JSON.stringify(body),
  });

/** What the answer must hold, worked out from the records alone, with no cache in the way. */
function expected(ids: string[], userId: string, origin: string) {
  return ids.flatMap((taskId) => {
    const record = gw.deps.tasks.find(userId, taskId);
    if (!record) return [];
    const state = taskStateAt(record, clock);
    const url = state.taskStatus === TaskStatus.finished ? gw.deps.signer.fileUrl(origin, 'video', taskId, userId) : null;
    return [{ taskId, ...state, targetVideoUrl: url }];
  });
}

describe('POST /textRemoval/taskStatus: the same body polled again', () => {
  it('gets at every moment the answer worked out afresh, through every phase and ending', async () => {
    const ids = [
      ...(await gw.createTasks('1001', { count: 4, durationMs: 700, outcome: 'mixed' })),
      ...(await gw.createTasks('1001', { count: 2, durationMs: 2000, outcome: 'failed' })),
      ...(await gw.createTasks('1001', { count: 2, durationMs: 1300, outcome: 'aborted' })),
      ...(await gw.createTasks('1001', { count: 2, durationMs: 900, outcome: 'finished' })),
    ];
    const body = { taskIds: [...ids, 'Service_AI_unknown'] };
    let step = 7;
    for (let polls = 0; clock <= Date.UTC(2026, 0, 1) + 2500; polls++) {
      for (let again = 0; again < 2; again++) {
        const items = await expectItems(await statusAt('http://localhost', body));
        expect(items).toEqual(expected(ids, '1001', 'http://localhost'));
      }
      step = (step * 31 + 11) % 97; // uneven steps, some inside a millisecond's progress, some across phases
      clock += step;
    }
  });

  it("answers another user's identical bytes with that user's own tasks", async () => {
    const ids = await gw.createTasks('1001', { count: 3, durationMs: 500, outcome: 'finished' });
    clock += 1000;
    expect(await expectItems(await statusAt('http://localhost', { taskIds: ids }))).toHaveLength(3);
    expect(await expectItems(await statusAt('http://localhost', { taskIds: ids }, '2002'))).toEqual([]);
  });

  it('follows the origin of the request into the download links', async () => {
    const ids = await gw.createTasks('1001', { count: 2, durationMs: 500, outcome: 'finished' });
    clock += 1000;
    const first = await expectItems(await statusAt('http://localhost', { taskIds: ids }));
    const other = await expectItems(await statusAt('http://console.example:8080', { taskIds: ids }));
    expect(first.map((i) => new URL(i.targetVideoUrl!).origin)).toEqual(['http://localhost', 'http://localhost']);
    expect(other).toEqual(expected(ids, '1001', 'http://console.example:8080'));
  });

  it('leaves out a task as soon as it is deleted', async () => {
    const ids = await gw.createTasks('1001', { count: 2, durationMs: 500, outcome: 'finished' });
    clock += 1000;
    expect(await expectItems(await statusAt('http://localhost', { taskIds: ids }))).toHaveLength(2);
    clock += 60_000;
    expect(gw.deps.tasks.expireFinished()).toBe(2);
    expect(await expectItems(await statusAt('http://localhost', { taskIds: ids }))).toEqual([]);
  });

  it('answers the same after the clock goes back as a fresh read would', async () => {
    const ids = await gw.createTasks('1001', { count: 3, durationMs: 1000, outcome: 'finished' });
    clock += 600;
    const later = await expectItems(await statusAt('http://localhost', { taskIds: ids }));
    clock -= 500;
    const earlier = await expectItems(await statusAt('http://localhost', { taskIds: ids }));
    expect(earlier).toEqual(expected(ids, '1001', 'http://localhost'));
    expect(earlier).not.toEqual(later);
  });
});
