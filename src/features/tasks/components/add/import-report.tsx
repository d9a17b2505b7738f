import { ignoreReasonText, type Extraction } from '../../model/extract-task-ids';
import type { AddResult } from '../../stores/watch-list-store';
import styles from '../tasks-page.module.css';

type Props = { source: string; extraction: Extraction; result: AddResult };

/** What an import added and, reason by reason, what it ignored. */
export function ImportReport({ source, extraction, result }: Props) {
  const found = extraction.ids.length;
  // Near-misses (wrong prefix, duplicates, …) are worth a look; the words and numbers around the IDs are not.
  const nearMisses = extraction.ignored.filter((g) => g.reason !== 'not-an-id');
  const ignored = nearMisses.reduce((n, g) => n + g.count, 0);
  const rest = extraction.ignored.find((g) => g.reason === 'not-an-id')?.count ?? 0;
  return (
    <div role="status" className={styles.importReport}>
      <p>
        <strong>
          {source}: added {result.added} task{result.added === 1 ? '' : 's'}
        </strong>
        {found === 0 ? ' — no task IDs found.' : ` (found ${found} task ID${found === 1 ? '' : 's'})`}
        {result.alreadyWatched > 0 && ` · ${result.alreadyWatched} already on the watch list`}
        {result.overLimit > 0 && ` · ${result.overLimit} not added: the watch list is full`}
      </p>
      {rest > 0 && (
        <p>
          The rest of the text ({rest.toLocaleString('en-US')} word{rest === 1 ? '' : 's'}, numbers or headers) held no task IDs.
        </p>
      )}
      {nearMisses.length > 0 && (
        <details>
          <summary>
            Ignored {ignored} item{ignored === 1 ? '' : 's'}
          </summary>
          <ul>
            {nearMisses.map((g) => (
              <li key={g.reason}>
                {g.count} {ignoreReasonText[g.reason]}: {g.examples.map((e) => `“${e}”`).join(', ')}
                {g.count > g.examples.length ? ', …' : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
