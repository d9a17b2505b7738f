import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskEngine } from '../tasks/task-engine';
import { PointsLedger } from '../users/points-ledger';
import { createSpeechService } from '../speech/speech-service';
import { LEGACY_POINTS_FILE, LEGACY_TASKS_FILE } from './migrate-files';

const freshDir = () => mkdtemp(join(tmpdir(), 'migrate-'));
const record = (n: number, userId = '1') => ({
  taskId: `Service_AI_legacy${n}`,
  userId,
  createdAt: 1_700_000_000_000 + n,
  durationMs: 20_000,
  outcome: n % 2 ? 'failed' : 'finished',
  seed: n * 7,
});

/** What the previous gateway left in DATA_DIR: tasks.jsonl (with a torn tail), points.json, audio + sidecar. */
async function writeLegacyFiles(dir: string, tasks: number) {
  const lines = Array.from({ length: tasks }, (_, i) => JSON.stringify(record(i, i % 3 === 0 ? '2' : '1'))).join('\n');
  await writeFile(join(dir, LEGACY_TASKS_FILE), `${lines}\nnot json\n{"taskId":"Service_AI_torn","userId":"1","crea`);
  await writeFile(join(dir, LEGACY_POINTS_FILE), JSON.stringify({ balances: { '1': 42, '9223372036854775807': 0 } }));
  await mkdir(join(dir, 'audio'));
  const fileId = 'ab'.repeat(16);
  await writeFile(join(dir, 'audio', `${fileId}.wav`), new Uint8Array(1234));
  const meta = { fileId, userId: '1', format: 'wav', channel: 3, appSource: 'web', durationMs: 500, createdAt: Date.now() };
  await writeFile(join(dir, 'audio', `${fileId}.json`), JSON.stringify(meta));
  return fileId;
}

describe('one-time migration of the older .data files', () => {
  it('imports every intact task, balance and audio file, then renames the old files', async () => {
    const dir = await freshDir();
    const fileId = await writeLegacyFiles(dir, 2500);
    const engine = await TaskEngine.open(dir, () => 1_700_000_000_000 + 60_000);
    expect(engine.size).toBe(2500);
    for (const n of [0, 1, 1234, 2499]) {
      const r = record(n, n % 3 === 0 ? '2' : '1');
      expect(engine.find(r.userId, r.taskId)).toEqual(r);
    }
    expect(engine.find('1', 'Service_AI_torn')).toBeUndefined();
    const ledger = await PointsLedger.open(dir);
    expect([ledger.balance('1'), ledger.balance('9223372036854775807'), ledger.balance('5')]).toEqual([42, 0, 100_000]);
    const speech = createSpeechService({ dataDir: dir });
    expect(await speech.readAudio(fileId)).toMatchObject({ size: 1234, contentType: 'audio/wav' });
    await Promise.all([engine.close(), ledger.close(), speech.close?.()]);

    const names = await readdir(dir);
    expect(names).toEqual(expect.arrayContaining([`${LEGACY_TASKS_FILE}.migrated`, `${LEGACY_POINTS_FILE}.migrated`]));
    expect(names).not.toContain(LEGACY_TASKS_FILE);
    expect(await readdir(join(dir, 'audio'))).toEqual([`${fileId}.wav`]);
  });

  it('imports only once: a later start neither repeats nor re-reads the old files', async () => {
    const dir = await freshDir();
    await writeLegacyFiles(dir, 10);
    const first = await TaskEngine.open(dir);
    await first.create('1', { count: 5 });
    await first.close();
    // An old file put back by hand is not imported a second time.
    await writeFile(join(dir, LEGACY_POINTS_FILE), JSON.stringify({ balances: { '1': 7 } }));
    const ledger = await PointsLedger.open(dir);
    expect(ledger.balance('1')).toBe(42);
    const again = await TaskEngine.open(dir);
    expect(again.size).toBe(15);
    await Promise.all([again.close(), ledger.close()]);
  });

  it('refuses to start on a damaged points file rather than silently resetting balances', async () => {
    const dir = await freshDir();
    await writeFile(join(dir, LEGACY_POINTS_FILE), 'not json');
    await expect(PointsLedger.open(dir)).rejects.toThrow(/not a points file/);
  });
});
