import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createSpeechService } from '../speech/speech-service';
import { column, openGatewayDatabase } from '../storage/gateway-database';
import { envelopeOf, makeTestGateway, TEST_TOKEN, type TestGateway } from '../../testing/test-gateway';
import { DEFAULT_POINTS, type Charge } from '../users/points-ledger';

let gw: TestGateway | undefined;
afterEach(() => gw?.deps.close());

/**
 * The real speech service and the ledger on one data directory, so one database, as the server
 * runs them. The commit is the subject, not the voice: the stand-in engine speaks.
 */
async function sharedGateway(): Promise<TestGateway> {
  const dataDir = await mkdtemp(join(tmpdir(), 'charged-synthesis-'));
  return makeTestGateway({ dataDir, speech: createSpeechService({ dataDir, poolSize: 1, engine: 'stand-in' }) });
}

async function indexedAudio(dataDir: string): Promise<unknown[]> {
  const database = await openGatewayDatabase(dataDir);
  try {
    return column(database.db.prepare('SELECT file_id FROM audio'));
  } finally {
    database.close();
  }
}

const speak = (api: TestGateway['api'], userId: string) =>
  api.request('/api/speechSynthesis/textToSpeech', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TEST_TOKEN}`, 'X-User-Id': userId },
    body: JSON.stringify({ sourceText: 'One transaction.', voiceName: 'en-us' }),
  });

it('the audio row and its settlement commit together: a failure after the settle statement leaves neither', async () => {
  gw = await sharedGateway();
  const points = gw.deps.points;
  const settle = points.settle.bind(points);
  // The settle statement runs, then the commit is cut (as by a crash between the two).
  points.settle = (charge: Charge) => {
    settle(charge);
    throw new Error('cut between the settlement and its commit');
  };
  const answer = await envelopeOf(await speak(gw.api, '41'));
  expect(answer).toMatchObject({ code: 2107, data: null });
  expect(await indexedAudio(gw.dataDir)).toEqual([]);
  expect(await readdir(join(gw.dataDir, 'audio'))).toEqual([]);
  expect([points.balance('41'), points.heldCharges]).toEqual([DEFAULT_POINTS, 0]);
});

it('a synthesis that is answered is indexed and settled in the same commit', async () => {
  gw = await sharedGateway();
  const answer = await envelopeOf<{ targetAudioUrl: string }>(await speak(gw.api, '42'));
  expect(answer.code).toBe(0);
  const fileId = new URL(answer.data!.targetAudioUrl).pathname.split('/').pop();
  expect(await indexedAudio(gw.dataDir)).toEqual([fileId]);
  expect([gw.deps.points.balance('42'), gw.deps.points.heldCharges]).toEqual([DEFAULT_POINTS - 2, 0]);
});
