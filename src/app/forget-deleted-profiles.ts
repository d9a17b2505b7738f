import { connectionStore } from '@/lib/connection-store';

const profileIds = () => new Set(connectionStore.get().profiles.map((p) => p.id));

/**
 * What is kept for a connection profile outside the profile itself, its pronunciation lexicon, goes with
 * it: a profile deleted here (or in another tab, which this tab's store follows) has its lexicon deleted,
 * so a profile created later under the same ID (the default "Local" once the last one is deleted) starts
 * empty. The lexicon's code loads only when a profile is deleted.
 */
export function forgetDeletedProfiles(): () => void {
  let known = profileIds();
  return connectionStore.subscribe(() => {
    const now = profileIds();
    const gone = [...known].filter((id) => !now.has(id));
    known = now;
    if (gone.length === 0) return;
    void import('@/features/speech/lexicon/forget-lexicons')
      .then(({ forgetLexicons }) => forgetLexicons(gone))
      .catch((error: unknown) => console.error('could not delete the lexicon of a deleted profile', error));
  });
}
