// One CSS convention: the global base styles live in src/styles/global.css; every other style sheet
// under src/ is a CSS Module (*.module.css) whose classes reach the markup as styles.x. A `:global`
// in a module is allowed only for markup the app does not write (a third-party library's), listed
// below with the reason. Usage: node scripts/check-css-modules.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const GLOBAL_BASE = ['src/styles/global.css'];

/** `:global` selectors that may stay: { file, selector (as written after :global), reason }. */
const ALLOWED_GLOBALS = [
  // e.g. { file: 'src/features/tasks/overview/overview.module.css', selector: '.u-legend', reason: "uPlot's legend markup" },
];

function* cssFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* cssFiles(path);
    else if (entry.name.endsWith('.css')) yield path;
  }
}

const problems = [];
for (const path of cssFiles(join(ROOT, 'src'))) {
  const file = relative(ROOT, path).split('\\').join('/');
  if (!file.endsWith('.module.css')) {
    if (!GLOBAL_BASE.includes(file))
      problems.push(`${file}: a plain .css file; write a CSS Module (*.module.css) or add the rule to ${GLOBAL_BASE[0]}`);
    continue;
  }
  // Comments blanked (lines kept), so a comment that mentions :global is not counted.
  const text = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  for (const match of text.matchAll(/:global\b\s*(\([^)]*\)|[^,{]*)/g)) {
    const selector = match[1].trim().replace(/^\(\s*|\s*\)$/g, '');
    if (ALLOWED_GLOBALS.some((a) => a.file === file && a.selector === selector)) continue;
    const line = text.slice(0, match.index).split('\n').length;
    problems.push(`${file}:${line}: ':global ${selector}' is not in the allow-list of scripts/check-css-modules.mjs`);
  }
}

if (problems.length > 0) {
  console.error(`${problems.length} CSS convention problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  console.error('Styles are CSS Modules used as styles.x; :global only for third-party markup, listed with a reason.');
  process.exit(1);
}
console.log('CSS: global base styles + CSS Modules, 0 problems');
