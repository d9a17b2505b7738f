import type { ReactNode } from 'react';
import { useT } from '@/hooks/use-t';
import type { LexiconRule, Rewritten } from './lexicon';
import styles from './lexicon.module.css';

type Props = { id: string; rewritten: Rewritten; rules: readonly LexiconRule[] };

/** Most highlighted places drawn: past them the text is shown plain (a long text with a rule on every word stays light). */
const MAX_MARKS = 500;

/**
 * "Text sent": the text as the pronunciation rules rewrite it, what they put in highlighted, and
 * which rules fired (how often). Shown only when at least one rule fired.
 */
export function SentPreview({ id, rewritten, rules }: Props) {
  const t = useT();
  const { text, fired } = rewritten;
  if (fired.length === 0) return null;
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const [i, f] of fired.slice(0, MAX_MARKS).entries()) {
    pieces.push(text.slice(at, f.sentFrom), <mark key={i}>{text.slice(f.sentFrom, f.sentTo)}</mark>);
    at = f.sentTo;
  }
  pieces.push(text.slice(at));
  const times = new Map<number, number>();
  for (const f of fired) times.set(f.rule, (times.get(f.rule) ?? 0) + 1);
  const used = [...times.keys()].sort((a, b) => a - b);
  return (
    <section aria-labelledby={`${id}-title`} className={styles.preview} id={id}>
      <h3 id={`${id}-title`}>{t('speech.lexicon.preview.title')}</h3>
      <p className={styles.sentText}>{pieces}</p>
      <p className={styles.firedTitle}>{t('speech.lexicon.preview.applied', { count: used.length })}</p>
      <ul className={styles.fired}>
        {used.map((r) => {
          const rule = rules[r];
          if (!rule) return null;
          const count = times.get(r)!;
          const words = { written: rule.written, said: rule.said };
          return (
            <li key={r}>{count > 1 ? t('speech.lexicon.preview.times', { ...words, count }) : t('speech.lexicon.preview.rule', words)}</li>
          );
        })}
      </ul>
    </section>
  );
}
