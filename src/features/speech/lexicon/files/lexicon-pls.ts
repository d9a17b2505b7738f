import { countSourceTextChars } from '@/contract';
import type { LexiconRule } from '../lexicon';
import { MAX_LEXICON_RULES, ruleKey, type LexiconEntryError, type LexiconImport, type LexiconReading, type NotXml } from './lexicon-csv';
import { MAX_LEXICON_ENTRIES, MAX_LEXICON_FILE_CHARS, MAX_RULE_TEXT_CHARS, ruleTextFits } from '../lexicon-limits';
import { drain, type ReadMeter } from './lexicon-reading';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character data with the five predefined entities and numeric references; any other entity is refused (never expanded). */
function decodeEntities(part: string): { text: string; bad: string | null } {
  let bad: string | null = null;
  const text = part.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][\w.-]*);/g, (all, name: string) => {
    if (name.startsWith('#')) {
      const cp = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) return String.fromCodePoint(cp);
    } else if (Object.hasOwn(PREDEFINED, name)) return PREDEFINED[name]!;
    bad ??= all;
    return '';
  });
  return { text, bad };
}

/** One <lexeme> as read: the line it starts on, its graphemes and aliases (text), whether it gives a phoneme, its first unknown entity. */
type Lexeme = { line: number; graphemes: string[]; aliases: string[]; phoneme: boolean; badEntity: string | null };

/** Where the scan found the file not well-formed (set once; the scan stops there). */
type Fault = { error: NotXml | null };
/** A NotXml without its place (each member of the union on its own). */
type Problem<E = NotXml> = E extends unknown ? Omit<E, 'line' | 'column' | 'code'> : never;

const NAME = /^\/?(?:[\w.-]+:)?([\w.-]+)/;
const QNAME = /^\/?([\w.:-]+)/;
/** A reference as XML writes one (whether its entity is known is decodeEntities' question). */
const REFERENCE = /&(?:#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_:][\w.:-]*);/y;
const clean = (parts: readonly string[]) => parts.join('').replace(/\s+/g, ' ').trim();

/**
 * The lexemes of a PLS document, in one pass from left to right: markup is found with indexOf and
 * each character is visited a bounded number of times (`meter.steps` counts them), so the time is
 * linear in the file whatever it holds (unclosed CDATA, comments or elements, a million empty
 * lexemes). Comments, processing instructions and markup other than lexeme, grapheme, alias and
 * phoneme are skipped; inside a grapheme or alias, other tags are dropped and their text kept.
 * Well-formedness is checked on the way (issue 39): tags nest and close, nothing is left open at the end,
 * one root, no bare `&` or `<`. The first fault is put in `fault` with its line and column, and the scan stops.
 */
function* lexemes(xml: string, meter: ReadMeter, onRoot: (tag: string) => void, fault: Fault): Generator<Lexeme, void, undefined> {
  const n = xml.length;
  let i = 0;
  let line = 1;
  let lineStart = 0;
  let nextBreak = xml.indexOf('\n');
  /** The 1-based line of `at` (at never goes back: each line break is found once). */
  const lineOf = (at: number) => {
    while (nextBreak >= 0 && nextBreak < at) {
      line++;
      lineStart = nextBreak + 1;
      nextBreak = xml.indexOf('\n', lineStart);
      meter.steps += (nextBreak < 0 ? n : nextBreak) - lineStart;
    }
    return line;
  };
  /** The fault at `at`: its line, and its column in characters (a surrogate pair is one). */
  const fail = (at: number, what: Problem) => {
    const atLine = lineOf(at);
    let column = 1;
    for (let k = lineStart; k < at; k++) {
      const c = xml.charCodeAt(k);
      if (c < 0xdc00 || c > 0xdfff) column++;
    }
    meter.steps += at - lineStart;
    fault.error = { line: atLine, column, code: 'notXml', ...what } as NotXml;
  };
  /** Where `close` ends after `from`, the scan counted; -1 when it never does. */
  const skipTo = (close: string, from: number) => {
    const at = xml.indexOf(close, from);
    meter.steps += (at < 0 ? n : at + close.length) - from;
    return at < 0 ? -1 : at + close.length;
  };
  // The next & at or after the scan (n: none left): found once each, so checking text for a bare & stays linear.
  let nextAmp = -1;
  /** The first bare & in [from, to): its index, or -1. */
  const bareAmpersand = (from: number, to: number) => {
    for (;;) {
      if (nextAmp < from) {
        const at = xml.indexOf('&', from);
        meter.steps += (at < 0 ? n : at) - from;
        nextAmp = at < 0 ? n : at;
      }
      if (nextAmp >= to) return -1;
      REFERENCE.lastIndex = nextAmp;
      if (!REFERENCE.test(xml)) return nextAmp;
      meter.steps += REFERENCE.lastIndex - nextAmp;
      from = REFERENCE.lastIndex;
    }
  };
  /** The elements open, innermost last, with the line each starts on. */
  const openElements: { name: string; line: number }[] = [];
  let rootClosed = false;
  let lexeme: Lexeme | null = null;
  // The grapheme or alias whose text is being read. Kept in an object: TypeScript narrows a `let` to its
  // first value across the generator's loop and its closure.
  const open: { capture: { kind: 'grapheme' | 'alias'; parts: string[] } | null } = { capture: null };
  let rootSeen = false;
  const text = (raw: string, cdata: boolean) => {
    if (!open.capture || !lexeme) return;
    if (cdata) open.capture.parts.push(raw);
    else {
      const { text, bad } = decodeEntities(raw);
      lexeme.badEntity ??= bad;
      open.capture.parts.push(text);
    }
  };
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    meter.steps += textEnd - i;
    if (textEnd > i) {
      if (openElements.length === 0) {
        // Outside the root only white space may stand (a BOM too).
        const solid = xml.slice(i, textEnd).search(/[^\s\uFEFF]/);
        if (solid >= 0) return fail(i + solid, { problem: 'outsideRoot' });
      }
      const amp = bareAmpersand(i, textEnd);
      if (amp >= 0) return fail(amp, { problem: 'bareAmpersand' });
      if (open.capture) text(xml.slice(i, textEnd), false);
    }
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) {
      i = skipTo('-->', lt + 4);
      if (i < 0) return fail(lt, { problem: 'endsInComment' });
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (end < 0) {
        meter.steps += n - lt;
        return fail(lt, { problem: 'endsInCdata' });
      }
      meter.steps += end - lt;
      if (openElements.length === 0) return fail(lt, { problem: 'outsideRoot' });
      if (open.capture) text(xml.slice(lt + 9, end), true);
      i = end + 3;
      continue;
    }
    if (xml.startsWith('<?', lt)) {
      i = skipTo('?>', lt + 2);
      if (i < 0) return fail(lt, { problem: 'endsInPi' });
      continue;
    }
    const gt = xml.indexOf('>', lt + 1);
    if (gt < 0) {
      meter.steps += n - lt;
      return fail(lt, { problem: 'endsInTag' });
    }
    meter.steps += gt + 1 - lt;
    const tag = xml.slice(lt + 1, gt);
    const qname = QNAME.exec(tag)?.[1];
    if (qname === undefined) return fail(lt, { problem: 'bareLessThan' });
    const name = NAME.exec(tag)?.[1];
    const closing = tag.startsWith('/');
    const empty = !closing && tag.endsWith('/');
    if (closing) {
      const top = openElements.pop();
      if (!top) return fail(lt, { problem: 'strayClose', tag: qname });
      if (top.name !== qname) return fail(lt, { problem: 'mismatch', tag: qname, open: top.name, openLine: top.line });
      if (openElements.length === 0) rootClosed = true;
    } else {
      if (rootClosed) return fail(lt, { problem: 'outsideRoot' });
      if (!empty) openElements.push({ name: qname, line: lineOf(lt) });
      else if (openElements.length === 0) rootClosed = true;
    }
    i = gt + 1;
    if (name === 'lexicon' && !closing && !rootSeen) {
      rootSeen = true;
      onRoot(tag);
    } else if (!rootSeen) continue;
    else if (name === 'lexeme') {
      if (closing || empty) {
        const done = lexeme ?? (empty ? { line: lineOf(lt), graphemes: [], aliases: [], phoneme: false, badEntity: null } : null);
        lexeme = null;
        open.capture = null;
        if (done) yield done;
      } else {
        lexeme = { line: lineOf(lt), graphemes: [], aliases: [], phoneme: false, badEntity: null };
        open.capture = null;
      }
    } else if (lexeme && (name === 'grapheme' || name === 'alias')) {
      if (closing && open.capture?.kind === name) {
        (name === 'grapheme' ? lexeme.graphemes : lexeme.aliases).push(clean(open.capture.parts));
        open.capture = null;
      } else if (!closing && !open.capture) {
        if (empty) (name === 'grapheme' ? lexeme.graphemes : lexeme.aliases).push('');
        else open.capture = { kind: name, parts: [] };
      }
    } else if (lexeme && name === 'phoneme' && !closing) lexeme.phoneme = true;
  }
  // The file ends with an element open (cut off, or a closing tag forgotten): said, with the innermost one.
  const innermost = openElements.at(-1);
  if (innermost) fail(n, { problem: 'endsOpen', tag: innermost.name, openLine: innermost.line });
}

/**
 * The W3C PLS alias subset: each `<lexeme>`'s `<grapheme>`s become rules saying its first `<alias>`.
 * A tiny parser of its own (the same in the page, a worker and Node; DOMParser exists in none but
 * the page): a DOCTYPE or ENTITY declaration refuses the file, so no entity is ever expanded;
 * comments are skipped. PLS matches graphemes as words, case-sensitively, in the lexicon's xml:lang.
 * Bounded up front: MAX_LEXICON_FILE_CHARS read at most, MAX_LEXICON_ENTRIES lexemes, MAX_LEXICON_RULES rules,
 * a written or said text of MAX_RULE_TEXT_CHARS. Yields after each lexeme (a reader in slices pauses there).
 */
export function* readLexiconPls(input: string, meter: ReadMeter = { steps: 0 }): LexiconReading {
  if (input.length > MAX_LEXICON_FILE_CHARS) return { rules: [], errors: [{ line: 0, code: 'tooLarge' }] };
  if (/<!DOCTYPE|<!ENTITY/i.test(input)) return { rules: [], errors: [{ line: 0, code: 'doctype' }] };
  let lang: string | undefined;
  let rootSeen = false;
  const onRoot = (tag: string) => {
    rootSeen = true;
    lang = /\bxml:lang\s*=\s*["']([^"']*)["']/.exec(tag)?.[1]?.split('-')[0]?.toLowerCase();
  };
  const rules: LexiconRule[] = [];
  const errors: LexiconEntryError[] = [];
  const seen = new Map<string, number>();
  const fault: Fault = { error: null };
  let entries = 0;
  for (const { line, graphemes: allGraphemes, aliases, phoneme, badEntity } of lexemes(input, meter, onRoot, fault)) {
    yield;
    if (++entries > MAX_LEXICON_ENTRIES) {
      errors.push({ line, code: 'tooManyLines' });
      break;
    }
    if (badEntity !== null) {
      errors.push({ line, code: 'badEntity', entity: badEntity });
      continue;
    }
    const graphemes = allGraphemes.filter((g) => g !== '');
    const said = aliases.find((a) => a !== '');
    if (graphemes.length === 0) errors.push({ line, code: 'missingWritten' });
    if (said === undefined) errors.push({ line, code: phoneme ? 'phonemeOnly' : 'missingSaid' });
    if (graphemes.length === 0 || said === undefined) continue;
    if (!ruleTextFits(said)) {
      errors.push({ line, code: 'textTooLong', column: 'said', chars: countSourceTextChars(said), max: MAX_RULE_TEXT_CHARS });
      continue;
    }
    for (const written of graphemes) {
      if (!ruleTextFits(written)) {
        errors.push({ line, code: 'textTooLong', column: 'written', chars: countSourceTextChars(written), max: MAX_RULE_TEXT_CHARS });
        continue;
      }
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
  // Not XML says more than "no <lexicon>"; the entries read before the fault are kept, like those before a cap.
  if (fault.error) return { rules, errors: [...errors, fault.error] };
  if (!rootSeen) return { rules: [], errors: [{ line: 0, code: 'notPls' }] };
  return { rules, errors };
}

/** readLexiconPls at once (tests, Node). */
export const importLexiconPls = (input: string): LexiconImport => drain(readLexiconPls(input));

const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** One PLS document of an export: the rules of one scope (`language` unset: every language, written `und`). */
type PlsFile = { language: string | undefined; xml: string; rules: number; approximated: number[] };

/**
 * One PLS document per scope, in the order each scope first appears: PLS gives a lexicon one language
 * (`xml:lang`, required), so rules of several scopes cannot share a file without changing what they apply
 * to. Rules for every language go under `und`, which the import reads back as every language. PLS can say
 * neither "anywhere" nor "case-insensitive": such rules are still written, and listed (by index in `rules`)
 * in `approximated`.
 */
export function exportLexiconPls(rules: readonly LexiconRule[]): PlsFile[] {
  const scopes = new Map<string, { r: LexiconRule; i: number }[]>();
  rules.forEach((r, i) => {
    const scope = r.language ?? '';
    const list = scopes.get(scope);
    if (list) list.push({ r, i });
    else scopes.set(scope, [{ r, i }]);
  });
  return [...scopes].map(([scope, chosen]) => {
    const lexemes = chosen.map(
      ({ r }) => `  <lexeme>\n    <grapheme>${escapeXml(r.written)}</grapheme>\n    <alias>${escapeXml(r.said)}</alias>\n  </lexeme>\n`,
    );
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="${escapeXml(scope || 'und')}">\n` +
      lexemes.join('') +
      '</lexicon>\n';
    const approximated = chosen.filter(({ r }) => !r.wholeWord || !r.caseSensitive).map(({ i }) => i);
    return { language: scope || undefined, xml, rules: chosen.length, approximated };
  });
}
