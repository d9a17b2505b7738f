import { describe, expect, it } from 'vitest';
import loaders from 'virtual:catalogs';
import { argumentNames } from './message-format';
import { LOCALES } from './locales';
import { SAME_AS_ENGLISH } from './same-as-english';
import { flatten, mergeCatalogs, type CatalogFile } from './vite-plugin-catalogs';

// Every catalog file: the shared namespaces here, each feature's beside it (docs/i18n.md).
const found = import.meta.glob<CatalogFile['tree']>(['./catalogs/*.json', '../features/*/messages/*.json'], {
  eager: true,
  import: 'default',
});
const files: CatalogFile[] = Object.entries(found).map(([path, tree]) => {
  const at = path.lastIndexOf('/');
  return { folder: path.slice(0, at), locale: path.slice(at + 1, -'.json'.length), tree };
});
const { locales, problems } = mergeCatalogs(files);
const catalogs = Object.fromEntries(Object.entries(locales).map(([locale, namespaces]) => [locale, flatten(namespaces)]));
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

/** A message with no word of its own: only placeholders, spaces and punctuation ('{written} → {said}'). */
const onlyPlaceholders = (message: string) => !/\p{L}/u.test(message.replace(/\{[^{}]*\}/g, ''));

/** Messages of `locale` left as in English: untranslated, unless listed in ./same-as-english.ts or made of placeholders only. */
function untranslated(english: Record<string, string>, other: Record<string, string>, same: Record<string, unknown>): string[] {
  return Object.keys(english).filter((key) => other[key] === english[key] && !Object.hasOwn(same, key) && !onlyPlaceholders(english[key]!));
}

describe('message catalogs', () => {
  it('each namespace lives in one folder, and every folder has a file for every locale', () => {
    expect(problems).toEqual([]);
  });

  it('the layout check finds a namespace in two folders, a missing locale file, and namespaces that differ per locale', () => {
    const tree = { x: { a: 'A' } };
    expect(
      mergeCatalogs([
        { folder: 'shared', locale: 'en', tree: { common: tree } },
        { folder: 'shared', locale: 'fr', tree: { common: tree } },
        { folder: 'tasks', locale: 'en', tree: { tasks: tree, common: tree } },
        { folder: 'speech', locale: 'en', tree: { speech: tree } },
        { folder: 'speech', locale: 'fr', tree: { speech: tree, extra: tree } },
        { folder: 'oops', locale: 'en', tree: { loose: 'a message' } },
        { folder: 'oops', locale: 'fr', tree: { loose: 'un message' } },
      ]).problems,
    ).toEqual([
      'tasks has no fr.json',
      'namespace "common" is in both shared and tasks',
      'speech/fr.json holds {extra, speech} but en.json holds {speech}',
      'oops/en.json: "loose" is a message, not a namespace',
      'oops/fr.json: "loose" is a message, not a namespace',
    ]);
  });

  it('the build finds the same namespaces in every locale as this test (the plugin reads every folder)', () => {
    for (const [locale, namespaces] of Object.entries(locales)) {
      expect(Object.keys(loaders[locale] ?? {}).sort(), locale).toEqual(Object.keys(namespaces).sort());
    }
  });

  it('has one catalog per locale in locales.ts, and no other', () => {
    expect(Object.keys(catalogs).sort()).toEqual(Object.keys(LOCALES).sort());
  });

  it.each(Object.keys(LOCALES).filter((l) => l !== 'en'))('%s has exactly the English keys, with the same placeholders', (locale) => {
    expect(catalogDifferences(english, catalogs[locale] ?? {})).toEqual([]);
  });

  it.each(Object.keys(LOCALES).filter((l) => l !== 'en'))('%s translates every message (same as English only when listed)', (locale) => {
    expect(untranslated(english, catalogs[locale] ?? {}, SAME_AS_ENGLISH)).toEqual([]);
  });

  it('lists as same-as-English only keys that exist, and that some locale does keep as in English (no stale entry)', () => {
    const others = Object.keys(LOCALES).filter((l) => l !== 'en');
    for (const key of Object.keys(SAME_AS_ENGLISH)) {
      expect(english, key).toHaveProperty([key]);
      expect(
        others.some((locale) => catalogs[locale]?.[key] === english[key]),
        key,
      ).toBe(true);
    }
  });

  it('the translation check finds a copied message, and lets a listed one and a placeholders-only one through', () => {
    const en = { a: 'Save', b: 'SRT', c: '{written} → {said}', d: '{count} files', e: 'Open' };
    const fr = { a: 'Save', b: 'SRT', c: '{written} → {said}', d: '{count} files', e: 'Ouvrir' };
    expect(untranslated(en, fr, { b: 'format' })).toEqual(['a', 'd']);
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
