import { mkdtemp, readdir, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openGatewayDatabase } from '../storage/gateway-database';
import { createAudioStore } from './audio-store';

const meta = { userId: '1', format: 'wav' as const, channel: 0, appSource: null, durationMs: 10 };

async function storeIn(maxTotalBytes: number, maxAgeMs = 3_600_000) {
  const dir = await mkdtemp(join(tmpdir(), 'audio-store-'));
  const database = await openGatewayDatabase(dir);
  return { dir, database, store: createAudioStore(dir, Promise.resolve(database.db), { maxAgeMs, maxTotalBytes }) };
}

describe('audio store', () => {
  it('keeps the total size under AUDIO_MAX_TOTAL_MB by dropping the oldest files and their links', async () => {
    const { dir, database, store } = await storeIn(2500);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await store.save(new Uint8Array(1000), meta)).fileId);
      await new Promise((r) => setTimeout(r, 2)); // distinct creation times
    }
    expect(await store.read(ids[0]!)).toBeNull();
    expect(await store.read(ids[1]!)).toBeNull();
    expect(await store.read(ids[3]!)).toMatchObject({ size: 1000 });
    expect((await readdir(join(dir, 'audio'))).sort()).toEqual([`${ids[2]}.wav`, `${ids[3]}.wav`].sort());
    database.close();
  });

  it('sweeps files older than AUDIO_MAX_AGE_HOURS', async () => {
    const { dir, database, store } = await storeIn(1e9, 60_000);
    const { fileId } = await store.save(new Uint8Array(10), meta);
    expect(await store.sweep(Date.now())).toBe(0);
    expect(await store.sweep(Date.now() + 61_000)).toBe(1);
    expect(await store.read(fileId)).toBeNull();
    expect(await readdir(join(dir, 'audio'))).toEqual([]);
    database.close();
  });

  it('at start, removes temp files and audio files without an index row that a crash left behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'audio-store-'));
    await mkdir(join(dir, 'audio'));
    const database = await openGatewayDatabase(dir);
    const kept = await createAudioStore(dir, Promise.resolve(database.db)).save(new Uint8Array(10), meta);
    // What kill -9 leaves: a torn temp file, and a file written before its row was committed.
    await writeFile(join(dir, 'audio', '.abc.wav.1234.tmp'), 'half');
    await writeFile(join(dir, 'audio', `${'c'.repeat(32)}.wav`), 'orphan');
    await writeFile(join(dir, 'audio', 'notes.txt'), 'not ours');
    const store = createAudioStore(dir, Promise.resolve(database.db));
    expect(await store.read('c'.repeat(32))).toBeNull();
    expect(await store.read('../gateway.db')).toBeNull();
    expect(await store.read(kept.fileId)).toMatchObject({ size: 10 });
    expect((await readdir(join(dir, 'audio'))).sort()).toEqual([`${kept.fileId}.wav`, 'notes.txt'].sort());
    database.close();
  });
});
