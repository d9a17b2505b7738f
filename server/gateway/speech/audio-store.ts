import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { inTransaction, scalar, type Db } from '../storage/gateway-database';
import { isStorageFailure, storageFailed } from '../storage/storage-error';
import { EMBEDDED_AUDIO_FORMATS, type EmbeddedAudioFormat } from './embedded-formats';

/** A stored file: on disk (path, streamed with ranges) or, for test doubles, in memory. */
export type StoredAudio = { contentType: string; fileName: string } & ({ path: string; size: number } | { bytes: Uint8Array });

export type AudioMeta = {
  fileId: string;
  userId: string;
  format: EmbeddedAudioFormat;
  channel: number;
  appSource: string | null;
  durationMs: number;
  sizeBytes: number;
  createdAt: number;
};

export type AudioRetention = { maxAgeMs: number; maxTotalBytes: number };
export const DEFAULT_AUDIO_RETENTION: AudioRetention = { maxAgeMs: 7 * 24 * 3_600_000, maxTotalBytes: 2 * 1024 ** 3 };

const CONTENT_TYPES: Record<EmbeddedAudioFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  // Raw s16le has no registered media type (audio/L16 is big-endian), so it is served as bytes.
  pcm: 'application/octet-stream',
};

const FILE_ID = /^[0-9a-f]{32}$/;
const AUDIO_FILE = new RegExp(`^([0-9a-f]{32})\\.(${EMBEDDED_AUDIO_FORMATS.join('|')})$`);
const TEMP_FILE = /^\..*\.tmp$/;

/** Temp file, fsync, rename, fsync the directory; on any failure the temp file is removed. */
async function writeDurably(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const temp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const file = await open(temp, 'w');
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, join(dir, name));
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  const dirHandle = await open(dir, 'r');
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
}

type Row = { file_id: string; format: EmbeddedAudioFormat; size_bytes: number };

/**
 * Audio files under `<dataDir>/audio/<fileId>.<format>`, indexed in the database (a file counts
 * only once its row is committed). Retention by age and by total size drops the oldest first.
 */
export function createAudioStore(dataDir: string, database: Promise<Db>, retention: AudioRetention = DEFAULT_AUDIO_RETENTION) {
  const dir = join(dataDir, 'audio');
  // Nothing is saved before the leftovers of the last run are gone, so none of this run's files is taken for one.
  const ready = Promise.all([database, mkdir(dir, { recursive: true })]).then(async ([db]) => {
    const s = statements(db);
    await removeLeftovers(s).catch((err: unknown) =>
      console.error('audio: could not remove files a crash left behind', err instanceof Error ? err.message : err),
    );
    return s;
  });

  /**
   * What a crash leaves in the directory and no link can reach: temp files of cut writes, and audio
   * written but never indexed (the crash came before its row and settlement committed, so its charge
   * was refunded). Deleted rather than indexed, so they neither fill the disk nor count in the total.
   * Other names are not ours and stay. Assumes one store per data directory.
   */
  async function removeLeftovers(s: ReturnType<typeof statements>): Promise<void> {
    let removed = 0;
    for (const name of await readdir(dir)) {
      const fileId = AUDIO_FILE.exec(name)?.[1];
      const leftover = TEMP_FILE.test(name) || (fileId !== undefined && s.byId.get(fileId) === undefined);
      if (!leftover) continue;
      await unlink(join(dir, name)).then(
        () => void removed++,
        () => undefined,
      );
    }
    if (removed > 0) console.log(`audio: removed ${removed} files a crash left behind (never indexed, never answered)`);
  }

  function statements(db: Db) {
    return {
      db,
      insert: db.prepare(
        `INSERT INTO audio (file_id, user_id, format, channel, app_source, duration_ms, size_bytes, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      byId: db.prepare('SELECT file_id, format, size_bytes FROM audio WHERE file_id = ?'),
      total: db.prepare('SELECT COALESCE(SUM(size_bytes), 0) FROM audio'),
      oldest: db.prepare('SELECT file_id, format, size_bytes FROM audio ORDER BY created_at LIMIT 64'),
      olderThan: db.prepare('SELECT file_id, format, size_bytes FROM audio WHERE created_at < ? LIMIT 256'),
      remove: db.prepare('DELETE FROM audio WHERE file_id = ?'),
    };
  }

  /** Drop rows (committed first), then their files: a crash in between leaves a file no link can reach. */
  async function drop(rows: Row[]): Promise<void> {
    const s = await ready;
    inTransaction(s.db, () => rows.forEach((r) => s.remove.run(r.file_id)));
    for (const r of rows) await unlink(join(dir, `${r.file_id}.${r.format}`)).catch(() => undefined);
  }

  async function enforceTotal(): Promise<void> {
    const s = await ready;
    let excess = Number(scalar(s.total)) - retention.maxTotalBytes;
    while (excess > 0) {
      const victims: Row[] = [];
      for (const row of s.oldest.all() as Row[]) {
        if (excess <= 0) break;
        victims.push(row);
        excess -= Number(row.size_bytes);
      }
      if (victims.length === 0) return;
      await drop(victims);
    }
  }

  return {
    /**
     * Write the file durably, then index it. `alongside` runs inside the indexing transaction (the
     * route settles the charge there): the row and its writes commit together, or neither does
     * and the file is removed.
     */
    async save(
      bytes: Uint8Array,
      meta: Omit<AudioMeta, 'fileId' | 'createdAt' | 'sizeBytes'>,
      alongside: () => void = () => undefined,
    ): Promise<AudioMeta> {
      const s = await ready;
      const full: AudioMeta = { ...meta, fileId: randomBytes(16).toString('hex'), createdAt: Date.now(), sizeBytes: bytes.byteLength };
      const name = `${full.fileId}.${full.format}`;
      try {
        await writeDurably(dir, name, bytes);
        inTransaction(s.db, () => {
          s.insert.run(
            full.fileId,
            full.userId,
            full.format,
            full.channel,
            full.appSource,
            Math.round(full.durationMs),
            full.sizeBytes,
            full.createdAt,
          );
          alongside();
        });
      } catch (err) {
        await unlink(join(dir, name)).catch(() => undefined);
        if (isStorageFailure(err)) throw storageFailed('the audio file', err);
        throw err;
      }
      await enforceTotal().catch((err: unknown) => console.error('audio: retention failed', err instanceof Error ? err.message : err));
      return full;
    },
    async read(fileId: string): Promise<StoredAudio | null> {
      if (!FILE_ID.test(fileId)) return null;
      const row = (await ready).byId.get(fileId) as Row | undefined;
      if (!row) return null;
      const name = `${fileId}.${row.format}`;
      const size = await stat(join(dir, name)).then(
        (st) => st.size,
        () => null,
      );
      return size === null ? null : { path: join(dir, name), size, contentType: CONTENT_TYPES[row.format], fileName: name };
    },
    /** Delete files older than the retention age (and any total-size excess); how many went. */
    async sweep(nowMs = Date.now()): Promise<number> {
      const s = await ready;
      let removed = 0;
      for (;;) {
        const rows = s.olderThan.all(nowMs - retention.maxAgeMs) as Row[];
        if (rows.length === 0) break;
        await drop(rows);
        removed += rows.length;
      }
      await enforceTotal();
      return removed;
    },
  };
}
