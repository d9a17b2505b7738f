// npm run bench:lighthouse — Lighthouse performance of /tasks and /speech, mobile and desktop, on the
// production server (built into a temp dir, fresh DATA_DIR). Lighthouse is not a dependency: it is
// fetched by `npx --yes lighthouse@13` on first use (the npm registry must be reachable), and runs
// Chromium from scripts/lib/find-chromium.mjs. Not part of CI.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findChromium } from './lib/find-chromium.mjs';
import { startBenchServer } from './lib/start-server';

const run = promisify(execFile);
const PAGES = ['/tasks', '/speech'];
const FORM_FACTORS = ['mobile', 'desktop'] as const;

const chrome = findChromium();
if (!chrome) {
  console.error('No Chromium found: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const { base, work, stop } = await startBenchServer('bench-lighthouse-');

try {
  const rows: Record<string, Record<string, string>> = {};
  for (const page of PAGES) {
    rows[page] = {};
    for (const formFactor of FORM_FACTORS) {
      const report = join(work, `report-${page.slice(1)}-${formFactor}.json`);
      const args = [
        '--yes',
        'lighthouse@13',
        `${base}${page}`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox',
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      ];
      await run('npx', args, { env: { ...process.env, CHROME_PATH: chrome }, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
      const result = JSON.parse(await readFile(report, 'utf8')) as {
        categories: { performance: { score: number } };
        audits: Record<string, { displayValue?: string }>;
      };
      const score = Math.round(result.categories.performance.score * 100);
      const lcp = result.audits['largest-contentful-paint']?.displayValue ?? '?';
      rows[page]![formFactor] = `${score} (LCP ${lcp})`;
    }
  }
  console.log('\nLighthouse performance (LCP) on the production server');
  console.table(rows);
} finally {
  await stop();
}
