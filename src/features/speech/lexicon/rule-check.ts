import type { LexiconRule } from './lexicon';
import { MAX_LEXICON_RULES, ruleKey } from './files/lexicon-csv';
import { ruleTextFits } from './lexicon-limits';

/** A rule as the editor's fields hold it. */
export type RuleDraft = { written: string; said: string; wholeWord: boolean; caseSensitive: boolean; language: string };

export const EMPTY_DRAFT: RuleDraft = { written: '', said: '', wholeWord: true, caseSensitive: false, language: '' };

/** Why the editor cannot take a rule, by field (codes for the catalog). */
type RuleProblems = Partial<{
  written: 'missingWritten' | 'duplicate' | 'tooLong';
  said: 'missingSaid' | 'tooLong';
  language: 'badLanguage';
  rules: 'tooMany';
}>;

const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

export const draftOf = (r: LexiconRule): RuleDraft => ({ ...r, language: r.language ?? '' });

/** The rule a draft makes: outer spaces off, language lower-cased ("zh-CN" → "zh-cn", as the import does). */
export function ruleOf(d: RuleDraft): LexiconRule {
  const language = d.language.trim().toLowerCase();
  return {
    written: d.written.trim(),
    said: d.said.trim(),
    wholeWord: d.wholeWord,
    caseSensitive: d.caseSensitive,
    ...(language ? { language } : {}),
  };
}

/**
 * What stops a draft from joining `rules` (or replacing `rules[editing]`): empty written or said, one
 * longer than MAX_RULE_TEXT_CHARS, a
 * language that is not a code, the same rule already there (the index of the one it repeats), the
 * list full. Empty when it can be saved.
 */
export function checkRule(
  d: RuleDraft,
  rules: readonly LexiconRule[],
  editing: number | null,
): { problems: RuleProblems; repeats?: number } {
  const rule = ruleOf(d);
  const problems: RuleProblems = {};
  if (rule.written === '') problems.written = 'missingWritten';
  else if (!ruleTextFits(rule.written)) problems.written = 'tooLong';
  if (rule.said === '') problems.said = 'missingSaid';
  else if (!ruleTextFits(rule.said)) problems.said = 'tooLong';
  if (rule.language && !LANGUAGE.test(rule.language)) problems.language = 'badLanguage';
  if (editing === null && rules.length >= MAX_LEXICON_RULES) problems.rules = 'tooMany';
  const key = ruleKey(rule);
  const repeats = rules.findIndex((r, i) => i !== editing && ruleKey(r) === key);
  if (!problems.written && repeats >= 0) return { problems: { ...problems, written: 'duplicate' }, repeats };
  return { problems };
}

type Merged = { rules: LexiconRule[]; added: number; alreadyThere: number; notAdded: number };

/** An imported file's rules after the ones there: a rule already there is kept once, past the limit the rest is counted, not added. */
export function mergeRules(existing: readonly LexiconRule[], imported: readonly LexiconRule[]): Merged {
  const rules = [...existing];
  const keys = new Set(existing.map(ruleKey));
  let alreadyThere = 0;
  let notAdded = 0;
  for (const rule of imported) {
    const key = ruleKey(rule);
    if (keys.has(key)) alreadyThere++;
    else if (rules.length >= MAX_LEXICON_RULES) notAdded++;
    else {
      keys.add(key);
      rules.push(rule);
    }
  }
  return { rules, added: rules.length - existing.length, alreadyThere, notAdded };
}
