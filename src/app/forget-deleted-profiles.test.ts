import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, deleteProfile, saveProfile } from '@/lib/connection-store';
import { loadLexicon, saveLexicon } from '@/features/speech/lexicon/lexicon-db';
import { forgetDeletedProfiles } from './forget-deleted-profiles';

const rule = { written: 'ACME', said: 'Ack me', wholeWord: true, caseSensitive: false };
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5));
  return check();
};

describe('forgetDeletedProfiles', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('deletes the lexicon of a deleted profile, and only that one', async () => {
    saveProfile({ ...DEFAULT_PROFILE, id: 'studio-b', name: 'B' }, false);
    saveProfile({ ...DEFAULT_PROFILE, id: 'studio-c', name: 'C' }, false);
    await saveLexicon('studio-b', [rule]);
    await saveLexicon('studio-c', [rule]);
    stop = forgetDeletedProfiles();

    saveProfile({ ...DEFAULT_PROFILE, id: 'studio-c', name: 'C renamed' }, false);
    deleteProfile('studio-b');
    expect(await until(async () => (await loadLexicon('studio-b')).length === 0)).toBe(true);
    expect(await loadLexicon('studio-c')).toEqual([rule]);
  });
});
