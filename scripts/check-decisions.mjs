// Decisions are short entries, one topic per file under docs/decisions/: a `### title`, then
// "Choice:", "Why:" and "See:" lines, under 600 characters in all (issue 37: a row of 2,000
// characters was read by nobody). Each topic file is listed in docs/decisions/README.md.
// Usage: node scripts/check-decisions.mjs
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_ENTRY_CHARS = 600;
const PARTS = ['Choice:', 'Why:', 'See:'];

/**
 * The problems of one topic file: an entry (a `###` heading up to the next heading) of 600 or
 * more characters, or one without its Choice, Why or See line.
 * @param {string} file the file's name, for the messages
 * @param {string} text the file's Markdown
 * @returns {string[]}
 */
export function entryProblems(file, text) {
  const problems = [];
  const entries = text.split(/^(?=#{1,3} )/m).filter((piece) => piece.startsWith('### '));
  if (entries.length === 0) problems.push(`${file}: no entries (each starts with a "### " title)`);
  for (const entry of entries) {
    const body = entry.trim();
    const title = body.slice(4, body.indexOf('\n') === -1 ? undefined : body.indexOf('\n')).trim();
    // Counted in code points, as a reader counts characters.
    const length = [...body].length;
    if (length >= MAX_ENTRY_CHARS) problems.push(`${file}: "${title}" is ${length} characters; an entry stays under ${MAX_ENTRY_CHARS}`);
    for (const part of PARTS) if (!new RegExp(`^${part}`, 'm').test(body)) problems.push(`${file}: "${title}" has no "${part}" line`);
  }
  return problems;
}

/**
 * The repository paths an entry names in backticks (`src/…`, `server/…`, `scripts/…`, `e2e/…`, `docs/…`) that do not
 * exist, so a decision's "See" follows its code when files move. A pattern (`*`, `<name>`) is not a path; a
 * `#anchor` or `:line` after the path is ignored.
 * @param {string} file the file's name, for the messages
 * @param {string} text the file's Markdown
 * @param {(path: string) => boolean} exists
 * @returns {string[]}
 */
export function missingPaths(file, text, exists) {
  const problems = [];
  for (const [, named] of text.matchAll(/`((?:src|server|scripts|e2e|docs|public)\/[^`\s]*)`/g)) {
    if (/[*<>{}]/.test(named)) continue;
    const path = named.replace(/[#:].*$/, '');
    if (!exists(path)) problems.push(`${file}: names \`${path}\`, which does not exist (moved? name where it is now)`);
  }
  return problems;
}

/**
 * Every topic file's problems, and any topic file the index does not link.
 * @param {string} dir docs/decisions
 * @returns {string[]}
 */
function decisionProblems(dir) {
  const index = readFileSync(join(dir, 'README.md'), 'utf8');
  const problems = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.md') || name === 'README.md') continue;
    if (!index.includes(`(${name})`)) problems.push(`${name}: not listed in README.md`);
    const text = readFileSync(join(dir, name), 'utf8');
    problems.push(...entryProblems(name, text));
    problems.push(...missingPaths(name, text, (path) => existsSync(join(dir, '..', '..', path))));
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'docs', 'decisions');
  const problems = decisionProblems(dir);
  if (problems.length > 0) {
    console.error(`${problems.length} decision entry problem(s) in docs/decisions/:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    console.error(`Each entry: "### title", then Choice:, Why:, See:, under ${MAX_ENTRY_CHARS} characters in all.`);
    process.exit(1);
  }
  console.log('Decisions: every entry has Choice, Why and See, under 600 characters, and names paths that exist');
}
