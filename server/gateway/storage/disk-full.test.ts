import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { killHard, makeStubDist, startRealServer, stopGracefully, type RealServer } from '../../testing/crash-safety/real-server';
import { callApi as call, type Envelope } from '../../testing/disk-full-helpers';
import { fillDisk, itNeedsRoot, mountSmallDisk, unmountSmallDisk } from '../../testing/small-disk';
import { STORAGE_FAILED_CODE } from './storage-error';

/** The subject is storage, not the voice: the stand-in's audio takes the same path to the store. */
const SPEECH = { speechEngine: 'stand-in' } as const;

let root = '';
let mounted = '';
let server: RealServer | null = null;
afterAll(async () => {
  if (server) await killHard(server);
  if (mounted) unmountSmallDisk(mounted);
  if (root) await rm(root, { recursive: true, force: true });
});

itNeedsRoot(
  'a full disk: refusals are 507 envelopes, acknowledged tasks and balances survive kill -9, and writes resume once space returns',
  async () => {
    root = await mkdtemp(join(tmpdir(), 'disk-full-'));
    const distDir = await makeStubDist(join(root, 'dist'));
    mounted = join(root, 'disk');
    await mkdir(mounted);
    mountSmallDisk(mounted, '4m');
    const dataDir = join(mounted, 'data');
    server = await startRealServer({ dataDir, distDir, ...SPEECH });
    const base = server.url;

    const tasks = new Set<string>();
    const balances = new Map<string, number>();
    const refusals: { status: number; envelope: Envelope }[] = [];
    const record = (answer: { status: number; envelope: Envelope }, onOk: () => void) => {
      if (answer.envelope.code === 0) onOk();
      else refusals.push(answer);
    };
    const createBatch = async () => {
      const answer = await call(base, 'POST', '/_emulator/tasks', { count: 1000 });
      record(answer, () => (answer.envelope.data as { taskIds: string[] }).taskIds.forEach((id) => tasks.add(id)));
      return answer.envelope.code;
    };
    const setBalance = async (userId: string, points: number) => {
      const answer = await call(base, 'PUT', `/_emulator/users/${userId}`, { points });
      record(answer, () => balances.set(userId, points));
    };

    // Some work while there is room, then the disk is filled to the last byte.
    for (let i = 0; i < 3; i++) await createBatch();
    await setBalance('11', 500);
    const giveSpaceBack = await fillDisk(mounted);

    // On the full disk: tasks, balances and a synthesis are refused (or, while SQLite still has free pages, kept).
    for (let i = 0; i < 8; i++) {
      await createBatch();
      await setBalance(`2${i}`, 1000 + i);
    }
    const speech = await call(base, 'POST', '/speechSynthesis/textToSpeech', { sourceText: 'Hello disk.', voiceName: 'en-us' }, '30');
    record(speech, () => undefined);
    console.log(`disk full: ${tasks.size} tasks and ${balances.size} balances acknowledged, ${refusals.length} requests refused with 507`);
    expect(refusals.length).toBeGreaterThan(0);
    for (const r of refusals) {
      expect(r.status).toBe(507);
      expect(r.envelope).toMatchObject({
        code: STORAGE_FAILED_CODE,
        data: null,
        message: expect.stringMatching(/^Insufficient Storage: /),
      });
    }
    const afterSpeech = await call(base, 'GET', '/_emulator/users/30');
    expect((afterSpeech.envelope.data as { points: number }).points).toBe(100_000);

    // Space comes back: the same server accepts writes again, with no restart.
    await giveSpaceBack();
    expect(await createBatch()).toBe(0);
    await setBalance('11', 600);
    expect(balances.get('11')).toBe(600);

    await killHard(server);
    server = await startRealServer({ dataDir, distDir, ...SPEECH });
    const ids = [...tasks];
    let found = 0;
    for (let i = 0; i < ids.length; i += 100) {
      const answer = await call(server.url, 'POST', '/textRemoval/taskStatus', { taskIds: ids.slice(i, i + 100) });
      found += (answer.envelope.data as unknown[]).length;
    }
    expect(found).toBe(ids.length);
    for (const [userId, points] of balances) {
      expect(((await call(server.url, 'GET', `/_emulator/users/${userId}`)).envelope.data as { points: number }).points, userId).toBe(
        points,
      );
    }
    expect(await stopGracefully(server)).toBe(0);
    server = null;
    const leftovers = (await readdir(join(dataDir, 'audio'))).filter((n) => n.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  },
  120_000,
);
