import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { killHard, makeStubDist, startRealServer, stopGracefully, type RealServer } from '../../testing/crash-safety/real-server';
import { callApi as call, ledgerOnDisk as onDisk, mountTempSmallDisk, until } from '../../testing/disk-full-helpers';
import { fillDisk, itNeedsRoot } from '../../testing/small-disk';
import { DEFAULT_POINTS } from '../users/points-ledger';
import { STORAGE_FAILED_CODE } from './storage-error';

const cleanups: (() => Promise<unknown> | void)[] = [];
let server: RealServer | null = null;
afterEach(async () => {
  if (server) await killHard(server);
  server = null;
  for (const step of cleanups.splice(0).reverse()) await step();
});

/** A real server's data directory on a 4 MB tmpfs (needs root, as disk-full.test). */
async function smallDisk(): Promise<{ disk: string; dataDir: string; distDir: string }> {
  const { root, disk } = await mountTempSmallDisk('held-disk-full-', cleanups);
  const distDir = await makeStubDist(join(root, 'dist'));
  return { disk, dataDir: join(disk, 'data'), distDir };
}

const balanceOf = async (base: string, userId: string) =>
  ((await call(base, 'GET', `/_emulator/users/${userId}`)).envelope.data as { points: number }).points;

/**
 * Storage is the subject, not the voice: the stand-in speaks, paced 75 ms a sentence, so the
 * synthesis of LONG_TEXT's 20 sentences is in flight for 1.5 s while the disk fills, as the real
 * engine's was; then its audio (about 7 MB at half speed, more than the 4 MB disk) goes to the
 * full disk.
 */
const SPEECH = { speechEngine: 'stand-in', standInSentenceMs: 75 } as const;
const LONG_TEXT = 'This long text keeps the speech engine busy while the disk fills up. '.repeat(20);
const speakLong = (base: string, userId: string) =>
  call(
    base,
    'POST',
    '/speechSynthesis/textToSpeech',
    { sourceText: LONG_TEXT, voiceName: 'en-us', format: 'wav', speedFactor: 0.5 },
    userId,
  );

itNeedsRoot(
  'a synthesis refused with 507 releases its charge at once, and the refund reaches the disk once space returns, without restart',
  async () => {
    const { disk, dataDir, distDir } = await smallDisk();
    server = await startRealServer({ dataDir, distDir, ...SPEECH });
    const base = server.url;
    const answer = speakLong(base, '31');
    await until(async () => (await balanceOf(base, '31')) < DEFAULT_POINTS, 'the held charge');
    const giveSpaceBack = await fillDisk(disk);

    const refused = await answer;
    expect(refused.status).toBe(507);
    expect(refused.envelope).toMatchObject({ code: STORAGE_FAILED_CODE, data: null });
    expect(await balanceOf(base, '31')).toBe(DEFAULT_POINTS);
    expect(onDisk(dataDir, '31').held).toBe(1); // the disk is full: written later

    await giveSpaceBack();
    await until(() => onDisk(dataDir, '31').held === 0, 'the refund on disk');
    expect(onDisk(dataDir, '31')).toEqual({ held: 0, points: DEFAULT_POINTS });
    expect(await stopGracefully(server)).toBe(0);
    server = null;
  },
  90_000,
);

itNeedsRoot(
  'a restart on a full disk with held charges starts: reads answer, writes answer 507, and the refund is written once space returns',
  async () => {
    const { disk, dataDir, distDir } = await smallDisk();
    server = await startRealServer({ dataDir, distDir, ...SPEECH });
    const created = await call(server.url, 'POST', '/_emulator/tasks', { count: 10 });
    const taskIds = (created.envelope.data as { taskIds: string[] }).taskIds;
    const answer = speakLong(server.url, '32').catch(() => null);
    await until(async () => (await balanceOf(server!.url, '32')) < DEFAULT_POINTS, 'the held charge');
    await killHard(server);
    await answer;
    server = null;
    const giveSpaceBack = await fillDisk(disk);

    server = await startRealServer({ dataDir, distDir, ...SPEECH });
    const base = server.url;
    const status = await call(base, 'POST', '/textRemoval/taskStatus', { taskIds });
    expect([status.status, status.envelope.code, (status.envelope.data as unknown[]).length]).toEqual([200, 0, 10]);
    expect(await balanceOf(base, '32')).toBe(DEFAULT_POINTS);
    const write = await call(base, 'POST', '/_emulator/tasks', { count: 1000 });
    expect([write.status, write.envelope.code]).toEqual([507, STORAGE_FAILED_CODE]);

    await giveSpaceBack();
    await until(() => onDisk(dataDir, '32').held === 0, 'the refund on disk');
    expect(onDisk(dataDir, '32')).toEqual({ held: 0, points: DEFAULT_POINTS });
    expect((await call(base, 'POST', '/_emulator/tasks', { count: 1 })).envelope.code).toBe(0);
    expect(await stopGracefully(server)).toBe(0);
    server = null;
  },
  90_000,
);
