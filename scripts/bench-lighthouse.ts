// npm run bench:lighthouse — Lighthouse performance of /tasks and /speech, mobile and desktop, on the
// production server (built into a temp dir, fresh DATA_DIR). Lighthouse is not a dependency: it is
// fetched by `npx --yes lighthouse@13` on first use (the npm registry must be reachable), and runs
// Chromium from scripts/lib/find-chromium.mjs. Not part of CI.
//
// Flags: --runs N (default 3; every figure is the median of N runs, since simulated throttling still
// feels the machine's load), --pages /speech,/tasks, --form-factors mobile,desktop, and --base URL to
// measure a server that is already running instead of building and starting one. --throttling devtools
// throttles the browser itself (Lighthouse's slow 4G: 562.5 ms per request, 1.47 Mbps, CPU 4x) and reports what it observed, instead of
// Lighthouse's default simulation from an unthrottled load: a second view when the simulation's guess of
// what the first paint waited for swings the score (see docs/decisions/performance.md, "No modulepreload in route HTML").
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { findChromium } from './lib/find-chromium.mjs';
import { startBenchServer } from './lib/start-server';

const run = promisify(execFile);
const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/tasks,/speech' },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
    base: { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
  },
});
const RUNS = Number(flags.runs);
const PAGES = flags.pages.split(',').map((p) => (p.startsWith('/') ? p : `/${p}`));
const FORM_FACTORS = flags['form-factors'].split(',');
if (flags.throttling !== 'simulate' && flags.throttling !== 'devtools') {
  throw new Error(`--throttling takes simulate or devtools, not "${flags.throttling}"`);
}
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number ≥ 1, not "${flags.runs}"`);
const unknownFactor = FORM_FACTORS.find((f) => f !== 'mobile' && f !== 'desktop');
if (unknownFactor !== undefined) throw new Error(`--form-factors takes mobile and/or desktop, not "${unknownFactor}"`);

const chrome = findChromium();
if (!chrome) {
  console.error('No Chromium found: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

type Report = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<{ type?: string; nodeLabel?: string; selector?: string }> } }>;
};
type Sample = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; lcpElement: string };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The LCP element as Lighthouse names it: its selector and the start of its text. */
function lcpElement(report: Report): string {
  const node = report.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  if (!node) return '?';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40);
  return `${node.selector ?? '?'} "${label}"`;
}

async function lighthouse(url: string, formFactor: string, out: string): Promise<Sample> {
  const args = [
    '--yes',
    'lighthouse@13',
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    `--throttling-method=${flags.throttling}`,
  ];
  await run('npx', args, { env: { ...process.env, CHROME_PATH: chrome! }, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(await readFile(out, 'utf8')) as Report;
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    lcpElement: lcpElement(report),
  };
}

const server = flags.base ? null : await startBenchServer('bench-lighthouse-');
const base = flags.base?.replace(/\/$/, '') ?? server!.base;
const work = server?.work ?? (await mkdtemp(join(tmpdir(), 'bench-lighthouse-')));

try {
  const rows: Record<string, Record<string, string | number>> = {};
  const perRun: Record<string, Record<string, string | number>> = {};
  const elements = new Set<string>();
  for (const page of PAGES) {
    for (const formFactor of FORM_FACTORS) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        samples.push(
          await lighthouse(`${base}${page}`, formFactor, join(work, `report-${page.slice(1) || 'root'}-${formFactor}-${i}.json`)),
        );
      }
      const m = (key: Exclude<keyof Sample, 'lcpElement'>) => median(samples.map((s) => s[key]));
      rows[`${page} ${formFactor}`] = {
        score: m('score'),
        runs: samples.map((s) => s.score).join(' '),
        'FCP ms': Math.round(m('fcp')),
        'LCP ms': Math.round(m('lcp')),
        'TBT ms': Math.round(m('tbt')),
        CLS: Number(m('cls').toFixed(3)),
        'SI ms': Math.round(m('si')),
      };
      for (const s of samples) elements.add(`${page} ${formFactor}: ${s.lcpElement}`);
      samples.forEach((s, i) => {
        perRun[`${page} ${formFactor} #${i + 1}`] = {
          score: s.score,
          'FCP ms': Math.round(s.fcp),
          'LCP ms': Math.round(s.lcp),
          'TBT ms': Math.round(s.tbt),
          CLS: Number(s.cls.toFixed(3)),
          'SI ms': Math.round(s.si),
        };
      });
    }
  }
  if (RUNS > 1) {
    console.log('\nEvery run');
    console.table(perRun);
  }
  const how = flags.throttling === 'devtools' ? 'throttled in the browser' : 'simulated throttling';
  console.log(`\nLighthouse performance on the production server (${how}; median of ${RUNS} run${RUNS > 1 ? 's' : ''})`);
  console.table(rows);
  console.log('LCP elements seen:');
  for (const e of elements) console.log(`  ${e}`);
} finally {
  if (server) await server.stop();
  else await rm(work, { recursive: true, force: true });
}
