import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { EMBEDDED_AUDIO_FORMATS } from '../speech/embedded-formats';
import { taskRecordSchema } from '../tasks/task-record';
import type { Db } from './db-types';

/** The files the gateway kept before it had a database; imported once, then renamed *.migrated. */
export const LEGACY_TASKS_FILE = 'tasks.jsonl';
export const LEGACY_POINTS_FILE = 'points.json';
const MIGRATED_KEY = 'files_migrated_at';

const pointsFileSchema = z.object({ balances: z.record(z.string(), z.number().int().nonnegative()) });
const audioMetaSchema = z.object({
  fileId: z.string().regex(/^[0-9a-f]{32}$/),
  userId: z.string().regex(/^[0-9]{1,19}$/),
  format: z.enum(EMBEDDED_AUDIO_FORMATS),
  channel: z.number().int(),
  appSource: z.string().nullable(),
  durationMs: z.number().nonnegative(),
  createdAt: z.number().int().nonnegative(),
});

export type MigrationReport = { tasks: number; balances: number; audio: number };

/**
 * One transaction for the whole import: after a crash half-way nothing was imported and the next
 * start imports again. Tasks are streamed line by line, so a file of any size fits in memory.
 */
export async function migrateFilesOnce(db: Db, dataDir: string): Promise<MigrationReport | null> {
  if (db.prepare('SELECT 1 FROM meta WHERE key = ?').get(MIGRATED_KEY)) return null;
  const report: MigrationReport = { tasks: 0, balances: 0, audio: 0 };
  const tasksPath = join(dataDir, LEGACY_TASKS_FILE);
  const pointsPath = join(dataDir, LEGACY_POINTS_FILE);
  const balances = await readPointsFile(pointsPath);
  const audio = await readAudioSidecars(join(dataDir, 'audio'));

  db.exec('BEGIN IMMEDIATE');
  try {
    const insertTask = db.prepare(
      'INSERT OR IGNORE INTO tasks (task_id, user_id, created_at, duration_ms, ends_at, outcome, seed) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for await (const line of linesOf(tasksPath)) {
      const record = parseTaskLine(line);
      if (!record) continue;
      const r = record;
      insertTask.run(r.taskId, r.userId, r.createdAt, r.durationMs, r.createdAt + r.durationMs, r.outcome, r.seed);
      report.tasks++;
    }
    const setBalance = db.prepare('INSERT OR REPLACE INTO balances (user_id, points) VALUES (?, ?)');
    for (const [userId, points] of Object.entries(balances)) {
      setBalance.run(userId, points);
      report.balances++;
    }
    const addAudio = db.prepare(
      `INSERT OR IGNORE INTO audio (file_id, user_id, format, channel, app_source, duration_ms, size_bytes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const a of audio) {
      addAudio.run(a.fileId, a.userId, a.format, a.channel, a.appSource, Math.round(a.durationMs), a.size, a.createdAt);
      report.audio++;
    }
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(MIGRATED_KEY, new Date().toISOString());
    db.exec('COMMIT');
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
  // Committed: the old files are no longer read. Kept (renamed) rather than deleted, for the operator.
  await rename(tasksPath, `${tasksPath}.migrated`).catch(ignoreMissing);
  await rename(pointsPath, `${pointsPath}.migrated`).catch(ignoreMissing);
  for (const a of audio) await unlink(a.sidecar).catch(ignoreMissing);
  if (report.tasks + report.balances + report.audio > 0) {
    console.log(`gateway: imported ${report.tasks} tasks, ${report.balances} balances and ${report.audio} audio files into the database`);
  }
  return report;
}

function parseTaskLine(line: string) {
  if (line.trim() === '') return null;
  try {
    const parsed = taskRecordSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // a line torn by a crash of the old store
  }
}

async function* linesOf(path: string): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: 'utf8' });
  const opened = await new Promise<boolean>((done, fail) => {
    stream.once('open', () => done(true));
    stream.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? done(false) : fail(e)));
  });
  if (!opened) return;
  yield* createInterface({ input: stream, crlfDelay: Infinity });
}

async function readPointsFile(path: string): Promise<Record<string, number>> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (text === null) return {};
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* reported below */
  }
  const parsed = pointsFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${path} is not a points file; move it away to start fresh`);
  return parsed.data.balances;
}

type LegacyAudio = z.infer<typeof audioMetaSchema> & { size: number; sidecar: string };

async function readAudioSidecars(dir: string): Promise<LegacyAudio[]> {
  const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });
  const out: LegacyAudio[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const sidecar = join(dir, name);
    let meta;
    try {
      meta = audioMetaSchema.parse(JSON.parse(await readFile(sidecar, 'utf8')));
    } catch {
      continue; // not one of ours: left alone
    }
    const size = await stat(join(dir, `${meta.fileId}.${meta.format}`)).then(
      (s) => s.size,
      () => null,
    );
    if (size !== null) out.push({ ...meta, size, sidecar });
  }
  return out;
}

const ignoreMissing = (e: NodeJS.ErrnoException) => {
  if (e.code !== 'ENOENT') throw e;
};
