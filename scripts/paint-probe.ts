// tsx scripts/paint-probe.ts — the render side of a poll update against a running console (docs/performance.md, dashboard bench):
// per update window the frames and their style, layout, paint and commit time, from a Chrome trace.
// PROBE_BASE (default http://127.0.0.1:8352), PROBE_WATCHED, PROBE_LIVE, PROBE_LIVE_MS (live tasks' duration),
// PROBE_TOP=1 (live rows first), PROBE_SCROLL=1 (the table in view), PROBE_VARIANTS (a JSON list of CSS to compare in
// one page), PROBE_RUNS, PROBE_SETTLE, PROBE_MUT=1 (4 s of DOM mutations), PROBE_SHOT / PROBE_FLASH_SHOT (screenshots).
import { chromium } from '@playwright/test';
import { findChromium } from './lib/find-chromium.mjs';
import { seedProfileScript } from './lib/seed-profile';
import { cyclesOf, median, startTrace, updateCost } from './bench/main-thread-trace';
import { createEmulatorTasks, injectProbeCss, seedWatchList, waitForButtonText } from './bench/dashboard-page';
import { PIECE } from '../src/features/tasks/watch-list/watch-list-db';

const base = process.env.PROBE_BASE ?? 'http://127.0.0.1:8352';
const WATCHED = Number(process.env.PROBE_WATCHED ?? 20000);
const LIVE = Number(process.env.PROBE_LIVE ?? 1000);
const user = String(Date.now() % 1e9);

const createTasks = (count: number, durationMs: number, outcome: string) => createEmulatorTasks(base, user, count, durationMs, outcome);

const done = await createTasks(WATCHED - LIVE, 500, 'mixed');
const live = await createTasks(LIVE, Number(process.env.PROBE_LIVE_MS ?? 30 * 60_000), 'finished');
const half = Math.floor(done.length / 2);
const ids = process.env.PROBE_TOP ? [...live, ...done] : [...done.slice(0, half), ...live, ...done.slice(half)];
await new Promise((r) => setTimeout(r, 600));
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.addInitScript(seedProfileScript(user, { 'console.tasks.settings': { intervalMs: 2000 } }));
await seedWatchList(page, base, ['/api', user].join('\u0000'), ids, PIECE);
await page.goto(`${base}/tasks`);
await waitForButtonText(page, 'Not checked yet 0', 300_000);
if (process.env.PROBE_SCROLL)
  await page.getByRole('region', { name: 'Watched tasks' }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
if (process.env.PROBE_CSS) await page.addStyleTag({ content: process.env.PROBE_CSS });
await page.waitForTimeout(Number(process.env.PROBE_SETTLE ?? 15000));
if (process.env.PROBE_FLASH_SHOT) {
  await page.waitForSelector('tr[class*="rowChanged"]', { timeout: 60_000 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: process.env.PROBE_FLASH_SHOT });
}
if (process.env.PROBE_SHOT) await page.screenshot({ path: process.env.PROBE_SHOT, fullPage: false });
if (process.env.PROBE_MUT) {
  const muts = (await page.evaluate(`new Promise((resolve) => {
        const seen = [];
        const describe = (n) => {
          const el = n instanceof Element ? n : n.parentElement;
          if (!el) return '?';
          const path = [];
          for (let e = el; e && path.length < 4; e = e.parentElement)
            path.push(e.tagName.toLowerCase() + (e.getAttribute('aria-label') ? '[' + e.getAttribute('aria-label').slice(0, 30) + ']' : e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0].slice(0, 20) : ''));
          return path.join('<');
        };
        const t0 = performance.now();
        const mo = new MutationObserver((list) => {
          for (const m of list)
            seen.push(((performance.now() - t0) / 1000).toFixed(1) + 's ' + m.type + (m.attributeName ? ':' + m.attributeName : '') + ' ' + describe(m.target) +
                (m.type === 'attributes' ? ' old=' + String(m.oldValue).slice(0, 30) + ' new=' + String(m.target.getAttribute(m.attributeName)).slice(0, 30) : m.type === 'characterData' ? ' ' + m.target.textContent.slice(0, 40) : ''));
        });
        mo.observe(document.body, { subtree: true, attributes: true, attributeOldValue: true, characterData: true, childList: true });
        setTimeout(() => (mo.disconnect(), resolve(seen)), 4100);
      })`)) as string[];
  console.log(muts.join('\n'));
}
const RENDER = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];
const variants = JSON.parse(process.env.PROBE_VARIANTS ?? '[""]') as string[];
for (let run = 0; run < Number(process.env.PROBE_RUNS ?? 1) * variants.length; run++) {
  const css = variants[run % variants.length]!;
  await injectProbeCss(page, css);
  await page.waitForTimeout(2500);
  process.stdout.write(`[${css.slice(0, 60) || 'none'}] `);
  const stop = await startTrace(browser, page);
  await page.waitForTimeout(11 * 2150);
  const trace = await stop();
  const windows = cyclesOf(trace.requests, 1500)
    .slice(1)
    .flatMap((c) => updateCost(trace.tasks, c) ?? []);
  const per = windows.map((w) => {
    const inWin = trace.tasks.filter((t) => t.start >= w.start && t.start <= w.end);
    const sums: Record<string, number> = { frames: 0 };
    for (const t of inWin) {
      // Top-level render events only (a nested Paint inside Paint counted once).
      let lastEnd = -1;
      const top = [...t.inside].sort((a, b) => a.ts - b.ts);
      let framed = false;
      for (const e of top) {
        if (!RENDER.includes(e.name) || e.ts < lastEnd) continue;
        sums[e.name] = (sums[e.name] ?? 0) + (e.dur ?? 0) / 1000;
        lastEnd = e.ts + (e.dur ?? 0);
        if (e.name === 'Paint') framed = true;
      }
      if (framed) sums.frames!++;
      if (framed) sums.frameTasks = (sums.frameTasks ?? 0) + (t.end - t.start);
    }
    sums.busy = w.busyMs;
    return sums;
  });
  const keys = ['busy', 'frames', 'frameTasks', ...RENDER];
  console.log(keys.map((k) => `${k} ${median(per.map((p) => p[k] ?? 0)).toFixed(2)}`).join(' | '));
  const all = trace.tasks.filter((t) => t.inside.some((e) => e.name === 'Paint'));
  const secs = (trace.tasks.at(-1)!.end - trace.tasks[0]!.start) / 1000;
  console.log(
    `all frames: ${(all.length / secs).toFixed(1)}/s, ${(all.reduce((a, t) => a + t.end - t.start, 0) / secs) | 0} ms/s in frame tasks; busy ${(trace.tasks.reduce((a, t) => a + t.end - t.start, 0) / secs).toFixed(0)} ms/s`,
  );
}
await browser.close();
