import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PointsLedger } from '../users/points-ledger';
import { TaskEngine } from './task-engine';

const WRITER = fileURLToPath(new URL('../../testing/crash-writer.ts', import.meta.url));

/** Run the writer until it has reported `steps` durable steps, then kill -9 it mid-write. */
async function writeThenKill(dataDir: string, steps: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const reported: { step: number; ids: string[] }[] = [];
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve());
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) reported.push(JSON.parse(line) as { step: number; ids: string[] });
      if (reported.length >= steps) child.kill('SIGKILL');
    });
  });
  return reported;
}

describe('after kill -9', () => {
  it('every task ID and balance that was reported is still there', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crash-'));
    const reported = await writeThenKill(dir, 20);
    expect(reported.length).toBeGreaterThanOrEqual(20);
    const engine = await TaskEngine.open(dir);
    const missing = reported.flatMap((r) => r.ids).filter((id) => !engine.find('1', id));
    expect(missing).toEqual([]);
    const ledger = await PointsLedger.open(dir);
    expect(ledger.balance('1')).toBeGreaterThanOrEqual(reported.at(-1)!.step);
    await engine.create('1', { count: 1 });
    await engine.close();
  });
});
