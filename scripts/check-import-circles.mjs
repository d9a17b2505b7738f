// Fails when modules import each other in a circle, counting what eslint's import-x/no-cycle
// skips: `import type` edges (it has no option to count them). Static, dynamic `import()`,
// `export … from` and require() edges count too. Usage: node scripts/check-import-circles.mjs
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'playwright-report', 'coverage']);
const SOURCE = /\.(tsx?|mts|mjs|js)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name) && !/\.d\.m?ts$/.test(entry.name)) yield path;
  }
}

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** The file a specifier names, or null for packages and node: built-ins. */
function resolveSpecifier(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = join(ROOT, 'src', specifier.slice(2));
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, 'index' + ext))];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find(isFile) ?? null;
}

const graph = new Map();
for (const file of sourceFiles(ROOT)) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = importedFiles.map((imported) => resolveSpecifier(file, imported.fileName)).filter(Boolean);
  graph.set(file, new Set(targets));
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
let next = 0;
function visit(file) {
  index.set(file, next);
  low.set(file, next++);
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!index.has(target)) {
      visit(target);
      low.set(file, Math.min(low.get(file), low.get(target)));
    } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || graph.get(file)?.has(file)) circles.push(component);
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

for (const component of circles) {
  console.error(
    `Import circle: ${component
      .map((file) => relative(ROOT, file))
      .sort()
      .join(' <-> ')}`,
  );
}
console.log(`${graph.size} files, ${circles.length} import circle(s)`);
process.exitCode = circles.length ? 1 : 0;
