import { mkdir, open, readFile, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { taskRecordSchema, type TaskRecord } from './task-record';

export const TASKS_FILE = 'tasks.jsonl';

/**
 * Append-only JSONL of creation records. A batch is one write plus one fsync, so a batch is
 * either durable before its IDs are handed out or (after kill -9) at worst a torn last line.
 */
export class TaskStore {
  private queue: Promise<void> = Promise.resolve();

  private constructor(private readonly handle: FileHandle) {}

  /** Open the store and return every intact record; a torn or unreadable line is skipped. */
  static async open(dataDir: string): Promise<{ store: TaskStore; records: TaskRecord[] }> {
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, TASKS_FILE);
    const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return '';
      throw e;
    });
    // Cut a torn tail so the next append starts on a fresh line instead of gluing onto it.
    const end = text.lastIndexOf('\n') + 1;
    if (end < text.length) await truncate(path, Buffer.byteLength(text.slice(0, end)));
    const records = parseLines(text.slice(0, end));
    return { store: new TaskStore(await open(path, 'a')), records };
  }

  append(records: readonly TaskRecord[]): Promise<void> {
    const chunk = records.map((r) => JSON.stringify(r) + '\n').join('');
    const next = this.queue.then(async () => {
      await this.handle.write(chunk);
      await this.handle.sync();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.handle.close();
  }
}

function parseLines(text: string): TaskRecord[] {
  const out: TaskRecord[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = taskRecordSchema.safeParse(JSON.parse(line));
      if (parsed.success) out.push(parsed.data);
    } catch {
      // A line damaged by a crash: skip it, keep the rest.
    }
  }
  return out;
}
