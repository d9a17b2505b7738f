import type { SortKey } from '../utils/task-rows';

type Props = {
  search: string;
  sort: SortKey;
  descending: boolean;
  onSearch: (v: string) => void;
  onSort: (key: SortKey, descending: boolean) => void;
};

const SORTS: Array<[SortKey, string]> = [
  ['list', 'Order added'],
  ['status', 'Status (needs attention first)'],
  ['progress', 'Progress'],
  ['updated', 'Last update'],
];

export function ListToolbar({ search, sort, descending, onSearch, onSort }: Props) {
  return (
    <div className="toolbar list-toolbar">
      <label>
        Search by ID{' '}
        <input type="search" value={search} onChange={(e) => onSearch(e.target.value)} placeholder="Service_AI_…" spellCheck={false} />
      </label>
      <label>
        Sort by{' '}
        <select value={sort} onChange={(e) => onSort(e.target.value as SortKey, descending)}>
          {SORTS.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-check">
        <input type="checkbox" checked={descending} onChange={(e) => onSort(sort, e.target.checked)} /> Descending
      </label>
    </div>
  );
}
