import { isSharedHash } from './share-param';

type NavigateEvent = Event & { hashChange: boolean; destination: { url: string } };
/** Takes a shared link's fragment; true if it was one (the address then stays as it is). */
export type TakeSharedLink = (hash: string) => boolean;

let installed = false;
/** The Tasks page's taker while it is up. */
let taker: TakeSharedLink | null = null;
/** A link pasted while the Tasks page was still loading, kept for it. */
let waiting: string | null = null;

/**
 * A shared link pasted into this tab's address bar is taken before the address changes (Navigation API): committing a
 * 2 MB address and then replacing it blocked the page for 0.1–0.9 s, and left a history entry for it. Installed by the
 * app's entry, so a link pasted while the Tasks page still loads (its messages, its chunks) is kept for it, not
 * committed. `onTasksPage`: whether the tab shows (or is loading) the Tasks page.
 */
export function captureSharedLinks(onTasksPage: () => boolean): void {
  if (installed) return;
  installed = true;
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (e) => {
    const { hashChange, cancelable, destination } = e as NavigateEvent;
    if (!hashChange || !cancelable) return;
    const hash = destination.url.slice(destination.url.indexOf('#'));
    if (!isSharedHash(hash)) return;
    if (taker) {
      if (taker(hash)) e.preventDefault();
    } else if (onTasksPage()) {
      waiting = hash;
      e.preventDefault();
    }
  });
}

/** The Tasks page takes shared links from now on, first one pasted while it loaded; call the result when it goes. */
export function takeSharedLinks(take: TakeSharedLink): () => void {
  captureSharedLinks(() => false);
  taker = take;
  const early = waiting;
  waiting = null;
  if (early) take(early);
  return () => {
    if (taker === take) taker = null;
  };
}
