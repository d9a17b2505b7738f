import { describe, expect, it } from 'vitest';
import { MAX_ENTRY_CHARS, entryProblems, missingPaths } from './check-decisions.mjs';

const entry = (title: string, why: string) =>
  `### ${title}\n\nChoice: One poller for the whole list.\n\nWhy: ${why}\n\nSee: \`src/lib/slicer.ts\`\n`;

describe('entryProblems', () => {
  it('passes a short entry with Choice, Why and See', () => {
    expect(entryProblems('tasks.md', `# Tasks\n\nIntro.\n\n${entry('Polling pace', 'Fewer requests.')}`)).toEqual([]);
  });

  it('names the file and title of an entry of 600 characters or more', () => {
    const long = entry('Watch list', 'x'.repeat(MAX_ENTRY_CHARS));
    const problems = entryProblems('tasks.md', `# Tasks\n\n${entry('Polling pace', 'Short.')}\n${long}`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^tasks\.md: "Watch list" is \d+ characters/);
  });

  it('counts code points, so 599 Chinese characters are under the limit', () => {
    const head = entry('中文', '');
    const padded = entry('中文', '字'.repeat(MAX_ENTRY_CHARS - 1 - [...head.trim()].length));
    expect([...padded.trim()]).toHaveLength(MAX_ENTRY_CHARS - 1);
    expect(entryProblems('i18n.md', padded)).toEqual([]);
  });

  it('names an entry without its Choice or Why line', () => {
    const problems = entryProblems('speech.md', '### Long texts\n\nParts of 5,000.\n\nWhy: the limit.\n\nSee: `x`\n');
    expect(problems).toEqual(['speech.md: "Long texts" has no "Choice:" line']);
    expect(entryProblems('speech.md', '### A\n\nChoice: a.\n\nSee: `x`\n')).toEqual(['speech.md: "A" has no "Why:" line']);
  });

  it('refuses a topic file with no entries', () => {
    expect(entryProblems('empty.md', '# Empty\n\nNothing here.\n')).toEqual(['empty.md: no entries (each starts with a "### " title)']);
  });
});

describe('missingPaths', () => {
  const exists = (path: string) => path === 'src/lib/slicer.ts' || path === 'docs/i18n.md';

  it('names a path that moved, and passes one that exists, with or without an anchor or line', () => {
    const text = 'See: `src/lib/slicer.ts`, `docs/i18n.md#catalogs`, `src/lib/slicer.ts:12`, `src/features/speech/api/fetch-audio.ts`';
    expect(missingPaths('speech.md', text, exists)).toEqual([
      'speech.md: names `src/features/speech/api/fetch-audio.ts`, which does not exist (moved? name where it is now)',
    ]);
  });

  it('skips patterns, which name no one file', () => {
    expect(missingPaths('i18n.md', 'See: `src/**/*.ts`, `src/features/<feature>/messages/<locale>.json`', exists)).toEqual([]);
  });
});
