import { useDeferredValue, useMemo } from 'react';
import { outcomeOf } from '@/contract';
import { errorAdvice } from '../../model/error-advice';
import type { WatchedTask } from '../../model/task-rows';
import { CopyButton } from '../copy/copy-button';
import { timed } from '../../model/measure-cost';
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
  const groupedFor = useDeferredValue(ended);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on `ended`, see above
  const groups = useMemo(() => timed('overview: failures', () => groupFailures(rows)), [groupedFor]);
  return (
    <section aria-labelledby="failures-title" className={styles.failures}>
      <h3 id="failures-title">Failures by error code</h3>
      {groups.length === 0 ? (
        <p className={styles.hint}>No watched task has failed or been aborted.</p>
      ) : (
        <table className={styles.dataTable} aria-labelledby="failures-title">
          <thead>
            <tr>
              <th scope="col">Error code</th>
              <th scope="col">Meaning</th>
              <th scope="col">Tasks</th>
              <th scope="col">Retry advice</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.code}>
                <th scope="row">{g.code}</th>
                <td>{g.meaning}</td>
                <td>{g.ids.length}</td>
                <td>{g.advice}</td>
                <td>
                  <CopyButton
                    aria-label={`Copy IDs of tasks with error code ${g.code}`}
                    text={() => g.ids.join('\n')}
                    what={`${g.ids.length} ID${g.ids.length === 1 ? '' : 's'} with error code ${g.code}`}
                  >
                    Copy IDs
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
