// What the operator sees while typing into the query box, beside the main thread's busy time per key: how long each key
// takes to reach the screen, and how long after a term's last key its rows are on screen.
// - A key's latency is the Event Timing API's: from the key's own time stamp to the next frame painted after its
//   handlers ran, in 8 ms steps. The page reports only interactions of 16 ms and over (the API's floor), so a key with no
//   entry took under 16 ms.
// - A term's latency runs from its last key to the first frame begun after the list's heading shows the new count with
//   no "Filtering…" (the section no longer busy). It includes the box's own 250 ms wait before it commits a term.
import type { Page } from '@playwright/test';
import { percentile } from './main-thread-trace';

/** What the probe in the page records: reported interactions, every keydown's time, and each change of the list's heading. */
export type KeyLatencyRecord = {
  interactions: Array<{ id: number; durationMs: number }>;
  keys: number[];
  heading: Array<{ at: number; frame: number; text: string; busy: boolean }>;
};

export type KeyLatencyFigures = {
  keys: number;
  /** Keys the page reported (16 ms and over); the others reached the screen sooner. */
  keysOver16: number;
  keysOver50: number;
  /** Per key, counting an unreported key as 16 ms (an upper bound): p50 / p95 / max. */
  keyP50Ms: number;
  keyP95Ms: number;
  keyMaxMs: number;
  /** Per committed term, from its last key to the frame that shows its rows; null when the count shown did not change. */
  termsMs: Array<number | null>;
};

/** The page's probe, started right before the first key (page.evaluate: the console's CSP does not apply to it). */
export function startKeyLatencyProbe(page: Page): Promise<void> {
  return page.evaluate(() => {
    const record: KeyLatencyRecord = { interactions: [], keys: [], heading: [] };
    (window as unknown as { keyLatency: KeyLatencyRecord }).keyLatency = record;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (e.interactionId) record.interactions.push({ id: e.interactionId, durationMs: e.duration });
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    document.addEventListener('keydown', (e) => record.keys.push(e.timeStamp), { capture: true });
    const heading = document.getElementById('task-list-title');
    const section = heading?.closest('section');
    if (!heading || !section) throw new Error('the list heading (#task-list-title) is not on the page');
    // The heading's text and the section's busy flag only: observing the whole section would have the page make a
    // record of every change in the table too, work the bench would count as the key's.
    const observer = new MutationObserver(() => {
      const at = performance.now();
      const text = heading.textContent ?? '';
      const busy = section.getAttribute('aria-busy') === 'true';
      requestAnimationFrame((frame) => record.heading.push({ at, frame, text, busy }));
    });
    observer.observe(heading, { subtree: true, childList: true, characterData: true });
    observer.observe(section, { attributes: true, attributeFilter: ['aria-busy'] });
  });
}

export async function readKeyLatency(page: Page, commitKeys: ReadonlySet<number>): Promise<KeyLatencyFigures> {
  // The observer's last entries arrive with a later frame.
  await page.waitForTimeout(200);
  const record = await page.evaluate(() => (window as unknown as { keyLatency: KeyLatencyRecord }).keyLatency);
  return keyLatencyFigures(record, commitKeys);
}

/** The figures from what the probe recorded; `commitKeys` are the indexes of the keys after which a term commits. */
export function keyLatencyFigures(record: KeyLatencyRecord, commitKeys: ReadonlySet<number>): KeyLatencyFigures {
  // A key's entries (keydown, keypress, keyup) share its interaction: the longest is the key's.
  const byInteraction = new Map<number, number>();
  for (const { id, durationMs } of record.interactions) byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, durationMs));
  const reported = [...byInteraction.values()];
  const perKey = [...reported, ...Array<number>(Math.max(0, record.keys.length - reported.length)).fill(16)];
  const termsMs = [...commitKeys]
    .sort((a, b) => a - b)
    .map((index) => {
      const keyAt = record.keys[index];
      if (keyAt === undefined) return null;
      const before = record.heading.findLast((h) => h.at < keyAt)?.text;
      const shown = record.heading.find((h) => h.at > keyAt && !h.busy && h.text !== before);
      return shown ? shown.frame - keyAt : null;
    });
  return {
    keys: record.keys.length,
    keysOver16: reported.length,
    keysOver50: reported.filter((d) => d > 50).length,
    keyP50Ms: percentile(perKey, 0.5),
    keyP95Ms: percentile(perKey, 0.95),
    keyMaxMs: Math.max(0, ...perKey),
    termsMs,
  };
}
