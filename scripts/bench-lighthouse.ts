// npm run bench:lighthouse — Lighthouse performance of /tasks and /speech, mobile and desktop, on the
// production server (built into a temp dir, fresh DATA_DIR). Lighthouse is not a dependency: it is
// fetched by `npx --yes lighthouse@13` on first use (the npm registry must be reachable), and runs
// Chromium from scripts/lib/find-chromium.mjs. Not part of CI.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findChromium } from './lib/find-chromium.mjs';

const run = promisify(execFile);
const PAGES = ['/tasks', '/speech'];
const FORM_FACTORS = ['mobile', 'desktop'] as const;

const chrome = findChromium();
if (!chrome) {
  console.error('No Chromium found: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const work = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'));
const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/start.ts'], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), DIST_DIR: join(work, 'dist'), GATEWAY_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = async () => {
  const exited = new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await rm(work, { recursive: true, force: true });
};

try {
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not start within 180 s')), 180_000);
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /at (http:\/\/[^/\s]+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    server.once('exit', (code) => reject(new Error(`The server exited (${code})`)));
  });

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
