import { useDeferredValue, useMemo } from 'react';
import { outcomeOf } from '@/contract';
import { useLocale, useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { errorAdvice } from '../task';
import type { WatchedTask } from '../rows';
import { CopyButton } from '../copy';
import { timed } from '../history';
import styles from './overview.module.css';

type FailureGroup = { code: number; meaning: string; advice: string; ids: string[] };

/** Failed and Aborted tasks grouped by errorCode, largest group first. */
function groupFailures(rows: readonly WatchedTask[]): FailureGroup[] {
  const byCode = new Map<number, string[]>();
  for (const r of rows) {
    const item = r.snapshot?.item;
    if (!item || outcomeOf(item.taskStatus) !== 'failure') continue;
    const ids = byCode.get(item.errorCode);
    if (ids) ids.push(r.id);
    else byCode.set(item.errorCode, [r.id]);
  }
  return [...byCode].map(([code, ids]) => ({ ...errorAdvice(code), ids })).sort((a, b) => b.ids.length - a.ids.length || a.code - b.code);
}

/**
 * `ended` changes when the list's length or its Failed or Aborted counts do. Poll updates write the
 * rows, but failures only change with those (both statuses are final), so 100,000 rows are not
 * grouped again on every poll. The grouping is deferred (a render of its own after the update's):
 * at the end of a first cycle of 100,000 tasks it took 9–15 ms of what was a task over 50 ms.
 */
export function FailuresTable({ rows, ended }: { rows: readonly WatchedTask[]; ended: string }) {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  const groupedFor = useDeferredValue(ended);
  // Grouped again on a switch of language too: each group holds its meaning and advice in words.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on `ended`, see above
  const groups = useMemo(() => timed('overview: failures', () => groupFailures(rows)), [groupedFor, locale]);
  return (
    <section aria-labelledby="failures-title" className={styles.failures}>
      <h3 id="failures-title">{t('tasks.failures.title')}</h3>
      {groups.length === 0 ? (
        <p className={styles.hint}>{t('tasks.failures.empty')}</p>
      ) : (
        <table className={styles.dataTable} aria-labelledby="failures-title">
          <thead>
            <tr>
              <th scope="col">{t('tasks.failures.code')}</th>
              <th scope="col">{t('tasks.failures.meaning')}</th>
              <th scope="col">{t('tasks.failures.tasks')}</th>
              <th scope="col">{t('tasks.failures.advice')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('tasks.failures.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.code}>
                <th scope="row">{g.code}</th>
                <td>{g.meaning}</td>
                <td>{f.number(g.ids.length)}</td>
                <td>{g.advice}</td>
                <td>
                  <CopyButton
                    aria-label={t('tasks.failures.copyLabel', { code: String(g.code) })}
                    text={() => g.ids.join('\n')}
                    what={t('tasks.failures.copyWhat', { count: g.ids.length, code: String(g.code) })}
                  >
                    {t('tasks.failures.copy')}
                  </CopyButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
