import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LexiconRule } from './lexicon';
import { LEXICON_DB_NAME, loadLexicon, onLexiconChanged, saveLexicon } from './lexicon-db';

// IndexedDB is fake-indexeddb's (jsdom has none): reads and writes run for real.
const rule = (written: string, said: string, extra: Partial<LexiconRule> = {}): LexiconRule => ({
  written,
  said,
  wholeWord: true,
  caseSensitive: false,
  ...extra,
});
let n = 0;
const newProfile = () => `profile-${++n}`;

describe('lexicon database', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((s) => s()));

  it('keeps rules per profile, in order, with every option', async () => {
    const a = newProfile();
    const b = newProfile();
    await saveLexicon(a, [rule('ACME', 'Ack me'), rule('Dr.', 'Doctor', { wholeWord: false, caseSensitive: true, language: 'en' })]);
    await saveLexicon(b, [rule('SQL', 'sequel')]);
    expect(await loadLexicon(a)).toEqual([
      { written: 'ACME', said: 'Ack me', wholeWord: true, caseSensitive: false },
      { written: 'Dr.', said: 'Doctor', wholeWord: false, caseSensitive: true, language: 'en' },
    ]);
    expect(await loadLexicon(b)).toEqual([rule('SQL', 'sequel')]);
    expect(await loadLexicon(newProfile())).toEqual([]);
  });

  it('replaces a profile\u2019s rules as a whole', async () => {
    const a = newProfile();
    await saveLexicon(a, [rule('one', '1'), rule('two', '2')]);
    await saveLexicon(a, [rule('two', '2')]);
    expect(await loadLexicon(a)).toEqual([rule('two', '2')]);
  });

  it('skips damaged or foreign records instead of applying them', async () => {
    const a = newProfile();
    await saveLexicon(a, [rule('ok', 'fine')]);
    const raw = await openDB(LEXICON_DB_NAME);
    const bad = [{ written: '', said: 'x', wholeWord: true, caseSensitive: true }, { written: 'w' }, null, 'text', rule('kept', 'yes')];
    await raw.put('lexicons', { profileId: a, rules: bad, updatedAt: 0 });
    await raw.put('lexicons', { profileId: 'not-a-list', rules: 'nope', updatedAt: 0 });
    raw.close();
    expect(await loadLexicon(a)).toEqual([rule('kept', 'yes')]);
    expect(await loadLexicon('not-a-list')).toEqual([]);
  });

  it('tells this tab which profile changed', async () => {
    const seen = vi.fn();
    stops.push(onLexiconChanged(seen));
    const a = newProfile();
    await saveLexicon(a, [rule('x', 'y')]);
    expect(seen).toHaveBeenCalledWith(a);
  });

  it('tells other tabs through a BroadcastChannel', async () => {
    const other = new BroadcastChannel(LEXICON_DB_NAME);
    const got = new Promise<unknown>((resolve) => (other.onmessage = (e: MessageEvent) => resolve(e.data)));
    const a = newProfile();
    await saveLexicon(a, [rule('x', 'y')]);
    expect(await got).toEqual({ profileId: a });
    other.close();
  });
});
