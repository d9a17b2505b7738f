import { afterEach, describe, expect, it, vi } from 'vitest';
import { getConsoleInfo } from './console-info';

afterEach(() => vi.unstubAllGlobals());

const serve = (data: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'OK', data }), { status: 200 }))),
  );

describe('console info', () => {
  it("keeps the embedded gateway's per-user synthesis bound, the script queue's concurrency", async () => {
    serve({ mode: 'embedded', emulator: true, defaultUserId: '10001', speechQueuePerUser: 3 });
    expect(await getConsoleInfo()).toMatchObject({ mode: 'embedded', speechQueuePerUser: 3 });
  });

  it('reads an answer without it (proxy mode, an older server), and ignores a value that is not a positive whole number', async () => {
    serve({ mode: 'proxy', emulator: false, defaultUserId: '10001' });
    expect((await getConsoleInfo())?.speechQueuePerUser).toBeUndefined();
    serve({ mode: 'embedded', emulator: true, defaultUserId: '10001', speechQueuePerUser: 'many' });
    expect(await getConsoleInfo()).toMatchObject({ mode: 'embedded' });
    expect((await getConsoleInfo())?.speechQueuePerUser).toBeUndefined();
  });
});
