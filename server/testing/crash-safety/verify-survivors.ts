import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openGatewayDatabase } from '../../gateway/storage/gateway-database';
import { wavProblem } from './wav-check';
import type { Acknowledged, Seen } from './workload';
import { operations, outcomeOf } from '#contract';
import { GATEWAY_MOUNT } from '../../gateway/files/url-signer';
import { EMBEDDED_AUDIO_FORMATS, type EmbeddedAudioFormat } from '../../gateway/speech/embedded-formats';

const DEFAULT_POINTS = 100_000;
const AUDIO_FILE = new RegExp(`^[0-9a-f]{32}\\.(${EMBEDDED_AUDIO_FORMATS.join('|')})$`);
/** How a complete file is told from a torn one, per format; null: not checked (the workload asks only for wav). */
const COMPLETENESS_CHECK: Record<EmbeddedAudioFormat, ((bytes: Uint8Array) => string | null) | null> = {
  wav: wavProblem,
  mp3: null,
  pcm: null,
};

type Envelope<T> = { code: number; message: string; data: T | null };

/** Every problem with what a restarted server reports about acknowledged work (empty: all survived). */
export async function findLosses(base: string, ack: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const byUser = new Map<string, string[]>();
  for (const [id, t] of ack.tasks) byUser.set(t.userId, [...(byUser.get(t.userId) ?? []), id]);
  for (const [userId, ids] of byUser) {
    for (let at = 0; at < ids.length; at += 100) {
      const batch = ids.slice(at, at + 100);
      const res = await fetch(`${base}${GATEWAY_MOUNT}${operations.taskStatus.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-User-Id': userId },
        body: JSON.stringify({ taskIds: batch }),
      });
      const env = (await res.json()) as Envelope<Array<Seen & { taskId: string }>>;
      const found = new Map((env.data ?? []).map((item) => [item.taskId, item]));
      for (const id of batch) {
        const now = found.get(id);
        const before = ack.tasks.get(id)!.seen;
        if (!now) problems.push(`task ${id} of user ${userId} is gone`);
        else if (before && !consistent(before, now))
          problems.push(`task ${id} went from ${JSON.stringify(before)} to ${JSON.stringify(now)}`);
      }
    }
  }
  for (const [userId, { acked, inFlight }] of ack.balances) {
    const env = (await (await fetch(`${base}/api/_emulator/users/${userId}`)).json()) as Envelope<{ points: number }>;
    const allowed = [acked ?? DEFAULT_POINTS, ...(inFlight === null ? [] : [inFlight])];
    if (!allowed.includes(env.data?.points ?? -1))
      problems.push(`user ${userId} has ${env.data?.points} points, acknowledged ${allowed.join(' or ')}`);
  }
  for (const link of ack.audio) {
    const res = await fetch(base + link);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const problem = res.status === 200 ? wavProblem(bytes) : `HTTP ${res.status}`;
    if (problem) problems.push(`audio ${link.slice(0, 60)}: ${problem}`);
  }
  return problems;
}

/** A status never goes back: progress and updateTime don't fall, a terminal status stays as it was. */
function consistent(before: Seen, now: Seen): boolean {
  const ended = outcomeOf(before.taskStatus);
  if (ended === 'result' || ended === 'failure') return now.taskStatus === before.taskStatus && now.taskProgress === before.taskProgress;
  return now.taskStatus >= before.taskStatus && now.taskProgress >= before.taskProgress && now.updateTime >= before.updateTime;
}

/**
 * The audio directory after crashes: every file in the database's audio index is complete, and the
 * only other names are hidden temp files (never served: links name 32 hex digits) or audio whose
 * row was never committed (never answered; a start removes both). Returns problems and the counts.
 */
export async function inspectAudioDir(
  dataDir: string,
): Promise<{ problems: string[]; tempFiles: number; orphans: number; complete: number }> {
  const dir = join(dataDir, 'audio');
  const names = await readdir(dir);
  const problems: string[] = [];
  let complete = 0;
  const database = await openGatewayDatabase(dataDir);
  const indexed = database.db.prepare('SELECT file_id, format FROM audio').all() as { file_id: string; format: EmbeddedAudioFormat }[];
  database.close();
  for (const { file_id: fileId, format } of indexed) {
    const check = COMPLETENESS_CHECK[format];
    const problem = names.includes(`${fileId}.${format}`)
      ? check
        ? check(new Uint8Array(await readFile(join(dir, `${fileId}.${format}`))))
        : null
      : 'missing';
    if (problem) problems.push(`${fileId}.${format}: ${problem}`);
    else complete++;
  }
  const known = new Set(indexed.map((r) => `${r.file_id}.${r.format}`));
  const tempFiles = names.filter((n) => n.startsWith('.') && n.endsWith('.tmp')).length;
  const orphans = names.filter((n) => AUDIO_FILE.test(n) && !known.has(n)).length;
  const unexpected = names.filter((n) => !AUDIO_FILE.test(n) && !(n.startsWith('.') && n.endsWith('.tmp')));
  for (const n of unexpected) problems.push(`unexpected file ${n}`);
  return { problems, tempFiles, orphans, complete };
}
