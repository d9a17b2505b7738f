import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import {
  discardScript,
  keepScriptDraft,
  keptScriptDraft,
  latestScript,
  readScriptTakes,
  saveScriptQueue,
  saveScriptTake,
  startScript,
} from './script-db';
import type { StoredScriptTake } from './script-db';

const take = (scriptId: string, line: number): StoredScriptTake => ({
  scriptId,
  line,
  request: { sourceText: `line ${line}`, format: 'wav' },
  result: { taskId: `t${line}`, targetAudioUrl: 'http://x/a.wav' },
  audio: new Blob(['RIFF']),
  format: 'wav',
  pcmFormat: { sampleRate: 22050, channels: 1, bitsPerSample: 16 },
  durationMs: 1000,
});

describe('script store (speech database version 4)', () => {
  it('opens a version 2 database with history in it, keeps the history, and keeps a script and its lines', async () => {
    // None yet, as before a first visit: one an earlier test opened is at version 4 (its connection steps aside).
    await deleteDB('console.speech.history');
    const old = await openDB('console.speech.history', 2, {
      upgrade(db) {
        db.createObjectStore('takes', { keyPath: 'id' });
        db.createObjectStore('audio');
        db.createObjectStore('jobs', { keyPath: 'id' });
        db.createObjectStore('parts', { keyPath: ['jobId', 'index'] });
      },
    });
    await old.put('takes', { id: 'kept', createdAt: 1 });
    old.close();

    await startScript({ id: 's1', createdAt: 1, rows: [], queue: '{}' });
    await saveScriptTake(take('s1', 2));
    await saveScriptTake(take('s1', 10));
    await saveScriptQueue('s1', '{"version":1}');
    expect(await latestScript()).toMatchObject({ id: 's1', queue: '{"version":1}' });
    expect((await readScriptTakes('s1')).map((t) => t.line)).toEqual([2, 10]);

    // A new script replaces the old one and its audio.
    await startScript({ id: 's2', createdAt: 2, rows: [], queue: '{}' });
    expect(await readScriptTakes('s1')).toEqual([]);
    expect((await latestScript())?.id).toBe('s2');
    await discardScript();
    expect(await latestScript()).toBeNull();

    const db = await openDB('console.speech.history');
    expect(db.version).toBe(4);
    expect(await db.get('takes', 'kept')).toEqual({ id: 'kept', createdAt: 1 });
    db.close();
  });

  it('keeps the draft (box and checked lines) until a script is made from it; a damaged one reads as none', async () => {
    const report = {
      kind: 'lines' as const,
      unknownColumns: [],
      repeatedColumns: [],
      badRows: [],
      duplicateFileNames: [],
      blankLines: 0,
      dataLines: 1,
    };
    const draft = { text: 'One.', checked: { rows: [{ line: 1, values: {}, request: { sourceText: 'One.' } }] as never[], report } };
    await keepScriptDraft(draft);
    expect(await keptScriptDraft()).toEqual(draft);
    await keepScriptDraft({ text: '', checked: null });
    expect(await keptScriptDraft()).toBeNull();

    await keepScriptDraft(draft);
    await startScript({ id: 's3', createdAt: 3, rows: [], queue: '{}' });
    expect(await keptScriptDraft()).toBeNull();

    const db = await openDB('console.speech.history');
    await db.put('scriptDraft', { text: 'x', checked: { rows: 'not rows', report } }, 'current');
    expect(await keptScriptDraft()).toBeNull();
    await db.put('scriptDraft', { text: 7 }, 'current');
    expect(await keptScriptDraft()).toBeNull();
    db.close();
  });

  it('keeps a line with its audio where the browser refuses Blobs in IndexedDB (WebKit ephemeral: all three lines failed)', async () => {
    const put = IDBObjectStore.prototype.put;
    const refuse = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (Object.values(value ?? {}).some((v) => v instanceof Blob)) {
        throw new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError');
      }
      return put.call(this, value, key);
    });
    try {
      await startScript({ id: 's4', createdAt: 4, rows: [], queue: '{}' });
      await saveScriptTake({ ...take('s4', 1), audio: new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'audio/wav' }) });
      const [kept] = await readScriptTakes('s4');
      expect(kept?.audio?.type).toBe('audio/wav');
      expect([...new Uint8Array(await kept!.audio!.arrayBuffer())]).toEqual([82, 73, 70, 70]);
    } finally {
      refuse.mockRestore();
    }
  });
});
