import { useMemo } from 'react';
import { TASK_ID_PREFIX } from '@/contract';
import { taskViewStore, type TaskView } from '../../hooks/use-task-view';
import { statusGroupName } from '../../model/status-group';
import { ignoreReasonText } from '../../model/extract-task-ids';
import type { TextAdded } from '../../stores/add-to-watch-list';
import { MAX_WATCHED_TASKS } from '../../stores/watch-list-store';
import styles from '../tasks-page.module.css';

type Props = { source: string } & TextAdded;

/** How many of `ids` the list's search hides (by ID, as the table filters), and the status filter if one is on. */
function hiddenBy(ids: readonly string[], { search, statuses }: TaskView): { bySearch: number; statuses: string | null } {
  const needle = search.trim().toLowerCase();
  const bySearch = needle ? ids.reduce((n, id) => (id.toLowerCase().includes(needle) ? n : n + 1), 0) : 0;
  return { bySearch, statuses: statuses.length > 0 ? statuses.map(statusGroupName).join(', ') : null };
}

function showAll() {
  taskViewStore.update({ search: '', statuses: [] });
  // The note and its button go once nothing is hidden: focus goes back to the field the IDs came from.
  document.getElementById('task-ids-input')?.focus();
}

/**
 * Said where the operator is looking when a kept search or status filter hides what was just added
 * (the list's count, "3 of 258 shown", was the only sign), with the way to show everything.
 */
function HiddenNote({ ids }: { ids: readonly string[] }) {
  const view = taskViewStore.use();
  const { bySearch, statuses } = useMemo(() => hiddenBy(ids, view), [ids, view]);
  if (bySearch === 0 && !statuses) return null;
  return (
    <p>
      {bySearch > 0 && `${bySearch.toLocaleString('en-US')} of them hidden by the search “${view.search.trim()}”. `}
      {statuses && `A status filter is on (${statuses}): tasks with another status are hidden. `}
      <button type="button" onClick={showAll}>
        Show all tasks
      </button>
    </p>
  );
}

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
        {found > 0 && <HiddenNote ids={extraction.ids} />}
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
