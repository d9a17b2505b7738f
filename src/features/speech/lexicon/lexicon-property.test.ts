import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyLexicon, type LexiconRule } from './lexicon';
import { columns, MAX_LINE_COLUMNS, wrapLines } from '../subtitles/wrap-subtitle';

const piece = fc.constantFrom('a', 'A', 'b', 'ab', ' ', '.', '银', '行', '银行', 'é', 'NASA', '😀', '-');
const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
const rule = fc.record({
  written: fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join('')),
  said: fc.array(piece, { maxLength: 3 }).map((p) => p.join('')),
  wholeWord: fc.boolean(),
  caseSensitive: fc.boolean(),
});

describe('applyLexicon on any text and rules', () => {
  it('fired places do not overlap, and the text sent is the original with each fired place replaced by its rule', () => {
    fc.assert(
      fc.property(text, fc.array(rule, { maxLength: 5 }), (t, rules: LexiconRule[]) => {
        const { text: sent, fired } = applyLexicon(t, rules);
        let rebuilt = '';
        let at = 0;
        for (const f of fired) {
          expect(f.from).toBeGreaterThanOrEqual(at);
          expect(t.slice(f.from, f.to).length).toBeGreaterThan(0);
          rebuilt += t.slice(at, f.from) + rules[f.rule]!.said;
          expect(sent.slice(f.sentFrom, f.sentTo)).toBe(rules[f.rule]!.said);
          at = f.to;
        }
        expect(rebuilt + t.slice(at)).toBe(sent);
      }),
      { numRuns: 300 },
    );
  });
});

/** The first applyLexicon (every match of every rule collected, sorted, taken left to right), for rules that match anywhere. */
function allMatches(t: string, rules: readonly LexiconRule[]): string {
  const found: { rule: number; from: number; to: number }[] = [];
  for (const [i, r] of rules.entries()) {
    const re = new RegExp(r.written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), r.caseSensitive ? 'gu' : 'giu');
    for (let m = re.exec(t); m !== null; m = re.exec(t)) {
      found.push({ rule: i, from: m.index, to: m.index + m[0].length });
      re.lastIndex = m.index + (t.codePointAt(m.index)! > 0xffff ? 2 : 1);
    }
  }
  found.sort((a, b) => a.from - b.from || b.to - b.from - (a.to - a.from) || a.rule - b.rule);
  let out = '';
  let at = 0;
  for (const m of found) {
    if (m.from < at) continue;
    out += t.slice(at, m.from) + rules[m.rule]!.said;
    at = m.to;
  }
  return out + t.slice(at);
}

describe('applyLexicon against collecting every match (issue 36: it now walks one cursor per rule)', () => {
  it('sends the same text', () => {
    const anywhere = rule.map((r) => ({ ...r, wholeWord: false }));
    fc.assert(
      fc.property(text, fc.array(anywhere, { maxLength: 6 }), (t, rules: LexiconRule[]) => {
        expect(applyLexicon(t, rules).text).toBe(allMatches(t, rules));
      }),
      { numRuns: 500 },
    );
  });
});

describe('wrapLines on any text', () => {
  it('keeps every line within 42 columns and every character but spaces, in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('word ', 'longerword ', '汉', '字', '，', '。', 'x'.repeat(50), ' ', 'é'), { maxLength: 60 }),
        (parts) => {
          const t = parts.join('');
          const lines = wrapLines(t);
          for (const l of lines) expect(columns(l)).toBeLessThanOrEqual(MAX_LINE_COLUMNS);
          expect(lines.join('').replace(/\s/g, '')).toBe(t.replace(/\s/g, ''));
        },
      ),
      { numRuns: 300 },
    );
  });
});
