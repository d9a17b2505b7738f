import { describe, expect, it } from 'vitest';
import { argumentNames } from './message-format';
import { LOCALES } from './locales';
import { flatten } from './vite-plugin-catalogs';

type Tree = Parameters<typeof flatten>[0];
const files = import.meta.glob<Tree>('./catalogs/*.json', { eager: true, import: 'default' });
const catalogs = Object.fromEntries(
  Object.entries(files).map(([path, tree]) => [path.slice('./catalogs/'.length, -'.json'.length), flatten(tree)]),
);
const english = catalogs.en ?? {};

/** What differs between two catalogs: keys one lacks, and messages whose arguments differ. */
function catalogDifferences(a: Record<string, string>, b: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(a)) if (!(key in b)) problems.push(`missing ${key}`);
  for (const key of Object.keys(b)) if (!(key in a)) problems.push(`extra ${key}`);
  for (const [key, message] of Object.entries(a)) {
    const other = b[key];
    if (other === undefined) continue;
    const [mine, theirs] = [argumentNames(message).join(','), argumentNames(other).join(',')];
    if (mine !== theirs) problems.push(`${key}: arguments {${mine}} vs {${theirs}}`);
    if (/, plural,/.test(other) && !/\bother\s*\{/.test(other)) problems.push(`${key}: a plural without "other"`);
  }
  return problems;
}

describe('message catalogs', () => {
  it('has one catalog per locale in locales.ts, and no other', () => {
    expect(Object.keys(catalogs).sort()).toEqual(Object.keys(LOCALES).sort());
  });

  it.each(Object.keys(LOCALES).filter((l) => l !== 'en'))('%s has exactly the English keys, with the same placeholders', (locale) => {
    expect(catalogDifferences(english, catalogs[locale] ?? {})).toEqual([]);
  });

  it('every message is non-empty text', () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      for (const [key, message] of Object.entries(messages)) expect(message.trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it('the check finds a missing key, an extra key and a renamed placeholder', () => {
    expect(catalogDifferences({ a: 'x', b: 'Saved {name}' }, { b: 'Saved {nom}', c: 'y' })).toEqual([
      'missing a',
      'extra c',
      'b: arguments {name} vs {nom}',
    ]);
    expect(catalogDifferences({ n: '{count, plural, one {#} other {#}}' }, { n: '{count, plural, one {#}}' })).toEqual([
      'n: a plural without "other"',
    ]);
  });
});
