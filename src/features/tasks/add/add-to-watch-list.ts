import { getLocale, loadNamespace, t } from '@/i18n/i18n-store';
import { formatPercent } from '@/i18n/format';
import { createSlicer, type SliceOptions } from '@/lib/slicer';
import { appendRows } from '../rows';
import { extractTaskIdsInSlices, type Extraction } from '../task';
import { MAX_WATCHED_TASKS, saveWatchList, watchListStore, whenWatchListReady } from '../watch-list';

export type AddResult = { added: number; alreadyWatched: number; overLimit: number };

/**
 * Adds IDs to the active watch list once it has loaded, comparing against the list in slices (100,000
 * against 100,000 would block the page); onProgress gets 0..1. If the list changes meanwhile, it
 * compares again against the new one.
 */
export async function addToWatchList(
  ids: readonly string[],
  onProgress?: (done: number) => void,
  options?: SliceOptions,
): Promise<AddResult> {
  // The list on screen once loaded: a profile switched meanwhile (set up while a share link opens) loads another.
  let ready = whenWatchListReady();
  await ready;
  while (!watchListStore.get().loaded && whenWatchListReady() !== ready) await (ready = whenWatchListReady());
  for (;;) {
    const current = watchListStore.get().ids;
    const slicer = createSlicer(options);
    const total = current.length + ids.length;
    const known = new Set<string>();
    for (const id of current) {
      known.add(id);
      if (slicer.due()) {
        onProgress?.((known.size / total) * 0.6);
        await slicer.pause();
      }
    }
    const fresh = new Set<string>();
    let alreadyWatched = 0;
    for (const [i, id] of ids.entries()) {
      if (known.has(id)) alreadyWatched++;
      else fresh.add(id);
      if (slicer.due()) {
        onProgress?.(((current.length + i) / total) * 0.6);
        await slicer.pause();
      }
    }
    if (watchListStore.get().ids !== current) continue;
    const room = Math.max(0, MAX_WATCHED_TASKS - current.length);
    const added = fresh.size <= room ? [...fresh] : [...fresh].slice(0, room);
    // The rows of the longer list are derived ahead, in slices, so the change below renders at once.
    const next = await appendRows(current, added, slicer, (done) => onProgress?.(0.6 + done * 0.4));
    if (watchListStore.get().ids !== current) continue;
    if (added.length > 0) saveWatchList(next, { added, removed: [] });
    return { added: added.length, alreadyWatched, overLimit: fresh.size - added.length };
  }
}

export type TextAdded = { extraction: Extraction; result: AddResult };

/**
 * Extracts the task IDs from a paste, file or shared link and adds them, in slices; onProgress gets a
 * line for the status region ("Adding 100,000 IDs… 40%") each time the percentage moves.
 */
export async function addTextToWatchList(text: string, onProgress: (message: string) => void = () => {}): Promise<TextAdded> {
  // The lines are in the tasks namespace: this module is fetched on the first add, before any board.
  await loadNamespace('tasks').catch(() => undefined);
  const locale = getLocale();
  let said = '';
  const say = (message: string) => message !== said && onProgress((said = message));
  const percent = (done: number) => formatPercent(locale, Math.floor(done * 100) / 100, 0);
  say(t('tasks.adding.reading', { percent: percent(0) }));
  // Reading is most of the work: about 60 % of the time for a list of distinct IDs.
  const extraction = await extractTaskIdsInSlices(text, (done) => say(t('tasks.adding.reading', { percent: percent(done * 0.6) })));
  const count = extraction.ids.length;
  const adding = (done: number) => say(t('tasks.adding.adding', { count, percent: percent(0.6 + done * 0.4) }));
  adding(0);
  const result = await addToWatchList(extraction.ids, adding);
  return { extraction, result };
}
