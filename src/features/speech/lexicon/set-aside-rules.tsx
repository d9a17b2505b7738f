import { useT } from '@/hooks/use-t';
import { ruleApplied, type LexiconRule } from './lexicon';
import { MAX_RULE_TEXT_CHARS } from './lexicon-limits';

/** Rules named in the notice: the rest are counted. */
const NAMED = 5;
const NAME_CHARS = 40;

/**
 * The rules kept but not applied because a text of theirs is over MAX_RULE_TEXT_CHARS (stored before
 * the cap, issue 36), said where the operator writes the text: they stay in the list and exports.
 */
export function SetAsideRules({ rules }: { rules: readonly LexiconRule[] }) {
  const t = useT();
  const setAside = rules.filter((r) => !ruleApplied(r));
  if (setAside.length === 0) return null;
  const names = setAside.slice(0, NAMED).map((r) => (r.written.length > NAME_CHARS ? `${r.written.slice(0, NAME_CHARS)}…` : r.written));
  return (
    <p role="alert" className="field-error">
      {t('speech.lexicon.bounds.setAside', {
        count: setAside.length,
        max: MAX_RULE_TEXT_CHARS,
        written: setAside.length > NAMED ? `${names.join(', ')}, …` : names.join(', '),
      })}
    </p>
  );
}
