import { beforeEach, describe, expect, it } from 'vitest';
import { follow, followFrom, heard, readWritten } from './watch-list-sync';
import { unsaved, watchListStore } from './watch-list-state';

const id = (i: number) => `Service_AI_s${i}`;
const SCOPE = '/api\u00001';
const ids = () => watchListStore.get().ids;

beforeEach(async () => {
  unsaved.splice(0);
  watchListStore.set({ scope: SCOPE, ids: [id(1), id(2), id(3)], loaded: true });
  follow(SCOPE);
  await followFrom(SCOPE, 4);
});

describe('hearing another tab', () => {
  it('applies the next version’s changes to the list on screen', async () => {
    await heard({ scope: SCOPE, before: 4, version: 5, changes: [{ added: [id(9)], removed: [id(1)] }] });
    expect(ids()).toEqual([id(2), id(3), id(9)]);
  });

  it('applies them under this tab’s unsaved changes: a removal not yet written stays removed', async () => {
    watchListStore.set({ scope: SCOPE, ids: [id(1), id(3)], loaded: true });
    unsaved.push({ scope: SCOPE, change: { added: [], removed: [id(2)] } });
    await heard({ scope: SCOPE, before: 4, version: 5, changes: [{ added: [id(2), id(7)], removed: [] }] });
    expect(ids()).toEqual([id(1), id(3), id(7)]);
  });

  it('skips what the list already holds and what belongs to another profile', async () => {
    await heard({ scope: SCOPE, before: 3, version: 4, changes: [{ added: [id(8)], removed: [] }] });
    await heard({ scope: '/api\u00002', before: 4, version: 5, changes: [{ added: [id(8)], removed: [] }] });
    expect(ids()).toEqual([id(1), id(2), id(3)]);
  });

  it('does not apply a change after a missed version: it reads the stored list instead', async () => {
    // No IndexedDB here, so the read fails and the list stays as it was.
    await heard({ scope: SCOPE, before: 5, version: 6, changes: [{ added: [id(8)], removed: [] }] });
    expect(ids()).toEqual([id(1), id(2), id(3)]);
  });

  it('keeps what is heard while the list loads, and applies what the loaded list does not hold yet', async () => {
    follow(SCOPE);
    await heard({ scope: SCOPE, before: 4, version: 5, changes: [{ added: [id(5)], removed: [] }] });
    await heard({ scope: SCOPE, before: 5, version: 6, changes: [{ added: [id(6)], removed: [] }] });
    expect(ids()).toEqual([id(1), id(2), id(3)]);
    await followFrom(SCOPE, 5);
    expect(ids()).toEqual([id(1), id(2), id(3), id(6)]);
  });

  it('hears it on the channel tabs share', async () => {
    const otherTab = new BroadcastChannel('console.tasks.watch-lists');
    try {
      const changed = new Promise<void>((resolve) => watchListStore.subscribe(resolve));
      otherTab.postMessage({ scope: SCOPE, before: 4, version: 5, changes: [{ added: [id(4)], removed: [] }] });
      await changed;
    } finally {
      otherTab.close();
    }
    expect(ids()).toEqual([id(1), id(2), id(3), id(4)]);
  });
});

describe('readWritten', () => {
  it('keeps task IDs only, and refuses what is not a message of this kind', () => {
    expect(readWritten({ scope: 's', before: 1, version: 2, changes: [{ added: [id(1), 'junk', 4], removed: [] }] })).toEqual({
      scope: 's',
      before: 1,
      version: 2,
      changes: [{ added: [id(1)], removed: [] }],
    });
    expect(readWritten({ scope: 's', before: 1, version: 2, changes: null })).toEqual({ scope: 's', before: 1, version: 2, changes: null });
    const bad = [
      null,
      'x',
      { scope: 's', before: 1, version: 1.5, changes: null },
      { scope: 's', version: 2, changes: null },
      { scope: 's', before: 1, version: 2, changes: [{ added: [] }] },
      { version: 2 },
    ];
    for (const message of bad) expect(readWritten(message)).toBeNull();
  });
});
