import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useT } from '@/hooks/use-t';
import { queryRows, type WatchedTask } from '../../model/task-rows';
import type { StatusGroup } from '../../model/status-group';
import { removeFromWatchList } from '../../stores/watch-list-store';
import { ListToolbar } from './list-toolbar';
import { BulkActions } from './bulk-actions';
import { TaskTable } from './task-table';
import { compareBy, SORT_OPTIONS } from './task-columns';
import type { TaskView } from '../../hooks/use-task-view';
import styles from '../tasks-page.module.css';

type Props = {
  rows: readonly WatchedTask[];
  /** Grows when a poll update writes `rows` in place (see board-rows.ts): the memos over the rows key on it. */
  version: number;
  statuses: ReadonlySet<StatusGroup>;
  view: TaskView;
  onView: (patch: Partial<TaskView>) => void;
  changed: ReadonlySet<string>;
  stallMs: number;
  stale: boolean;
};

export function TaskList({ rows, version, statuses, view, onView, changed, stallMs, stale }: Props) {
  const t = useT();
  const { search, descending } = view;
  const sortKey = SORT_OPTIONS.some((o) => o.key === view.sort) ? view.sort : 'list';
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const shown = useMemo(
    () => queryRows(rows, { statuses, search }, compareBy(sortKey), descending),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version: poll updates write the rows array in place
    [rows, version, statuses, search, sortKey, descending],
  );
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
  useLayoutEffect(() => {
    shownNow.current = shown;
  }, [shown]);
  const onSelectAll = useCallback((on: boolean) => setSelected(on ? new Set(shownNow.current.map((r) => r.id)) : new Set()), []);
  const onSearch = useCallback((v: string) => onView({ search: v }), [onView]);
  const onSort = useCallback((key: string, desc: boolean) => onView({ sort: key, descending: desc }), [onView]);
  const onRemove = useCallback(
    (id: string) => {
      removeFromWatchList([id]);
      onSelect(id, false);
    },
    [onSelect],
  );

  return (
    <section aria-labelledby="task-list-title">
      <h2 id="task-list-title">
        {t('tasks.list.title')}{' '}
        <span className={styles.hint}>
          {shown.length === rows.length
            ? t('tasks.list.all', { count: rows.length })
            : t('tasks.list.some', { shown: shown.length, total: rows.length })}
        </span>
      </h2>
      <ListToolbar search={search} sort={sortKey} descending={descending} onSearch={onSearch} onSort={onSort} />
      <BulkActions
        rows={selectedRows.length ? selectedRows : shown}
        scope={selectedRows.length ? 'selected' : 'shown'}
        onRemoved={() => setSelected(new Set())}
      />
      <TaskTable
        rows={shown}
        selected={selected}
        changed={changed}
        stallMs={stallMs}
        stale={stale}
        onSelect={onSelect}
        onSelectAll={onSelectAll}
        onRemove={onRemove}
      />
      {shown.length === 0 && <p className={styles.hint}>{t('tasks.list.none')}</p>}
    </section>
  );
}
