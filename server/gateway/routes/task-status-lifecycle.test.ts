import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskStatus } from '#contract';
import { makeTestGateway, type TestGateway } from '../../testing/test-gateway';
import { expectItems, type Item } from '../../testing/status-expectations';

let gw: TestGateway;
beforeEach(async () => {
  gw = await makeTestGateway();
});
afterEach(() => gw.deps.close());

describe('POST /textRemoval/taskStatus: lifecycle', () => {
  it('shows a task move through every phase on the injected clock, with a download link at the end', async () => {
    const [id] = await gw.createTasks('1001', { count: 1, durationMs: 3000, outcome: 'finished' });
    const read = async () => (await expectItems(await gw.status({ taskId: id })))[0]!;
    const seen: Item[] = [await read()];
    for (let t = 0; t < 3000; t += 250) {
      gw.advance(250);
      seen.push(await read());
    }
    expect([...new Set(seen.map((s) => s.taskStatus))]).toEqual([1, 2, 3, 4]);
    const progress = seen.map((s) => s.taskProgress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(seen.filter((s) => s.taskStatus === 3).some((s) => s.taskProgress > 50)).toBe(true);
    expect(seen.filter((s) => s.taskStatus < 4).every((s) => s.targetVideoUrl === null)).toBe(true);
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ taskStatus: TaskStatus.finished, taskProgress: 100, errorCode: 0 });
    const url = new URL(done.targetVideoUrl!);
    expect(url.pathname).toBe(`/api/files/video/${id}`);
    const video = await gw.api.request(url.pathname + url.search);
    expect(video.status).toBe(200);
    expect(video.headers.get('Content-Type')).toBe('video/mp4');
  });

  it('ends a failed task in 5 with a non-zero errorCode and no URL, an aborted one in 6', async () => {
    const [failed] = await gw.createTasks('1001', { count: 1, durationMs: 3000, outcome: 'failed' });
    const [aborted] = await gw.createTasks('1001', { count: 1, durationMs: 3000, outcome: 'aborted' });
    gw.advance(3000);
    const [f, a] = await expectItems(await gw.status({ taskIds: [failed!, aborted!] }));
    expect(f).toMatchObject({ taskStatus: 5, targetVideoUrl: null });
    expect(f!.errorCode).not.toBe(0);
    expect(a).toMatchObject({ taskStatus: 6, errorCode: 3100, targetVideoUrl: null });
  });

  it('on the real clock, a 3000 ms task reads 4/100 with a downloadable video within 5 s', async () => {
    const live = await makeTestGateway({ now: Date.now });
    const [id] = await live.createTasks('1001', { count: 1, durationMs: 3000, outcome: 'finished' });
    const started = Date.now();
    let item: Item | undefined;
    while (Date.now() - started < 5000) {
      item = (await expectItems(await live.status({ taskId: id })))[0];
      if (item?.taskStatus === 4) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(item).toMatchObject({ taskStatus: 4, taskProgress: 100 });
    const url = new URL(item!.targetVideoUrl!);
    const bytes = new Uint8Array(await (await live.api.request(url.pathname + url.search)).arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe('ftyp');
    expect(bytes.byteLength).toBeGreaterThan(5000);
    await live.deps.close();
  });
});
