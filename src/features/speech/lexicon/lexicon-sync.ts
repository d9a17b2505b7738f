import { activeProfile, connectionStore } from '@/lib/connection-store';
import type { LexiconRule } from './lexicon';
import type { StoredValue } from '@/lib/set-aside';
import { exportLexiconCsv } from './files/lexicon-csv';
import { deleteLexicon, loadLexicon, onLexiconChanged, saveLexicon } from './lexicon-db';
import { lexiconStore } from './lexicon-store';

const activeId = () => activeProfile(connectionStore.get()).id;

let stop: (() => void) | null = null;
let profileId: string | null = null;
let generation = 0;
/** The newest read of the rules: settled once they are in lexiconStore (or could not be read). */
let reading: Promise<void> = Promise.resolve();

/** Reads the active profile's rules into lexiconStore; a read overtaken by a newer one is dropped. */
async function reload(): Promise<void> {
  const id = profileId;
  if (id === null) return;
  const mine = ++generation;
  const rules = await loadLexicon(id).catch(() => null);
  // IndexedDB unavailable (private mode, blocked): the rules of this page stay as they are.
  if (rules !== null && mine === generation && id === profileId) lexiconStore.set(rules);
}

/**
 * Keeps lexiconStore on the active profile's rules: loaded now, again when the active profile
 * changes, and when this profile's lexicon changes in another tab. Started once (by
 * useLexiconRules); the returned function stops it (tests).
 */
export function startLexiconSync(): () => void {
  if (stop) return stop;
  const follow = () => {
    const id = activeId();
    if (id === profileId) return;
    profileId = id;
    // Another profile's rules are never applied while this one's load: none until they arrive.
    lexiconStore.set([]);
    reading = reload();
  };
  const unsubscribeProfile = connectionStore.subscribe(follow);
  const unsubscribeChanges = onLexiconChanged((id) => {
    if (id === profileId) reading = reload();
  });
  follow();
  stop = () => {
    unsubscribeProfile();
    unsubscribeChanges();
    stop = null;
    profileId = null;
    generation++;
  };
  return stop;
}

/**
 * The active profile's rules once they have been read: what work that starts without the form
 * (the script queue resumed after a reload) sends with, never the empty list of a read still under way.
 */
export async function loadedLexicon(): Promise<readonly LexiconRule[]> {
  startLexiconSync();
  for (let waited: Promise<void> | null = null; waited !== reading;) {
    waited = reading;
    await waited;
  }
  return lexiconStore.get();
}

/**
 * The rules of one profile, for work bound to it (a script queue keeps the profile it was started or
 * resumed under, as it keeps that profile's connection): the active profile's as loaded in this page, another's
 * as stored. A switch of profile while they are read does not hand over the new profile's rules.
 */
export async function lexiconOf(id: string): Promise<readonly LexiconRule[]> {
  startLexiconSync();
  if (id === profileId) {
    const rules = await loadedLexicon();
    if (id === profileId) return rules;
  }
  return loadLexicon(id);
}

/** Replaces the active profile's rules: at once in this page, then in IndexedDB (and other tabs). */
export async function setActiveLexicon(rules: readonly LexiconRule[]): Promise<void> {
  const id = profileId ?? activeId();
  lexiconStore.set(rules);
  generation++;
  await saveLexicon(id, rules);
}

/**
 * The active profile's rules as a value the form and the lexicon panel read as they start: set
 * aside (components/panel-boundary.tsx), the profile's lexicon is emptied and kept as its CSV.
 */
export const lexiconStored: StoredValue = {
  kind: 'lexicon',
  read: () => (lexiconStore.get().length > 0 ? exportLexiconCsv(lexiconStore.get()) : null),
  async reset() {
    generation++; // a read under way does not bring the rules back
    lexiconStore.set([]);
    await deleteLexicon(activeId());
  },
};
