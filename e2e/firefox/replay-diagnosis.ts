import type { Page } from '@playwright/test';

// Twice in eight CI runs, Firefox's first journey clicked Replay after a reload and the take never came back to the
// Result panel (15 s). Neither cause could be reproduced here: the click not reaching the button, or IndexedDB not
// answering the audio read. These helpers make the next failure say which.

/** Records each click the page receives (capture phase): its target's label and when. Call before the page loads. */
export async function recordClicks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const clicks: string[] = [];
    (window as unknown as { __clicks: string[] }).__clicks = clicks;
    window.addEventListener(
      'click',
      (event) => {
        const target = event.target instanceof Element ? event.target : null;
        const name = target?.getAttribute('aria-label') ?? target?.textContent?.slice(0, 40) ?? '?';
        clicks.push(`${Math.round(performance.now())} ms: <${target?.tagName.toLowerCase() ?? '?'}> "${name}"`);
      },
      true,
    );
  });
}

/** What the page can say about a replay that showed nothing: the clicks it got, where focus is, whether IndexedDB answers. */
export async function replayDiagnosis(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const clicks = (window as unknown as { __clicks?: string[] }).__clicks ?? [];
      const active = document.activeElement;
      const focus = `${active?.tagName.toLowerCase() ?? 'none'} "${active?.getAttribute('aria-label') ?? ''}"`;
      const started = performance.now();
      const db = await new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve('no answer in 5 s'), 5_000);
        const open = indexedDB.open('console.speech.history');
        open.onerror = () => resolve(`open failed: ${String(open.error)}`);
        open.onblocked = () => resolve('open blocked');
        open.onsuccess = () => {
          const read = open.result.transaction('audio').objectStore('audio').getAll();
          read.onerror = () => resolve(`read failed: ${String(read.error)}`);
          read.onsuccess = () => {
            clearTimeout(timer);
            const sizes = (read.result as unknown[]).map((v) => (v instanceof Blob ? `Blob ${v.size} B` : typeof v));
            resolve(`answered in ${Math.round(performance.now() - started)} ms: ${sizes.join(', ')}`);
            open.result.close();
          };
        };
      });
      return `page time ${Math.round(performance.now())} ms; clicks: ${clicks.slice(-3).join('; ') || 'none'}; focus: ${focus}; IndexedDB: ${db}`;
    })
    .catch((error: unknown) => `the page could not be asked: ${String(error)}`);
}
