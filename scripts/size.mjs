#!/usr/bin/env node
// Gzipped JavaScript per entry chunk, and what the Tasks page needs on a first visit.
// Usage: npm run size [-- --no-build] [-- --modules]
// By default it builds into a temporary directory, so a server running from dist/ is not disturbed;
// --no-build measures the existing dist/ (after `npm run build`). --modules also prints what the
// first visit's JS is made of, per package and per project file (from the source maps).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bytesPerSource, packageOf, projectPath } from './lib/source-map-bytes.mjs';

const BUDGET_BYTES = 100 * 1000; // "100 KB" read strictly: decimal kilobytes.
const reuse = process.argv.includes('--no-build');
const byModule = process.argv.includes('--modules');
const DIST = reuse ? 'dist' : mkdtempSync(join(tmpdir(), 'console-size-'));
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const TASKS_PAGE = /^src\/features\/tasks\/tasks-page\.tsx$/;
// Loaded by the Tasks page only once there is a watch list, in parallel with the first status request.
const TASK_BOARD = /^src\/features\/tasks\/board\/task-board\.tsx$/;
// Packages a first visit must not load (docs/performance.md, "First visit"): zod parses gateway
// answers and form input, none of which a newcomer's first screen does; stored values are checked by hand.
const NOT_IN_FIRST_VISIT = ['zod'];

if (reuse && !existsSync(MANIFEST)) {
  console.error(`${MANIFEST} is missing: run npm run build first (build.manifest is on in vite.config.ts).`);
  process.exit(1);
}
if (!reuse) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir'], { stdio: 'inherit' });

/** @type {Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] }>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} KB`;

/** A chunk and everything it imports statically: what the browser must load before it runs. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entries = Object.entries(manifest).filter(([, c]) => c.isEntry || c.isDynamicEntry);
console.log('Gzipped JS per entry chunk (own file only):');
for (const [key, chunk] of entries.sort(([, a], [, b]) => gz(b.file) - gz(a.file))) {
  const label = chunk.isEntry ? 'entry  ' : 'lazy   ';
  console.log(`  ${label} ${kb(gz(chunk.file)).padStart(9)}  ${key} → ${chunk.file}`);
}

/** Raw minified characters of these files per package and per project file, largest first. */
function printComposition(files) {
  const packages = new Map();
  const projectFiles = new Map();
  for (const file of files) {
    for (const [source, n] of bytesPerSource(join(DIST, file))) {
      const group = packageOf(source) ?? 'project code';
      packages.set(group, (packages.get(group) ?? 0) + n);
      if (group === 'project code') projectFiles.set(projectPath(source), (projectFiles.get(projectPath(source)) ?? 0) + n);
    }
  }
  const rows = (m) => [...m].sort(([, a], [, b]) => b - a);
  console.log('  Raw minified JS per package (project code: src/, virtual modules, unmapped):');
  for (const [name, n] of rows(packages)) console.log(`    ${kb(n).padStart(10)}  ${name}`);
  console.log('  Largest project files:');
  for (const [name, n] of rows(projectFiles).slice(0, 15)) console.log(`    ${kb(n).padStart(10)}  ${name}`);
}

/** The npm packages bundled into these files, from their source maps (build.sourcemap is on in vite.config.ts). */
function packagesIn(files) {
  const names = new Set();
  for (const file of files) {
    const map = join(DIST, `${file}.map`);
    // Without its map a file's packages are unknown: refuse rather than pass NOT_IN_FIRST_VISIT unchecked.
    if (!existsSync(map)) throw new Error(`${map} is missing: build.sourcemap must stay on in vite.config.ts.`);
    for (const source of JSON.parse(readFileSync(map, 'utf8')).sources ?? []) {
      const name = packageOf(source);
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/** Gzipped JS (and CSS) the browser loads before the page made of these chunks can run. */
function measure(test) {
  const keys = new Set();
  for (const [key, chunk] of entries) {
    if (chunk.isEntry || test(key)) staticClosure(key, keys);
  }
  const files = [...keys].map((key) => manifest[key].file).filter((f) => f.endsWith('.js'));
  const js = files.reduce((sum, f) => sum + gz(f), 0);
  const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))].reduce((sum, f) => sum + gz(f), 0);
  // Message catalogs are generated JSON (no source map, no package): code chunks only.
  const code = [...keys]
    .filter((key) => !CATALOG.test(key))
    .map((key) => manifest[key].file)
    .filter((f) => f.endsWith('.js'));
  return { js, css, files: files.length, code, packages: packagesIn(code) };
}

// The message namespaces src/main.tsx loads before the first paint of /tasks (firstNamespaces in
// src/app/page-routes.tsx), one lazy chunk each per locale: virtual:catalog/<locale>/<namespace>.
const FIRST_NAMESPACES = ['common'];
const CATALOG = /^virtual:catalog\/([^/]+)\/([^/]+)$/;
const locales = [...new Set(Object.keys(manifest).flatMap((key) => CATALOG.exec(key)?.[1] ?? []))].sort();
console.log('\nGzipped messages per namespace:');
for (const [key, chunk] of Object.entries(manifest).filter(([key]) => CATALOG.test(key))) {
  console.log(`  ${kb(gz(chunk.file)).padStart(9)}  ${key}`);
}

// "First visit": a newcomer opening /tasks with an empty watch list — the entry, the Tasks page's
// static imports and the first namespaces in the browser's language, the way "first load JS" is
// usually counted; other lazy chunks are not in it. Measured for every locale: each must fit.
let over = 0;
for (const locale of locales.length ? locales : ['(no catalogs)']) {
  const messages = (key) => FIRST_NAMESPACES.some((ns) => key === `virtual:catalog/${locale}/${ns}`);
  const first = measure((key) => TASKS_PAGE.test(key) || messages(key));
  const withList = measure((key) => TASKS_PAGE.test(key) || messages(key) || TASK_BOARD.test(key));
  console.log(
    `\n[${locale}] Tasks page, first visit: ${kb(first.js)} gzipped JS in ${first.files} file(s) (+ ${kb(first.css)} CSS); budget ${kb(BUDGET_BYTES)}`,
  );
  console.log(
    `[${locale}] Tasks page with a watch list (table chunk too): ${kb(withList.js)} gzipped JS in ${withList.files} file(s) (+ ${kb(withList.css)} CSS)`,
  );
  console.log(`[${locale}] Packages in the first visit: ${first.packages.join(', ')}`);
  if (byModule && locale === locales[0]) printComposition(first.code);
  const unwanted = first.packages.filter((name) => NOT_IN_FIRST_VISIT.includes(name));
  if (unwanted.length) {
    console.error(`[${locale}] ${unwanted.join(', ')} must not be in the first visit: import it from a lazy chunk (docs/performance.md).`);
    over++;
  }
  if (first.js > BUDGET_BYTES) {
    console.error(`[${locale}] Over budget by ${kb(first.js - BUDGET_BYTES)}: move what only other pages need behind a lazy import.`);
    over++;
  } else console.log(`[${locale}] Within budget (${kb(BUDGET_BYTES - first.js)} to spare).`);
}
if (over) process.exit(1);
