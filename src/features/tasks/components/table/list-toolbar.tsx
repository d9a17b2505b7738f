import { memo } from 'react';
import { SORT_OPTIONS } from './task-columns';
import styles from '../tasks-page.module.css';

type Props = {
  search: string;
  sort: string;
  descending: boolean;
  onSearch: (v: string) => void;
  onSort: (key: string, descending: boolean) => void;
};

/** Memoized: it would otherwise render (and have its inputs' attributes rewritten) with every poll update. */
export const ListToolbar = memo(function ListToolbar({ search, sort, descending, onSearch, onSort }: Props) {
  return (
    <div className={styles.toolbar}>
      <label>
        Search by ID{' '}
        <input type="search" value={search} onChange={(e) => onSearch(e.target.value)} placeholder="Service_AI_…" spellCheck={false} />
      </label>
      <label>
        Sort by{' '}
        <select value={sort} onChange={(e) => onSort(e.target.value, descending)}>
          {SORT_OPTIONS.map(({ key, label }) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.inlineCheck}>
        <input type="checkbox" checked={descending} onChange={(e) => onSort(sort, e.target.checked)} /> Descending
      </label>
    </div>
  );
});
