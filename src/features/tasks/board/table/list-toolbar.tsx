import { memo, useState } from 'react';
import { TASK_ID_PREFIX } from '@/contract';
import { useT } from '@/hooks/use-t';
import { SORT_OPTIONS } from './task-columns';
import styles from '../board.module.css';

type Props = {
  search: string;
  sort: string;
  descending: boolean;
  onSearch: (v: string) => void;
  onSort: (key: string, descending: boolean) => void;
};

/** Memoized: it would otherwise render (and have its inputs' attributes rewritten) with every poll update. */
export const ListToolbar = memo(function ListToolbar({ search, sort, descending, onSearch, onSort }: Props) {
  const t = useT();
  const example = `${TASK_ID_PREFIX}_…`;
  // The field keeps what is typed (a trailing space, two spaces): the query holds it trimmed and quoted.
  // A search set elsewhere (the query box, a saved view) replaces it.
  const [typed, setTyped] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== typed.trim()) setTyped(search);
  }
  return (
    <div className={styles.toolbar}>
      <label>
        {t('tasks.list.search')}{' '}
        <input
          type="search"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            onSearch(e.target.value);
          }}
          placeholder={example}
          spellCheck={false}
        />
      </label>
      <label>
        {t('tasks.list.sort')}{' '}
        <select value={sort} onChange={(e) => onSort(e.target.value, descending)}>
          {SORT_OPTIONS.map(({ key, label }) => (
            <option key={key} value={key}>
              {t(label)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.inlineCheck}>
        <input type="checkbox" checked={descending} onChange={(e) => onSort(sort, e.target.checked)} /> {t('tasks.list.descending')}
      </label>
    </div>
  );
});
