import { memo, type ReactNode } from 'react';
import { taskErrorMeaningLabel } from '@/i18n/labels/task-labels';
import { t as translate, type MessageKey } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { navigate } from '@/lib/router';
import { STATUS_GROUP_KEY, progressVerdict, type Freshness } from '../../task';
import { SORT_KEYS, type WatchedTask } from '../../rows';
import { statusColors } from '../../overview';
import { copyAndAnnounce } from '../../announcer';
import { OutcomeCell } from './task-status-cell';
import { EtaText, StatusCell, UpdatedTime } from './clock-cells';
import { taskDetailsPath } from '../../details';
import { TaskIdText } from './task-id-text';
import styles from '../board.module.css';

/** No clock here: the cells that change with time subscribe to it themselves (clock-cells.tsx), so a tick leaves the row alone. */
export type CellContext = {
  row: WatchedTask;
  stallMs: number;
  /** Not `live` (updates failing, checks off): cells that count on the clock freeze at the last good check and say why. */
  freshness?: Freshness;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  onRemove: (id: string) => void;
};

type HeaderContext = { allSelected: boolean; onSelectAll: (selected: boolean) => void };

type ExportValue = string | number | null;
/** The fields of CSV and JSON exports: JSON keys as they are, CSV headers through EXPORT_HEADER (export-tasks.ts). */
export type ExportField =
  | 'taskId'
  | 'taskStatus'
  | 'statusName'
  | 'taskProgress'
  | 'errorCode'
  | 'errorMeaning'
  | 'targetVideoUrl'
  | 'updateTime'
  | 'updateTimeIso';

export type TaskColumn = {
  id: string;
  /** A message, or a node of its own (which speaks through useT). */
  header: MessageKey | ((ctx: HeaderContext) => ReactNode);
  cell: (ctx: CellContext) => ReactNode;
  /** What the cell reads from its context: it renders again only when one of these changes (a row's progress step leaves its checkbox and buttons alone). */
  shows: (ctx: CellContext) => readonly unknown[];
  className?: string;
  /** Offered in "Sort by" under this label: ascending by `key` (a number per row); ties keep the watch-list order. */
  sort?: { label: MessageKey; key: (row: WatchedTask) => number };
  /** The fields this column adds to CSV and JSON exports, in order. */
  exported?: Partial<Record<ExportField, (row: WatchedTask) => ExportValue>>;
};

// Cells with words are components: each renders again on a language switch (useT), which the row's memo would not do.
function ProgressCell({ row }: { row: WatchedTask }) {
  const t = useT();
  const f = useFormat();
  const item = row.snapshot?.item;
  if (!item) return null;
  // Out of 0–100 cannot be true: the bar is held within its range, the words say what came.
  const odd = progressVerdict(item.taskProgress) === null ? null : t('tasks.table.progressOdd', { raw: String(item.taskProgress) });
  return (
    <div className={styles.progress}>
      <div
        role="progressbar"
        aria-label={t('tasks.table.progressOf', { id: row.id })}
        aria-valuenow={row.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={odd ?? undefined}
        className={`${styles.bar} ${statusColors[`status-${row.group}`]}`}
      >
        <span style={{ transform: `scaleX(${row.progress / 100})` }} />
      </div>
      <span className={styles.progressText}>{odd ?? f.percent(row.progress / 100)}</span>
    </div>
  );
}

// The time's formatters are cached per locale and options (i18n/format.ts): every visible row renders this each second.
const updatedCell = ({ row }: CellContext) => {
  const raw = row.snapshot?.item?.updateTime;
  return raw === undefined ? null : <UpdatedTime raw={raw} />;
};

const etaCell = ({ row, stallMs, freshness = 'live' }: CellContext) => (
  <EtaText snapshot={row.snapshot} stallMs={stallMs} freshness={freshness} />
);

// Memoized: the header renders with every poll update, and React rewrites an input's type and name each time it renders one.
const SelectAll = memo(function SelectAll({ allSelected, onSelectAll }: HeaderContext) {
  const t = useT();
  return (
    <input type="checkbox" aria-label={t('tasks.table.selectAll')} checked={allSelected} onChange={(e) => onSelectAll(e.target.checked)} />
  );
});

function SelectCell({ row, selected, onSelect }: CellContext) {
  const t = useT();
  return (
    <input
      type="checkbox"
      aria-label={t('tasks.table.select', { id: row.id })}
      checked={selected}
      onChange={(e) => onSelect(row.id, e.target.checked)}
    />
  );
}

function IdCell({ row }: { row: WatchedTask }) {
  const t = useT();
  return (
    <>
      {/* A button, not a link: a row's only link is its result (hostile-gateway tests hold it so); /tasks/<id> is still shareable. */}
      <button
        type="button"
        className={styles.idButton}
        aria-label={row.id}
        title={t('tasks.table.details', { id: row.id })}
        onClick={() => navigate(taskDetailsPath(row.id))}
      >
        <TaskIdText id={row.id} />
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('tasks.table.copyId', { id: row.id })}
        onClick={() => void copyAndAnnounce(row.id, row.id)}
      >
        {t('tasks.table.copy')}
      </button>
    </>
  );
}

// Memoized: the header renders with every poll update (its select-all box), and this one has no props to change.
const RemoveHeader = memo(function RemoveHeader() {
  const t = useT();
  return <span className="visually-hidden">{t('tasks.table.remove')}</span>;
});

function RemoveCell({ id, onRemove }: { id: string; onRemove: (id: string) => void }) {
  const t = useT();
  return (
    <button type="button" className={styles.iconButton} aria-label={t('tasks.table.removeId', { id })} onClick={() => onRemove(id)}>
      {t('tasks.table.remove')}
    </button>
  );
}

/** Every column of the task table, in order: the table, its rows, "Sort by" and the exports read this list. */
export const TASK_COLUMNS: readonly TaskColumn[] = [
  {
    id: 'select',
    header: (ctx) => <SelectAll {...ctx} />,
    cell: (ctx) => <SelectCell {...ctx} />,
    shows: ({ row, selected, onSelect }) => [row.id, selected, onSelect],
  },
  {
    id: 'id',
    header: 'tasks.table.taskId',
    className: styles.cellId,
    cell: ({ row }) => <IdCell row={row} />,
    shows: ({ row }) => [row.id],
    exported: { taskId: (r) => r.id },
  },
  {
    id: 'status',
    header: 'tasks.table.status',
    cell: ({ row, stallMs }) => <StatusCell row={row} stallMs={stallMs} />,
    // isStalled reads the status, when the answer last changed and when it was last checked.
    shows: ({ row, stallMs }) => [
      row.group,
      row.snapshot?.item?.taskStatus,
      row.snapshot?.changedAt,
      row.snapshot?.checkedAt,
      row.snapshot?.wentBackFrom,
      stallMs,
    ],
    sort: { label: 'tasks.table.byStatus', key: SORT_KEYS.status },
    exported: { taskStatus: (r) => r.snapshot?.item?.taskStatus ?? null, statusName: (r) => translate(STATUS_GROUP_KEY[r.group]) },
  },
  {
    id: 'progress',
    header: 'tasks.table.progress',
    cell: ({ row }) => <ProgressCell row={row} />,
    shows: ({ row }) => [row.id, row.group, row.progress, row.snapshot?.item?.taskProgress],
    sort: { label: 'tasks.table.progress', key: SORT_KEYS.progress },
    exported: { taskProgress: (r) => (r.snapshot?.item ? r.progress : null) },
  },
  {
    id: 'outcome',
    header: 'tasks.table.outcome',
    cell: ({ row }) => <OutcomeCell row={row} />,
    shows: ({ row }) => [
      row.id,
      row.group,
      row.downloadUrl,
      row.snapshot?.problem,
      row.snapshot?.item?.taskStatus,
      row.snapshot?.item?.errorCode,
      row.snapshot?.item?.targetVideoUrl,
    ],
    exported: {
      errorCode: (r) => r.snapshot?.item?.errorCode ?? null,
      errorMeaning: (r) => {
        const code = r.snapshot?.item?.errorCode;
        return code ? (taskErrorMeaningLabel(code) ?? '') : '';
      },
      targetVideoUrl: (r) => r.snapshot?.item?.targetVideoUrl ?? null,
    },
  },
  {
    id: 'updated',
    header: 'tasks.table.updated',
    cell: updatedCell,
    shows: ({ row }) => [row.snapshot?.item?.updateTime],
    sort: { label: 'tasks.table.updated', key: SORT_KEYS.updated },
    exported: {
      updateTime: (r) => r.snapshot?.item?.updateTime ?? null,
      updateTimeIso: (r) => (r.updateTime !== null ? new Date(r.updateTime).toISOString() : null),
    },
  },
  { id: 'eta', header: 'tasks.table.eta', cell: etaCell, shows: ({ row, stallMs, freshness }) => [row.snapshot, stallMs, freshness] },
  {
    id: 'remove',
    header: () => <RemoveHeader />,
    cell: ({ row, onRemove }) => <RemoveCell id={row.id} onRemove={onRemove} />,
    shows: ({ row, onRemove }) => [row.id, onRemove],
  },
];

/** "Order added" (the watch list's own order), then every sortable column. */
export const SORT_OPTIONS: ReadonlyArray<{ key: string; label: MessageKey }> = [
  { key: 'list', label: 'tasks.list.byList' },
  ...TASK_COLUMNS.flatMap((c) => (c.sort ? [{ key: c.id, label: c.sort.label }] : [])),
];

export function sortKeyBy(key: string): ((row: WatchedTask) => number) | null {
  return TASK_COLUMNS.find((c) => c.id === key)?.sort?.key ?? null;
}
