import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@/lib/connection-profile';
import { DEFAULT_PROFILE, saveProfile, selectProfile } from '@/lib/connection-store';
import type { ScriptRow } from '../import/import-script';
import { newQueueState, serializeQueue, startLine } from './script-queue-state';
import { saveLexicon } from '../../lexicon/lexicon-db';
import { lexiconStore } from '../../lexicon/lexicon-store';
import { startLexiconSync } from '../../lexicon/lexicon-sync';
import { startScript } from './script-db';
import { discardScript, loadKeptScript, resumeScript, scriptJobStore } from './script-queue-store';

/** A one-line script ("ACME ships") as loadKeptScript leaves it after a reload: paused, waiting for Resume. */
async function keepPausedScript(id: string): Promise<void> {
  const row = { line: 1, request: { sourceText: 'ACME ships', format: 'mp3' } } as ScriptRow;
  await startScript({ id, createdAt: 1, rows: [row], queue: serializeQueue(newQueueState([1])) });
  scriptJobStore.set({ id, rows: [row], state: { ...newQueueState([1]), status: 'paused' }, restored: true });
}

/** Resumes the script under `profileId` and gives the text its line went out with. */
async function sentTextOnResume(profileId: string): Promise<string> {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}', { status: 500 })));
  vi.stubGlobal('fetch', fetchMock);
  const connection: Connection = { gatewayUrl: 'http://localhost:3000/api', token: 't', userId: '1', channel: '', appSource: '' };
  resumeScript({ connection, profileId, pcmFormat: { sampleRate: 8000, channels: 1, bitsPerSample: 16 }, concurrency: 1 });
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  return (JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { sourceText: string }).sourceText;
}

describe('the script after a reload', () => {
  let stopSync = () => {};
  afterEach(async () => {
    vi.unstubAllGlobals();
    stopSync();
    // The rules a test loaded into the page: the next test starts with none read, as a page does.
    lexiconStore.set([]);
    selectProfile(DEFAULT_PROFILE.id);
    await discardScript();
  });

  it('comes back paused, its line that was in flight back to pending and marked, waiting for Resume', async () => {
    const running = { ...startLine(newQueueState([2, 3]), 2), status: 'running' as const };
    await startScript({ id: 'kept', createdAt: 1, rows: [], queue: serializeQueue(running) });
    await loadKeptScript();
    const job = scriptJobStore.get();
    expect(job).toMatchObject({ id: 'kept', restored: true, state: { status: 'paused' } });
    expect(job?.state.lines).toMatchObject([
      { line: 2, status: 'pending', resentAfterReload: true },
      { line: 3, status: 'pending' },
    ]);
  });

  it('resumed before the profile\u2019s lexicon was read from IndexedDB, still sends its lines with the profile\u2019s rules', async () => {
    selectProfile(DEFAULT_PROFILE.id);
    await saveLexicon(DEFAULT_PROFILE.id, [{ written: 'ACME', said: 'Acme', wholeWord: true, caseSensitive: true }]);
    // Nothing has loaded the rules into the page yet (the Text tab's form has not mounted).
    expect(lexiconStore.get()).toEqual([]);
    await keepPausedScript('kept2');
    expect(await sentTextOnResume(DEFAULT_PROFILE.id)).toBe('Acme ships');
  });

  it('keeps sending with the lexicon of the profile it runs under when another profile is made active', async () => {
    saveProfile({ ...DEFAULT_PROFILE, id: 'studio-b', name: 'B' }, false);
    selectProfile(DEFAULT_PROFILE.id);
    await saveLexicon(DEFAULT_PROFILE.id, [{ written: 'ACME', said: 'Acme', wholeWord: true, caseSensitive: true }]);
    await saveLexicon('studio-b', [{ written: 'ACME', said: 'Ack me', wholeWord: true, caseSensitive: true }]);
    await keepPausedScript('kept3');
    // Studio B is made active (its rules loaded in the page) before the queue, started under Local, sends its line.
    selectProfile('studio-b');
    stopSync = startLexiconSync();
    await vi.waitFor(() => expect(lexiconStore.get()[0]?.said).toBe('Ack me'));
    expect(await sentTextOnResume(DEFAULT_PROFILE.id)).toBe('Acme ships');
  });
});
