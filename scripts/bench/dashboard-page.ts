import type { Page } from '@playwright/test';

/** What the bench's init script keeps on `window` (see dashboardProbeScript). */
export type DashboardProbe = { longTasks: number[]; allLongTasks: number[]; overviewCost: Record<string, number> };

/**
 * An init script (a string: tsx's helpers do not exist in the page) that records long tasks (all of
 * them, and since the last reset) and has the page sum the overview's work by name (measure-cost.ts).
 */
export const dashboardProbeScript = `(() => {
  const w = window;
  w.overviewCost = {};
  w.__consoleMeasureCosts = w.overviewCost;
  w.longTasks = [];
  w.allLongTasks = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => {
    w.longTasks.push(e.duration);
    w.allLongTasks.push(e.duration);
  })).observe({ type: 'longtask', buffered: true });
})();`;

export const longestSinceReset = (page: Page) => page.evaluate(() => Math.max(0, ...(window as unknown as DashboardProbe).longTasks));
export const longestOverall = (page: Page) => page.evaluate(() => Math.max(0, ...(window as unknown as DashboardProbe).allLongTasks));
export const overviewCost = (page: Page) => page.evaluate(() => ({ ...(window as unknown as DashboardProbe).overviewCost }));
export const resetProbe = (page: Page) =>
  page.evaluate(() => {
    const p = window as unknown as DashboardProbe;
    p.longTasks = [];
    // The page adds to this object (measure-cost.ts): emptied, not replaced.
    for (const name of Object.keys(p.overviewCost)) delete p.overviewCost[name];
  });

/**
 * Puts `ids` in the profile's IndexedDB watch list (database, store and pieces of `piece` IDs as in
 * src/features/tasks/watch-list/watch-list-db.ts), from a same-origin page before the console opens.
 */
export async function seedWatchList(page: Page, base: string, scope: string, ids: readonly string[], piece: number): Promise<void> {
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    ([scopeKey, list, size]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('console.tasks.watch-lists', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('lists');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('lists', 'readwrite');
          const count = Math.ceil(list.length / size);
          for (let i = 0; i < count; i++) tx.objectStore('lists').put(list.slice(i * size, (i + 1) * size), [scopeKey, i]);
          tx.objectStore('lists').put({ pieces: count }, scopeKey);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [scope, ids, piece] as const,
  );
}

/**
 * Waits until the history recorder's first write is all out: `count` task records written (the page's own count, as
 * the bench has it measure costs: src/features/tasks/history/measure-cost.ts), and committed. A transaction on the
 * history's log (database and store as in src/features/tasks/history/task-history-db.ts) ends after every one made
 * before it. Not read back: reading 100,000 records in the page was a task of 300 ms in the phase this measures.
 */
export async function waitForHistoryWritten(page: Page, count: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const written = await page.evaluate(
      () => (window as { __consoleMeasureCosts?: Record<string, number> }).__consoleMeasureCosts?.['overview: written count'] ?? 0,
    );
    if (written >= count) {
      return page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('console.tasks.history');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const d = open.result;
              const tx = d.transaction('log', 'readwrite');
              tx.oncomplete = () => resolve((d.close(), true));
              tx.onabort = () => resolve((d.close(), false));
            };
          }),
      );
    }
    await page.waitForTimeout(500);
  }
  return false;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;

/**
 * Scrolls the region with mouse-wheel steps (real input events) while the page records its frame
 * times from requestAnimationFrame; the p95 and worst frame interval, and the long tasks meanwhile.
 */
export async function measureScroll(page: Page, regionName: string, steps = 80, deltaPx = 500) {
  // A handle found once: a role locator walks the page's accessibility tree in the page on each use (getAriaRole,
  // ~8 ms), which landed in the scroll frames of each jump below.
  const region = (await page.getByRole('region', { name: regionName }).elementHandle())!;
  const box = (await region.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await resetProbe(page);
  // A string: tsx would wrap a named inner function in a helper the page does not have.
  await page.evaluate(`(() => {
    window.benchFrames = [];
    window.framing = true;
    const tick = (t) => {
      window.benchFrames.push(t);
      if (window.framing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, i < steps / 2 ? deltaPx : -deltaPx);
    await page.waitForTimeout(16);
  }
  // A few jumps far down the list, as dragging the scroll bar would.
  for (const f of [0.25, 0.5, 0.75, 1, 0]) {
    await region.evaluate((el, to) => (el.scrollTop = el.scrollHeight * to), f);
    await page.waitForTimeout(50);
  }
  await region.dispose();
  const frames = await page.evaluate(() => {
    const w = window as unknown as { benchFrames: number[]; framing: boolean };
    w.framing = false;
    return w.benchFrames;
  });
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  // The display's frame: the median interval (16.7 ms at 60 Hz). rAF times come in 0.1 ms steps, so one frame reads as
  // 16.6, 16.7 or 16.8 ms; the p95 in display frames says whether it is one frame or a missed one.
  const displayFrameMs = quantile(gaps, 0.5);
  const p95FrameMs = quantile(gaps, 0.95);
  return {
    frames: gaps.length,
    displayFrameMs,
    p95Frames: displayFrameMs > 0 ? Math.round(p95FrameMs / displayFrameMs) : 0,
    p95FrameMs,
    p99FrameMs: quantile(gaps, 0.99),
    worstFrameMs: Math.max(0, ...gaps),
    // A frame interval over 20 ms missed at least one 60 Hz frame (the p95 hides up to 5% of them).
    framesOver20Ms: gaps.filter((g) => g > 20).length,
    longestTaskMs: await longestSinceReset(page),
  };
}

/**
 * Waits until a button's text is `text`, looking every 250 ms with one cheap query: Playwright's own
 * locators walk the page's accessibility tree inside the page, long tasks of their own at 100,000 tasks.
 */
export async function waitForButtonText(page: Page, text: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await page.evaluate((t) => [...document.querySelectorAll('button')].some((b) => b.textContent === t), text)) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`no button "${text}" within ${timeoutMs} ms`);
}

/** The same for any text in a <strong> (the overview's progress line). */
export async function waitForStrongText(page: Page, text: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await page.evaluate((t) => [...document.querySelectorAll('strong')].some((b) => b.textContent?.includes(t)), text)) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`no "${text}" within ${timeoutMs} ms`);
}

/** `count` tasks of one user on the embedded gateway's emulator, 1,000 a request; their IDs in order. */
export async function createEmulatorTasks(
  base: string,
  user: string,
  count: number,
  durationMs: number,
  outcome: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let left = count; left > 0; left -= 1000) {
    const res = await fetch(`${base}/api/_emulator/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': user },
      body: JSON.stringify({ count: Math.min(1000, left), durationMs, outcome }),
    });
    ids.push(...((await res.json()) as { data: { taskIds: string[] } }).data.taskIds);
  }
  return ids;
}

/** Puts `css` in the page as its probe style sheet, in place of the last one (the probes' CSS variants). */
export async function injectProbeCss(page: Page, css: string): Promise<void> {
  // A constructed sheet: the console's Content-Security-Policy (style-src 'self') refuses an inline <style> element.
  const applied = await page.evaluate((c) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(c);
    document.adoptedStyleSheets = [sheet];
    return sheet.cssRules.length;
  }, css);
  if (applied === 0) throw new Error(`BENCH_CSS has no rule the browser accepts: ${css}`);
}

/**
 * The history's log (database and store as in src/features/tasks/history/task-history-db.ts) swollen to `times` its
 * entries: each entry written again `times - 1` times, as a log that reached its rewrite would read. Returns the
 * entries and records then in the log.
 */
export async function swellHistoryLog(page: Page, times: number): Promise<{ entries: number; records: number }> {
  return page.evaluate(
    (n) =>
      new Promise<{ entries: number; records: number }>((resolve, reject) => {
        const open = indexedDB.open('console.tasks.history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('log', 'readwrite');
          const log = tx.objectStore('log');
          const all = log.getAll();
          all.onsuccess = () => {
            const entries = all.result as { seq?: number; records: unknown[] }[];
            for (let i = 1; i < n; i++) for (const { seq: _seq, ...entry } of entries) log.put(entry);
            const records = entries.reduce((a, e) => a + e.records.length, 0) * n;
            tx.oncomplete = () => {
              open.result.close();
              resolve({ entries: entries.length * n, records });
            };
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    times,
  );
}

/** The entries in the history's log (all scopes). */
export async function historyLogEntries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('console.tasks.history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('log').objectStore('log').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}
