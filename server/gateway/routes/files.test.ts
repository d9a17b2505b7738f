import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelopeOf, fakeSpeech, makeTestGateway, type TestGateway } from '../../testing/test-gateway';

const WAV = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);

let gw: TestGateway;
beforeEach(async () => {
  gw = await makeTestGateway({ speech: fakeSpeech({ 'a1.wav': { bytes: WAV, contentType: 'audio/wav', fileName: 'speech a1.wav' } }) });
});
afterEach(() => gw.deps.close());

/** Path + query of a signed link, as a browser would request it from the same origin. */
const linkFor = (kind: 'video' | 'audio', name: string, userId: string) => {
  const url = new URL(gw.deps.signer.fileUrl('http://localhost', kind, name, userId));
  return { path: url.pathname, query: url.searchParams };
};
const get = (path: string, query: URLSearchParams) => gw.api.request(`${path}?${query}`);

async function expectRefusal(res: Response, status: 403 | 404) {
  expect(res.status).toBe(status);
  expect(await envelopeOf(res)).toMatchObject({ code: status, data: null });
}

async function finishedTask(userId = '1001') {
  const [id] = await gw.createTasks(userId, { count: 1, durationMs: 1000, outcome: 'finished' });
  gw.advance(1000);
  return id!;
}

describe('GET /files/video/:taskId', () => {
  it('serves a real MP4 as an attachment with a meaningful name', async () => {
    const id = await finishedTask();
    const { path, query } = linkFor('video', id, '1001');
    const res = await get(path, query);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('video/mp4');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${id}-text-removed.mp4"; filename*=UTF-8''${id}-text-removed.mp4`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe('ftyp');
    expect(bytes.byteLength).toBeGreaterThan(10_000);
    expect(bytes.byteLength).toBeLessThan(100_000);
    expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength);
  });

  it('answers byte ranges, as media elements ask when seeking', async () => {
    const id = await finishedTask();
    const { path, query } = linkFor('video', id, '1001');
    const whole = new Uint8Array(await (await get(path, query)).arrayBuffer());
    const part = await gw.api.request(`${path}?${query}`, { headers: { Range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 4-11/${whole.byteLength}`);
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe(new TextDecoder().decode(whole.slice(4, 12)));
    const beyond = await gw.api.request(`${path}?${query}`, { headers: { Range: `bytes=${whole.byteLength}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('Content-Range')).toBe(`bytes */${whole.byteLength}`);
    const head = await gw.api.request(`${path}?${query}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Type')).toBe('video/mp4');
  });

  it('refuses a link with another user, a changed or missing signature (403)', async () => {
    const id = await finishedTask();
    const { path, query } = linkFor('video', id, '1001');
    await expectRefusal(await get(path, new URLSearchParams({ u: '2002', sig: query.get('sig')! })), 403);
    await expectRefusal(
      await get(path, new URLSearchParams({ u: '1001', sig: query.get('sig')!.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A')) })),
      403,
    );
    await expectRefusal(await get(path, new URLSearchParams({ u: '1001' })), 403);
    await expectRefusal(await get(path, new URLSearchParams({ u: 'abc', sig: query.get('sig')! })), 403);
    await expectRefusal(await gw.api.request(path), 403);
  });

  it('cannot be made for someone else’s task: a link signed for the caller still finds nothing (404)', async () => {
    const theirs = await finishedTask('2002');
    const { path, query } = linkFor('video', theirs, '1001');
    await expectRefusal(await get(path, query), 404);
  });

  it('answers 404 for a genuine link to an unknown or unfinished task', async () => {
    const unknown = linkFor('video', 'Service_AI_missing', '1001');
    await expectRefusal(await get(unknown.path, unknown.query), 404);
    const [running] = await gw.createTasks('1001', { count: 1, durationMs: 10_000, outcome: 'finished' });
    const early = linkFor('video', running!, '1001');
    await expectRefusal(await get(early.path, early.query), 404);
    const [failed] = await gw.createTasks('1001', { count: 1, durationMs: 1000, outcome: 'failed' });
    gw.advance(20_000);
    const bad = linkFor('video', failed!, '1001');
    await expectRefusal(await get(bad.path, bad.query), 404);
    expect((await get(early.path, early.query)).status).toBe(200);
  });

  it('keeps links valid across a restart on the same data directory', async () => {
    const id = await finishedTask();
    const { path, query } = linkFor('video', id, '1001');
    await gw.deps.close();
    // A day later: finished tasks are kept for TASK_RETENTION_HOURS (a week by default).
    gw = await makeTestGateway({ dataDir: gw.dataDir, now: () => Date.UTC(2026, 0, 2) });
    expect((await get(path, query)).status).toBe(200);
  });
});

describe('GET /files/audio/:name', () => {
  it('serves what the speech service stores, with its content type and name', async () => {
    const { path, query } = linkFor('audio', 'a1.wav', '7');
    const res = await get(path, query);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('audio/wav');
    expect(res.headers.get('Content-Disposition')).toBe(`inline; filename="speech a1.wav"; filename*=UTF-8''speech%20a1.wav`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(WAV);
  });

  it('refuses a bad signature (403) and a genuine link to a missing file (404)', async () => {
    const { path, query } = linkFor('audio', 'a1.wav', '7');
    await expectRefusal(await get(path, new URLSearchParams({ u: '8', sig: query.get('sig')! })), 403);
    const video = linkFor('video', 'a1.wav', '7');
    await expectRefusal(await get(path, video.query), 403);
    const missing = linkFor('audio', 'gone.wav', '7');
    await expectRefusal(await get(missing.path, missing.query), 404);
  });
});
