import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { killHard, makeStubDist, startRealServer, stopGracefully, type RealServer } from '../testing/crash-safety/real-server';
import { findLosses, inspectAudioDir } from '../testing/crash-safety/verify-survivors';
import { newAcknowledged, requestsInFlight, runWorkload } from '../testing/crash-safety/workload';

const CRASHES = 3;
/** The subject is what survives on disk, not the voice: the stand-in's audio takes the same path to the store. */
const SPEECH = { speechEngine: 'stand-in' } as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let root = '';
let server: RealServer | null = null;
afterAll(async () => {
  if (server) await killHard(server);
  if (root) await rm(root, { recursive: true, force: true });
});

it(`kill -9 of the real server ${CRASHES} times under load loses no task, balance or audio file`, async () => {
  root = await mkdtemp(join(tmpdir(), 'crash-safety-'));
  const dataDir = join(root, 'data');
  const distDir = await makeStubDist(join(root, 'dist'));
  const ack = newAcknowledged();
  let survived = 0;

  for (let life = 1; life <= CRASHES; life++) {
    server = await startRealServer({ dataDir, distDir, ...SPEECH });
    expect(await findLosses(server.url, ack)).toEqual([]);
    const stop = { now: false };
    const audioBefore = ack.audio.length;
    const load = runWorkload(server.url, ack, stop);
    // Load for a while, and until at least one synthesis of this life was answered.
    const started = Date.now();
    await sleep(1_000 + Math.random() * 1_000);
    while (ack.audio.length === audioBefore && Date.now() - started < 10_000) await sleep(50);
    stop.now = true;
    ack.inFlightAtKill.push(requestsInFlight());
    await killHard(server);
    server = null;
    await load;
    expect(ack.errors).toEqual([]);
    survived++;
  }

  server = await startRealServer({ dataDir, distDir, ...SPEECH });
  const losses = await findLosses(server.url, ack);
  expect(await stopGracefully(server)).toBe(0);
  server = null;
  const audioDir = await inspectAudioDir(dataDir);
  console.log(
    `crash safety: ${survived} kill -9 survived (requests in flight at each kill: ${ack.inFlightAtKill.join(', ')}); acknowledged ${ack.tasks.size} tasks (${ack.counts.taskBatches} batches), ` +
      `${ack.counts.balanceSets} balance sets on ${ack.balances.size} users, ${ack.audio.length} syntheses, ${ack.counts.polls} status polls; ` +
      `${losses.length} lost or corrupted; audio dir: ${audioDir.complete} complete, ${audioDir.orphans} unanswered without metadata, ${audioDir.tempFiles} hidden temp files`,
  );
  expect(losses).toEqual([]);
  expect(audioDir.problems).toEqual([]);
  // The last start removed what the kills left: files never indexed, and temp files.
  expect([audioDir.orphans, audioDir.tempFiles]).toEqual([0, 0]);
  expect(survived).toBe(CRASHES);
  expect(ack.audio.length).toBeGreaterThanOrEqual(CRASHES);
}, 90_000);
