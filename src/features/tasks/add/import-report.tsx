import { useMemo } from 'react';
import { TASK_ID_PREFIX } from '@/contract';
import { type MessageKey, type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import {
  taskQueryStore,
  queryToControls,
  withSearch,
  withStatuses,
  type ControlsState,
  parseQuery,
  compileContains,
  globMatches,
} from '../query';
import { STATUS_GROUP_KEY, MAX_TASK_ID_LENGTH, type IgnoreReason } from '../task';
import type { TextAdded } from './add-to-watch-list';
import { ADD_FIELD_ID } from './add-field-id';
import { MAX_WATCHED_TASKS } from '../watch-list';
import styles from './add.module.css';

type Props = { source: string } & TextAdded;

const REASON_KEY: Record<IgnoreReason, MessageKey> = {
  duplicate: 'tasks.report.reason.duplicate',
  'wrong-prefix': 'tasks.report.reason.wrongPrefix',
  'prefix-only': 'tasks.report.reason.prefixOnly',
  'too-long': 'tasks.report.reason.tooLong',
  'not-an-id': 'tasks.report.reason.notAnId',
};
const reasonText = (t: Translate, reason: IgnoreReason) => t(REASON_KEY[reason], { prefix: TASK_ID_PREFIX, max: MAX_TASK_ID_LENGTH });

/**
 * How many of `ids` the list's search hides (its plain free text, matched as the table filters: each word in the ID),
 * and the status filter if one is on.
 */
function hiddenBy(
  ids: readonly string[],
  query: string,
  { statuses }: ControlsState,
  t: Translate,
): { bySearch: number; statuses: string | null } {
  const words = parseQuery(query).query.terms.flatMap((term) =>
    term.kind === 'text' && !term.negated ? [compileContains(term.text)] : [],
  );
  const bySearch = words.length ? ids.reduce((n, id) => (words.every((w) => globMatches(w, id)) ? n : n + 1), 0) : 0;
  const names = statuses.map((s) => t(STATUS_GROUP_KEY[s]));
  return { bySearch, statuses: names.length > 0 ? names.join(t('tasks.report.sep')) : null };
}

function showAll() {
  taskQueryStore.save(withSearch(withStatuses(taskQueryStore.get(), []), ''));
  // The note and its button go once nothing is hidden: focus goes back to the field the IDs came from.
  document.getElementById(ADD_FIELD_ID)?.focus();
}

/**
 * Said where the operator is looking when a kept search or status filter hides what was just added
 * (the list's count, "3 of 258 shown", was the only sign), with the way to show everything.
 */
function HiddenNote({ ids }: { ids: readonly string[] }) {
  const t = useT();
  const query = taskQueryStore.use();
  const view = useMemo(() => queryToControls(query), [query]);
  const { bySearch, statuses } = useMemo(() => hiddenBy(ids, query, view, t), [ids, query, view, t]);
  if (bySearch === 0 && !statuses) return null;
  return (
    <p>
      {bySearch > 0 && t('tasks.report.bySearch', { count: bySearch, search: view.search.trim() })}
      {statuses && t('tasks.report.byStatus', { statuses })}
      <button type="button" onClick={showAll}>
        {t('tasks.report.showAll')}
      </button>
    </p>
  );
}

/** What an import added and, reason by reason, what it ignored. */
export function ImportReport({ source, extraction, result }: Props) {
  const t = useT();
  const found = extraction.ids.length;
  // Near-misses (wrong prefix, duplicates, …) are worth a look; the words and numbers around the IDs are not.
  const nearMisses = extraction.ignored.filter((g) => g.reason !== 'not-an-id');
  const ignored = nearMisses.reduce((n, g) => n + g.count, 0);
  const rest = extraction.ignored.find((g) => g.reason === 'not-an-id')?.count ?? 0;
  const sep = t('tasks.report.sep');
  return (
    <>
      {found === 0 && (
        <p role="alert" className="field-error">
          {t('tasks.report.noIds', { source, prefix: TASK_ID_PREFIX })}
        </p>
      )}
      {result.overLimit > 0 && (
        <p role="alert" className="field-error">
          {t('tasks.report.overLimit', { count: result.overLimit, max: MAX_WATCHED_TASKS })}
        </p>
      )}
      <div role="status" className={styles.importReport}>
        <p>
          <strong>{t('tasks.report.added', { source, count: result.added })}</strong>
          {found > 0 && t('tasks.report.found', { count: found })}
          {result.alreadyWatched > 0 && t('tasks.report.already', { count: result.alreadyWatched })}
        </p>
        {found > 0 && <HiddenNote ids={extraction.ids} />}
        {rest > 0 && <p>{t('tasks.report.rest', { count: rest })}</p>}
        {nearMisses.length > 0 && (
          <details>
            <summary>{t('tasks.report.ignored', { count: ignored })}</summary>
            <ul>
              {nearMisses.map((g) => (
                <li key={g.reason}>
                  {t('tasks.report.group', {
                    count: g.count,
                    reason: reasonText(t, g.reason),
                    examples: g.examples.map((e) => `“${e}”`).join(sep) + (g.count > g.examples.length ? `${sep}…` : ''),
                  })}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </>
  );
}
