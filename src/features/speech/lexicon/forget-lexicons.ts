import { deleteLexicon } from './lexicon-db';

/** Deletes the lexicons of profiles that are gone (loaded by the app only when a profile is deleted). */
export async function forgetLexicons(profileIds: readonly string[]): Promise<void> {
  await Promise.all(profileIds.map((id) => deleteLexicon(id)));
}
