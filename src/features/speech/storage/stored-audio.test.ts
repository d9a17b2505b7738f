import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetBlobRefusal, readStoredAudio, writeAudio, type StoredAudio } from './stored-audio';

// WebKit in an ephemeral session (Safari's Private Browsing, a WebDriver session) fails a put of a Blob with this.
const webkitRefusal = () => new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError');

/** IndexedDB as WebKit's ephemeral session has it: every put of a value holding a Blob fails. */
function refuseBlobs() {
  const put = IDBObjectStore.prototype.put;
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    const holdsBlob = value instanceof Blob || Object.values(value ?? {}).some((v) => v instanceof Blob);
    if (holdsBlob) throw webkitRefusal();
    return put.call(this, value, key);
  });
}

const wav = () => new Blob([new Uint8Array([82, 73, 70, 70, 1, 2, 3])], { type: 'audio/wav' });
let db = 0;
const store = async () => openDB(`stored-audio-${++db}`, 1, { upgrade: (d) => void d.createObjectStore('audio') });

beforeEach(() => forgetBlobRefusal());
afterEach(() => vi.restoreAllMocks());

describe('writeAudio / readStoredAudio', () => {
  it('keeps a Blob as a Blob where the browser takes one', async () => {
    const kept: StoredAudio[] = [];
    await writeAudio(wav(), async (audio) => void kept.push(audio!));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toBeInstanceOf(Blob);
  });

  it('where Blobs are refused (WebKit ephemeral), keeps the bytes and reads them back as the same audio', async () => {
    const put = refuseBlobs();
    const idb = await store();
    await writeAudio(wav(), (audio) => idb.put('audio', audio, 'a'));
    const back = readStoredAudio(await idb.get('audio', 'a'));
    expect(back?.type).toBe('audio/wav');
    expect([...new Uint8Array(await back!.arrayBuffer())]).toEqual([82, 73, 70, 70, 1, 2, 3]);
    // Refused once, the next write sends the bytes at once: one put, not two.
    put.mockClear();
    await writeAudio(wav(), (audio) => idb.put('audio', audio, 'b'));
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('without the fallback the write fails as WebKit fails it', async () => {
    refuseBlobs();
    const idb = await store();
    await expect(idb.put('audio', wav(), 'a')).rejects.toThrow('Error preparing Blob/File data');
  });

  it('passes on any other failure, and a null audio as null', async () => {
    await expect(writeAudio(wav(), () => Promise.reject(new DOMException('full', 'QuotaExceededError')))).rejects.toThrow('full');
    const seen: unknown[] = [];
    await writeAudio(null, async (audio) => void seen.push(audio));
    expect(seen).toEqual([null]);
  });

  it.each([null, undefined, 'RIFF', 42, {}, { bytes: 'x', type: 'audio/wav' }])('reads %j as no audio', (stored) => {
    expect(readStoredAudio(stored)).toBeNull();
  });
});
