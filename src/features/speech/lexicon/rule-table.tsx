import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '@/hooks/use-t';
import { ruleApplied, type LexiconRule } from './lexicon';
import { MAX_RULE_TEXT_CHARS } from './lexicon-limits';
import styles from './lexicon.module.css';

/**
 * Rows drawn at a time. A 2,000-rule import drew 2,000 rows (12,000 cells, 4,000 buttons) in one
 * task of 226–287 ms on this machine; 100 rows keep each draw far under the 200 ms the issue allows.
 */
const RULE_ROWS_PER_PAGE = 100;

/** A rule's text as the table shows it: a text stored before the cap is cut, so one rule cannot fill the page. */
export const shownRuleText = (text: string) => (text.length > MAX_RULE_TEXT_CHARS ? `${text.slice(0, MAX_RULE_TEXT_CHARS)}…` : text);

type Props = {
  rules: readonly LexiconRule[];
  labelledBy: string;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
};

/** The rules as a table, the first RULE_ROWS_PER_PAGE of them, then "Show more" a page at a time. */
export function RuleTable({ rules, labelledBy, onEdit, onRemove }: Props) {
  const t = useT();
  const [limit, setLimit] = useState(RULE_ROWS_PER_PAGE);
  const body = useRef<HTMLTableSectionElement>(null);
  // The first row a "Show more" revealed takes focus (the button may go with the last page).
  const focusRow = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (focusRow.current === null) return;
    body.current?.rows[focusRow.current]?.querySelector('button')?.focus();
    focusRow.current = null;
  }, [limit]);

  const shown = rules.slice(0, limit);
  const more = Math.min(RULE_ROWS_PER_PAGE, rules.length - shown.length);
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">{t('speech.lexicon.col.written')}</th>
              <th scope="col">{t('speech.lexicon.col.said')}</th>
              <th scope="col">{t('speech.lexicon.col.wholeWord')}</th>
              <th scope="col">{t('speech.lexicon.col.caseSensitive')}</th>
              <th scope="col">{t('speech.lexicon.col.language')}</th>
              <th scope="col">{t('speech.lexicon.col.actions')}</th>
            </tr>
          </thead>
          <tbody ref={body}>
            {shown.map((r, i) => (
              <tr key={`${i}:${r.written}`}>
                <td>{shownRuleText(r.written)}</td>
                <td>
                  {shownRuleText(r.said)}
                  {!ruleApplied(r) && (
                    <span className={styles.notApplied}>{t('speech.lexicon.bounds.notApplied', { max: MAX_RULE_TEXT_CHARS })}</span>
                  )}
                </td>
                <td>{r.wholeWord ? t('speech.lexicon.yes') : t('speech.lexicon.no')}</td>
                <td>{r.caseSensitive ? t('speech.lexicon.yes') : t('speech.lexicon.no')}</td>
                <td>{r.language ?? t('speech.lexicon.allLanguages')}</td>
                <td>
                  <span className={styles.actions}>
                    <button
                      type="button"
                      aria-label={t('speech.lexicon.editRule', { written: shownRuleText(r.written) })}
                      onClick={() => onEdit(i)}
                    >
                      {t('speech.lexicon.edit')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('speech.lexicon.deleteRule', { written: shownRuleText(r.written) })}
                      onClick={() => onRemove(i)}
                    >
                      {t('speech.lexicon.delete')}
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && (
        <p className={styles.more}>
          {t('speech.lexicon.showing', { shown: shown.length, count: rules.length })}{' '}
          <button
            type="button"
            onClick={() => {
              focusRow.current = shown.length;
              setLimit(shown.length + more);
            }}
          >
            {t('speech.lexicon.showMore', { count: more })}
          </button>
        </p>
      )}
    </>
  );
}
