import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDatabase, tabChannel, withStringField } from './tab-synced-db';

const names: string[] = [];
const uniqueName = (label: string) => {
  const name = `test.tab-synced-db.${label}.${names.length}`;
  names.push(name);
  return name;
};

afterEach(() => vi.restoreAllMocks());

describe('lazyDatabase', () => {
  it('opens once: every call gets the same database, upgraded once', async () => {
    const upgrade = vi.fn((db: { createObjectStore: (name: string) => unknown }) => void db.createObjectStore('rows'));
    const db = lazyDatabase(uniqueName('once'), 1, upgrade);
    const [a, b] = await Promise.all([db(), db()]);
    expect(a).toBe(b);
    expect(await db()).toBe(a);
    expect(upgrade).toHaveBeenCalledTimes(1);
    expect([...a.objectStoreNames]).toEqual(['rows']);
  });

  it('tries again after an open that failed, instead of handing out the failure for ever', async () => {
    const name = uniqueName('retry');
    // A newer version already on the device: opening version 1 fails (VersionError).
    (await openDB(name, 2)).close();
    const db = lazyDatabase(name, 1, (d) => void d.createObjectStore('rows'));
    await expect(db()).rejects.toThrow();
    await deleteDB(name);
    const opened = await db();
    expect([...opened.objectStoreNames]).toEqual(['rows']);
  });

  it('steps aside when a newer version wants to upgrade, instead of blocking it', async () => {
    const name = uniqueName('upgrade');
    const db = lazyDatabase(name, 1, (d) => void d.createObjectStore('rows'));
    await db();
    const blocked = vi.fn();
    // Another tab's newer console: its open would wait for ever ("blocked") on a connection that stays open.
    const newer = await openDB(name, 2, { upgrade: (d) => void d.createObjectStore('more'), blocked });
    expect(blocked).not.toHaveBeenCalled();
    expect([...newer.objectStoreNames].sort()).toEqual(['more', 'rows']);
    newer.close();
    // This page's code is older than the stored database now: it is not handed the closed connection.
    await expect(db()).rejects.toThrow(/lower version/);
  });
});

describe('tabChannel', () => {
  it('delivers what one tab publishes to its own listeners and, checked, to the other tabs', async () => {
    const name = uniqueName('channel');
    const here = tabChannel(name, withStringField('scope'));
    const there = tabChannel(name, withStringField('scope'));
    const heardHere = vi.fn();
    const heardThere = vi.fn();
    here.subscribe(heardHere);
    const arrived = new Promise<unknown>((resolve) => there.subscribe((m) => resolve(heardThere(m))));
    here.publish({ scope: 'a' });
    await arrived;
    expect(heardHere).toHaveBeenCalledWith({ scope: 'a' });
    expect(heardThere).toHaveBeenCalledWith({ scope: 'a' });
  });

  it('drops what its reader refuses (anything may arrive on a channel), and tellOthers skips this tab', async () => {
    const name = uniqueName('hostile');
    const here = tabChannel(name, withStringField('scope'));
    const heard: unknown[] = [];
    here.subscribe((m) => heard.push(m));
    const raw = new BroadcastChannel(name);
    raw.postMessage({ scope: 7 });
    raw.postMessage(null);
    raw.postMessage({ scope: 'b', extra: '<img>' });
    const other = tabChannel(name, withStringField('scope'));
    const otherHeard: unknown[] = [];
    other.subscribe((m) => otherHeard.push(m));
    here.tellOthers({ scope: 'c' });
    await vi.waitFor(() => expect(otherHeard).toContainEqual({ scope: 'c' }));
    await vi.waitFor(() => expect(heard).toEqual([{ scope: 'b' }]));
    raw.close();
  });

  it('stops calling a listener once unsubscribed', () => {
    const channel = tabChannel(uniqueName('unsubscribe'), withStringField('scope'));
    const listener = vi.fn();
    const unsubscribe = channel.subscribe(listener);
    channel.publish({ scope: 'x' });
    unsubscribe();
    channel.publish({ scope: 'y' });
    expect(listener.mock.calls).toEqual([[{ scope: 'x' }]]);
  });
});
