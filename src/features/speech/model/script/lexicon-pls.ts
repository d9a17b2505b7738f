import type { LexiconRule } from './lexicon';
import { MAX_LEXICON_RULES, ruleKey, type LexiconEntryError, type LexiconImport } from './lexicon-csv';

/** Largest PLS file read: far above any hand-made lexicon, far below a problem. */
const MAX_PLS_CHARS = 2_000_000;

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character data with the five predefined entities and numeric references; any other entity is refused (never expanded). CDATA is taken as it is. */
function decodeText(raw: string): { text: string } | { entity: string } {
  let bad: string | null = null;
  const decode = (part: string) =>
    part.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][\w.-]*);/g, (all, name: string) => {
      if (name.startsWith('#')) {
        const cp = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        if (cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) return String.fromCodePoint(cp);
      } else if (Object.hasOwn(PREDEFINED, name)) return PREDEFINED[name]!;
      bad ??= all;
      return '';
    });
  // split with a capture group: text, CDATA content, text, CDATA content, …
  const text = raw
    .split(/<!\[CDATA\[([\s\S]*?)\]\]>/)
    .map((part, i) => (i % 2 === 1 ? part : decode(part)))
    .join('');
  if (bad !== null) return { entity: bad };
  return { text: text.replace(/\s+/g, ' ').trim() };
}

const element = (name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}\\b[^>]*?(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>)`, 'g');

/**
 * The W3C PLS alias subset: each `<lexeme>`'s `<grapheme>`s become rules saying its first `<alias>`.
 * A tiny parser of its own (the same in the page, a worker and Node; DOMParser exists in none but
 * the page): a DOCTYPE or ENTITY declaration refuses the file, so no entity is ever expanded;
 * comments are skipped. PLS matches graphemes as words, case-sensitively, in the lexicon's xml:lang.
 */
export function importLexiconPls(input: string): LexiconImport {
  if (input.length > MAX_PLS_CHARS) return { rules: [], errors: [{ line: 0, code: 'tooLarge' }] };
  if (/<!DOCTYPE|<!ENTITY/i.test(input)) return { rules: [], errors: [{ line: 0, code: 'doctype' }] };
  // Comments become spaces of the same length, so positions (and line numbers) stay true.
  const xml = input.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));
  const root = /<(?:[\w.-]+:)?lexicon\b([^>]*)>/.exec(xml);
  if (!root) return { rules: [], errors: [{ line: 0, code: 'notPls' }] };
  const lang = /\bxml:lang\s*=\s*["']([^"']*)["']/.exec(root[1]!)?.[1]?.split('-')[0]?.toLowerCase();
  const lineAt = (index: number) => xml.slice(0, index).split('\n').length;
  const rules: LexiconRule[] = [];
  const errors: LexiconEntryError[] = [];
  const seen = new Map<string, number>();
  for (const lexeme of xml.matchAll(element('lexeme'))) {
    const line = lineAt(lexeme.index);
    const body = lexeme[1] ?? '';
    const texts = (name: string) => [...body.matchAll(element(name))].map((m) => decodeText(m[1] ?? ''));
    const decoded = [...texts('grapheme'), ...texts('alias')];
    const badEntity = decoded.find((d) => 'entity' in d);
    if (badEntity && 'entity' in badEntity) {
      errors.push({ line, code: 'badEntity', entity: badEntity.entity });
      continue;
    }
    const graphemes = texts('grapheme').flatMap((d) => ('text' in d && d.text ? [d.text] : []));
    const said = texts('alias').flatMap((d) => ('text' in d && d.text ? [d.text] : []))[0];
    if (graphemes.length === 0) errors.push({ line, code: 'missingWritten' });
    if (said === undefined) errors.push({ line, code: /<(?:[\w.-]+:)?phoneme\b/.test(body) ? 'phonemeOnly' : 'missingSaid' });
    if (graphemes.length === 0 || said === undefined) continue;
    for (const written of graphemes) {
      if (rules.length >= MAX_LEXICON_RULES) return { rules, errors: [...errors, { line: 0, code: 'tooManyEntries' }] };
      const rule: LexiconRule = {
        written,
        said,
        wholeWord: true,
        caseSensitive: true,
        ...(lang && lang !== 'und' ? { language: lang } : {}),
      };
      const k = ruleKey(rule);
      if (seen.has(k)) errors.push({ line, code: 'duplicate', of: seen.get(k)! });
      else {
        seen.set(k, line);
        rules.push(rule);
      }
    }
  }
  return { rules, errors };
}

const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A PLS file of the rules for one language (and those for every language). PLS can say neither
 * "anywhere" nor "case-insensitive": such rules are still written, and listed in `approximated`.
 */
export function exportLexiconPls(rules: readonly LexiconRule[], language?: string): { xml: string; approximated: number[] } {
  const chosen = rules.map((r, i) => ({ r, i })).filter(({ r }) => !r.language || !language || r.language === language);
  const lexemes = chosen.map(
    ({ r }) => `  <lexeme>\n    <grapheme>${escapeXml(r.written)}</grapheme>\n    <alias>${escapeXml(r.said)}</alias>\n  </lexeme>\n`,
  );
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="${escapeXml(language ?? 'und')}">\n` +
    lexemes.join('') +
    '</lexicon>\n';
  return { xml, approximated: chosen.filter(({ r }) => !r.wholeWord || !r.caseSensitive).map(({ i }) => i) };
}
