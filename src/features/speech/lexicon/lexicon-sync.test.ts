import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionStore, DEFAULT_PROFILE, saveProfile, selectProfile } from '@/lib/connection-store';
import type { LexiconRule } from './lexicon';
import { loadLexicon, saveLexicon } from './lexicon-db';
import { lexiconStore } from './lexicon-store';
import { lexiconStored, setActiveLexicon, startLexiconSync } from './lexicon-sync';

const rule = (written: string, said: string): LexiconRule => ({ written, said, wholeWord: true, caseSensitive: false });
const settled = () =>
  new Promise<void>((resolve) => {
    const check = (left: number) => (left === 0 ? resolve() : setTimeout(() => check(left - 1), 5));
    check(10);
  });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  return check();
};

describe('lexicon sync', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    selectProfile(DEFAULT_PROFILE.id);
  });

  it('loads the active profile\u2019s rules, and another profile\u2019s when it becomes active', async () => {
    saveProfile({ ...DEFAULT_PROFILE, id: 'studio-b', name: 'B' }, false);
    await saveLexicon(DEFAULT_PROFILE.id, [rule('ACME', 'Ack me')]);
    await saveLexicon('studio-b', [rule('SQL', 'sequel')]);
    selectProfile(DEFAULT_PROFILE.id);
    stop = startLexiconSync();
    expect(await until(() => lexiconStore.get()[0]?.written === 'ACME')).toBe(true);
    selectProfile('studio-b');
    // Never the previous profile's rules while the next ones load.
    expect(lexiconStore.get().some((r) => r.written === 'ACME')).toBe(false);
    expect(await until(() => lexiconStore.get()[0]?.written === 'SQL')).toBe(true);
    expect(connectionStore.get().activeId).toBe('studio-b');
  });

  it('saves edits to the active profile only, and follows changes made in another tab', async () => {
    selectProfile(DEFAULT_PROFILE.id);
    stop = startLexiconSync();
    await settled();
    await setActiveLexicon([rule('Dr', 'Doctor')]);
    expect(lexiconStore.get()).toEqual([rule('Dr', 'Doctor')]);
    expect(await loadLexicon(DEFAULT_PROFILE.id)).toEqual([rule('Dr', 'Doctor')]);
    // Another tab writes the database and posts on the channel; this tab reads it again.
    const other = new BroadcastChannel('console.speech.lexicon');
    const { openDB } = await import('idb');
    const raw = await openDB('console.speech.lexicon');
    await raw.put('lexicons', { profileId: DEFAULT_PROFILE.id, rules: [rule('St', 'Saint')], updatedAt: 1 });
    raw.close();
    other.postMessage({ profileId: DEFAULT_PROFILE.id });
    expect(await until(() => lexiconStore.get()[0]?.written === 'St')).toBe(true);
    other.close();
  });

  it('as a stored value: reads the rules as CSV, and on reset empties them here and in the database', async () => {
    selectProfile(DEFAULT_PROFILE.id);
    stop = startLexiconSync();
    await settled();
    await setActiveLexicon([rule('the', 'the the the')]);
    expect(lexiconStored.read()).toContain('the the the');
    await lexiconStored.reset();
    expect(lexiconStore.get()).toEqual([]);
    expect(await loadLexicon(DEFAULT_PROFILE.id)).toEqual([]);
    expect(lexiconStored.read()).toBeNull();
  });
});
