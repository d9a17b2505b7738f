import { TASK_ID_PREFIX } from '@/contract';
import { ignoreReasonText } from '../../model/extract-task-ids';
import type { TextAdded } from '../../stores/add-to-watch-list';
import { MAX_WATCHED_TASKS } from '../../stores/watch-list-store';
import styles from '../tasks-page.module.css';

type Props = { source: string } & TextAdded;

/** What an import added and, reason by reason, what it ignored. */
export function ImportReport({ source, extraction, result }: Props) {
  const found = extraction.ids.length;
  // Near-misses (wrong prefix, duplicates, …) are worth a look; the words and numbers around the IDs are not.
  const nearMisses = extraction.ignored.filter((g) => g.reason !== 'not-an-id');
  const ignored = nearMisses.reduce((n, g) => n + g.count, 0);
  const rest = extraction.ignored.find((g) => g.reason === 'not-an-id')?.count ?? 0;
  return (
    <>
      {found === 0 && (
        <p role="alert" className="field-error">
          {source}: no task IDs found. Task IDs start with {TASK_ID_PREFIX} (case-sensitive).
        </p>
      )}
      {result.overLimit > 0 && (
        <p role="alert" className="field-error">
          {result.overLimit.toLocaleString('en-US')} not added: the watch list is full (it holds at most{' '}
          {MAX_WATCHED_TASKS.toLocaleString('en-US')} tasks). Clear finished tasks to make room.
        </p>
      )}
      <div role="status" className={styles.importReport}>
        <p>
          <strong>
            {source}: added {result.added} task{result.added === 1 ? '' : 's'}
          </strong>
          {found > 0 && ` (found ${found} task ID${found === 1 ? '' : 's'})`}
          {result.alreadyWatched > 0 && ` · ${result.alreadyWatched} already on the watch list`}
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
    </>
  );
}
