import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAudio, saveTake } from './take-db';
import type { Take } from './take';

const take = { id: 'take-1', createdAt: 1 } as unknown as Take;
const mp3 = () => new Blob([new Uint8Array([0xff, 0xfb, 1, 2])], { type: 'audio/mpeg' });

afterEach(() => vi.restoreAllMocks());

describe('saveTake', () => {
  it('puts the audio before the take (WebKit hangs a transaction whose refused Blob put follows another request)', async () => {
    const order: string[] = [];
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      order.push(this.name);
      return put.call(this, value, key);
    });
    await saveTake(take, mp3());
    expect(order).toEqual(['audio', 'takes']);
  });

  it('where Blobs are refused (WebKit ephemeral), the take and its audio are still kept and read back', async () => {
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (value instanceof Blob) throw new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError');
      return put.call(this, value, key);
    });
    await saveTake({ ...take, id: 'take-2' }, mp3());
    const audio = await readAudio('take-2');
    expect(audio?.type).toBe('audio/mpeg');
    expect([...new Uint8Array(await audio!.arrayBuffer())]).toEqual([0xff, 0xfb, 1, 2]);
  });
});
