import { loadNamespace, t } from '@/i18n/i18n-store';
import { addTextToWatchListLater } from '../add';
import { announce } from '../announcer';
import { unpackIds } from './share-codec';
import { SHARE_PARAM } from './share-param';

/**
 * The shared IDs of an address (#ids=… or, from older links, ?ids=…) as text to extract from. The
 * fragment is cut by hand: parsing a 2 MB one (100,000 IDs) with URLSearchParams takes ~0.3 s.
 */
async function sharedText(hash: string, search: string): Promise<string> {
  const prefix = `#${SHARE_PARAM}=`;
  const packed = hash.slice(prefix.length).split('&', 1)[0]!;
  // base64url needs no escapes: a 2 MB fragment is decoded only if something escaped it.
  if (hash.startsWith(prefix)) return unpackIds(packed.includes('%') ? decodeURIComponent(packed) : packed);
  return new URLSearchParams(search).get(SHARE_PARAM) ?? '';
}

/** Adds a shared link's IDs to the watch list (loaded on demand by useSharedLinkImport), saying how it went. */
export async function openSharedList(hash: string, search: string, onAdded: () => void): Promise<void> {
  // Its words are in the tasks namespace, which a first visit through a shared link has not loaded yet.
  await loadNamespace('tasks').catch(() => undefined);
  announce(t('tasks.shared.opening'));
  try {
    const { result } = await addTextToWatchListLater(await sharedText(hash, search));
    const { added: count, alreadyWatched: already } = result;
    announce(already ? t('tasks.shared.openedAlready', { count, already }) : t('tasks.shared.opened', { count }));
    // The first check of the new IDs in a task of its own, after the list change has rendered.
    if (result.added > 0) setTimeout(onAdded);
  } catch {
    announce(t('tasks.shared.damaged'));
  }
}
