import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useT } from '@/hooks/use-t';
import { useTrueAfter } from '@/hooks/use-true-after';
import type { WatchedTask } from '../../rows';
import type { Freshness } from '../../task';
import { queryToControls, withSearch, withSort, codesSeen, QueryBox } from '../../query';
import { useQueryRows } from './use-query-rows';
import { removeFromWatchList } from '../../watch-list';
import { ListToolbar } from './list-toolbar';
import { BulkActions } from './bulk-actions';
import { TaskTable } from './task-table';
import { SORT_OPTIONS } from './task-columns';
import styles from '../board.module.css';

/** How long a query's rows may take to come before the list says it is filtering (about what reads as at once). */
const FILTERING_SAID_AFTER_MS = 150;

type Props = {
  rows: readonly WatchedTask[];
  /** Grows when a poll update writes `rows` in place (see board-rows.ts): the memos over the rows key on it. */
  version: number;
  /** The watch list's query (filters and sort: docs/query-language.md); the query box, search field and sort write it. */
  query: string;
  onQuery: (text: string) => void;
  changed: ReadonlySet<string>;
  stallMs: number;
  freshness: Freshness;
};

export function TaskList({ rows, version, query, onQuery, changed, stallMs, freshness }: Props) {
  const t = useT();
  // The list follows a new query in a render React may split and interrupt (the box, chips and search field follow at once):
  // filtering and drawing 100,000 rows again is then no long task on the keystroke that committed it.
  const listQuery = useDeferredValue(query);
  const { shown, counts, filtering: reading, resultShown, parsed } = useQueryRows(rows, version, listQuery, stallMs);
  // A query that filters says so in the heading even when it keeps every row ("3 of 3 shown"): one on times alone
  // would otherwise leave no mark there. Not while its rows are read: the rows shown are still the last query's.
  const filtered = !reading && parsed.query.terms.length > 0;
  // Until the list has drawn the query as it is now: React has yet to render it, or rows remain to be read.
  const filtering = reading || listQuery !== query;
  // Said (and the list marked busy) once that takes a moment, while the last result stays in view: a commit whose rows
  // come in a few milliseconds (the list's worker at 100,000 rows) writes nothing to the page before its rows. Before
  // the first result there is nothing else to read: said at once.
  const saysFiltering = useTrueAfter(filtering, resultShown ? FILTERING_SAID_AFTER_MS : 0);
  // The controls show the query as it is now, not as the list last drew it.
  const { search, sort, descending } = useMemo(() => queryToControls(query), [query]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedRows = useMemo(
    () => (selected.size ? rows.filter((r) => selected.has(r.id)) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version: poll updates write the rows array in place
    [rows, version, selected],
  );

  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  // The rows shown when the operator clicks, without a new callback (and header re-render) on every poll.
  const shownNow = useRef(shown);
  // The same for the query (the controls edit the latest text) and the rows (the codes offered after `code:`).
  const queryNow = useRef(query);
  const rowsNow = useRef({ rows, version });
  useLayoutEffect(() => {
    shownNow.current = shown;
    queryNow.current = query;
    rowsNow.current = { rows, version };
  }, [shown, query, rows, version]);
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const onSelectAll = useCallback((on: boolean) => setSelected(on ? new Set(shownNow.current.map((r) => r.id)) : new Set()), []);
  const onSearch = useCallback((v: string) => onQuery(withSearch(queryNow.current, v)), [onQuery]);
  const onSort = useCallback((key: string, desc: boolean) => onQuery(withSort(queryNow.current, key, desc)), [onQuery]);
  // One pass over the rows per poll update at most, not one per keystroke after `code:`.
  const codesCache = useRef({ version: -1, codes: [] as readonly number[] });
  const codes = useCallback(() => {
    const { rows: now, version: v } = rowsNow.current;
    if (codesCache.current.version !== v) codesCache.current = { version: v, codes: codesSeen(now) };
    return codesCache.current.codes;
  }, []);
  const onRemove = useCallback(
    (id: string) => {
      removeFromWatchList([id]);
      onSelect(id, false);
    },
    [onSelect],
  );

  return (
    <section aria-labelledby="task-list-title" aria-busy={saysFiltering}>
      <h2 id="task-list-title">
        {t('tasks.list.title')}{' '}
        <span className={styles.hint}>
          {shown.length === rows.length && !filtered
            ? t('tasks.list.all', { count: rows.length })
            : t('tasks.list.some', { shown: shown.length, total: rows.length })}
          {saysFiltering && <span className={styles.filtering}>{t('tasks.list.filtering')}</span>}
        </span>
      </h2>
      <QueryBox query={query} onQuery={onQuery} codes={codes} sortOptions={SORT_OPTIONS} />
      <ListToolbar search={search} sort={sort} descending={descending} onSearch={onSearch} onSort={onSort} />
      <BulkActions
        rows={selectedRows.length ? selectedRows : shown}
        version={version}
        counts={selectedRows.length ? null : counts}
        scope={selectedRows.length ? 'selected' : 'shown'}
        onRemoved={clearSelection}
      />
      <TaskTable
        rows={shown}
        version={version}
        selected={selected}
        changed={changed}
        stallMs={stallMs}
        freshness={freshness}
        onSelect={onSelect}
        onSelectAll={onSelectAll}
        onRemove={onRemove}
      />
      {shown.length === 0 && !filtering && <p className={styles.hint}>{t('tasks.list.none')}</p>}
    </section>
  );
}
