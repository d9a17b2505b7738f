import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { killHard, makeStubDist, startRealServer, stopGracefully, type RealServer } from '../../testing/crash-safety/real-server';
import { DEFAULT_POINTS, PointsLedger, speechCost } from '../users/points-ledger';

let root = '';
let server: RealServer | null = null;
afterAll(async () => {
  if (server) await killHard(server);
  if (root) await rm(root, { recursive: true, force: true });
});

const balanceOf = async (base: string, userId: string) =>
  ((await (await fetch(`${base}/api/_emulator/users/${userId}`)).json()) as { data: { points: number } }).data.points;

it('stopping the server during a synthesis never leaves the user charged without audio', async () => {
  root = await mkdtemp(join(tmpdir(), 'shutdown-refund-'));
  const dataDir = join(root, 'data');
  const distDir = await makeStubDist(join(root, 'dist'));
  // The points are the subject, not the voice: the stand-in speaks, paced 200 ms a sentence, so the
  // synthesis of the text's 6 sentences is in flight for 1.2 s when the stop comes.
  server = await startRealServer({ dataDir, distDir, speechEngine: 'stand-in', standInSentenceMs: 200 });
  const base = server.url;
  const text = 'This text keeps the speech engine busy while the server is asked to stop. '.repeat(6);
  const answer = fetch(`${base}/api/speechSynthesis/textToSpeech`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer dev-token', 'X-User-Id': '77' },
    body: JSON.stringify({ sourceText: text, voiceName: 'en-us', format: 'wav', speedFactor: 0.5 }),
  }).then(
    async (res) => ((await res.json()) as { code: number }).code,
    () => null, // cut off by the shutdown
  );
  // The cost is held as soon as the synthesis is admitted.
  while ((await balanceOf(base, '77')) === DEFAULT_POINTS) await new Promise((r) => setTimeout(r, 20));
  expect(await stopGracefully(server)).toBe(0);
  const code = await answer;
  // Charged only if the answer with its audio went out before the stop; settled by the stop itself
  // (read before any restart, which would refund a charge left held).
  const expected = code === 0 ? DEFAULT_POINTS - speechCost(text) : DEFAULT_POINTS;
  const ledger = await PointsLedger.open(dataDir);
  expect([ledger.balance('77'), ledger.heldCharges]).toEqual([expected, 0]);
  await ledger.close();
  server = await startRealServer({ dataDir, distDir, speechEngine: 'stand-in' });
  expect(await balanceOf(server.url, '77')).toBe(expected);
  expect(await stopGracefully(server)).toBe(0);
  server = null;
}, 60_000);
