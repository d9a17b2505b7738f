import { memo, type ReactNode } from 'react';
import { taskErrorMeaningLabel } from '@/i18n/labels/task-labels';
import { navigate } from '@/lib/router';
import { statusGroupName, STATUS_GROUP_RANK } from '../../model/status-group';
import type { WatchedTask } from '../../model/task-rows';
import { copyAndAnnounce } from '../../stores/announcer-store';
import { OutcomeCell } from './task-status-cell';
import { EtaText, StatusCell, UpdatedTime } from './clock-cells';
import { progressVerdict } from '../../model/odd-values';
import { taskDetailsPath } from '../details/task-details-dialog';
import { TaskIdText } from './task-id-text';
import styles from '../board.module.css';

/** No clock here: the cells that change with time subscribe to it themselves (clock-cells.tsx), so a tick leaves the row alone. */
export type CellContext = {
  row: WatchedTask;
  stallMs: number;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  onRemove: (id: string) => void;
};

type HeaderContext = { allSelected: boolean; onSelectAll: (selected: boolean) => void };

type ExportValue = string | number | null;

export type TaskColumn = {
  id: string;
  header: string | ((ctx: HeaderContext) => ReactNode);
  cell: (ctx: CellContext) => ReactNode;
  /** What the cell reads from its context: it renders again only when one of these changes (a row's progress step leaves its checkbox and buttons alone). */
  shows: (ctx: CellContext) => readonly unknown[];
  className?: string;
  /** Offered in "Sort by" under this label; ties keep the watch-list order. */
  sort?: { label: string; compare: (a: WatchedTask, b: WatchedTask) => number };
  /** The fields this column adds to CSV and JSON exports, in order. */
  exported?: Record<string, (row: WatchedTask) => ExportValue>;
};

const progressCell = ({ row }: CellContext) => {
  const item = row.snapshot?.item;
  if (!item) return null;
  // Out of 0–100 cannot be true: the bar is held within its range, the words say what came.
  const odd = progressVerdict(item.taskProgress);
  return (
    <div className={styles.progress}>
      <div
        role="progressbar"
        aria-label={`Progress of ${row.id}`}
        aria-valuenow={row.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={odd ?? undefined}
        className={`${styles.bar} ${styles[`status-${row.group}`]}`}
      >
        <span style={{ transform: `scaleX(${row.progress / 100})` }} />
      </div>
      <span className={styles.progressText}>{odd ?? `${row.progress}%`}</span>
    </div>
  );
};

// formatExact's fields in one formatter made once (toLocaleString makes one per call): every visible row
// renders this each second. UpdatedTime calls it only for a time that can be true, which the formatter accepts.
const exactFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const exactTime = (at: number) => exactFormat.format(at);

const updatedCell = ({ row }: CellContext) => {
  const raw = row.snapshot?.item?.updateTime;
  return raw === undefined ? null : <UpdatedTime raw={raw} exact={exactTime} />;
};

const etaCell = ({ row, stallMs }: CellContext) => <EtaText snapshot={row.snapshot} stallMs={stallMs} />;

// Memoized: the header renders with every poll update, and React rewrites an input's type and name each time it renders one.
const SelectAll = memo(function SelectAll({ allSelected, onSelectAll }: HeaderContext) {
  return (
    <input type="checkbox" aria-label="Select all shown tasks" checked={allSelected} onChange={(e) => onSelectAll(e.target.checked)} />
  );
});

/** Every column of the task table, in order: the table, its rows, "Sort by" and the exports read this list. */
export const TASK_COLUMNS: readonly TaskColumn[] = [
  {
    id: 'select',
    header: (ctx) => <SelectAll {...ctx} />,
    cell: ({ row, selected, onSelect }) => (
      <input type="checkbox" aria-label={`Select ${row.id}`} checked={selected} onChange={(e) => onSelect(row.id, e.target.checked)} />
    ),
    shows: ({ row, selected, onSelect }) => [row.id, selected, onSelect],
  },
  {
    id: 'id',
    header: 'Task ID',
    className: styles.cellId,
    cell: ({ row }) => (
      <>
        {/* A button, not a link: a row's only link is its result (hostile-gateway tests hold it so); /tasks/<id> is still shareable. */}
        <button
          type="button"
          className={styles.idButton}
          aria-label={row.id}
          title={`${row.id}: timeline and last answer`}
          onClick={() => navigate(taskDetailsPath(row.id))}
        >
          <TaskIdText id={row.id} />
        </button>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={`Copy ${row.id}`}
          onClick={() => void copyAndAnnounce(row.id, row.id)}
        >
          Copy
        </button>
      </>
    ),
    shows: ({ row }) => [row.id],
    exported: { taskId: (r) => r.id },
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row, stallMs }) => <StatusCell row={row} stallMs={stallMs} />,
    // isStalled reads the status and when the answer last changed.
    shows: ({ row, stallMs }) => [row.group, row.snapshot?.item?.taskStatus, row.snapshot?.changedAt, row.snapshot?.wentBackFrom, stallMs],
    sort: {
      label: 'Status (needs attention first)',
      compare: (a, b) => STATUS_GROUP_RANK[a.group] - STATUS_GROUP_RANK[b.group],
    },
    exported: { taskStatus: (r) => r.snapshot?.item?.taskStatus ?? null, statusName: (r) => statusGroupName(r.group) },
  },
  {
    id: 'progress',
    header: 'Progress',
    cell: progressCell,
    shows: ({ row }) => [row.id, row.group, row.progress, row.snapshot?.item?.taskProgress],
    sort: { label: 'Progress', compare: (a, b) => a.progress - b.progress },
    exported: { taskProgress: (r) => (r.snapshot?.item ? r.progress : null) },
  },
  {
    id: 'outcome',
    header: 'Result or error',
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
    header: 'Last update',
    cell: updatedCell,
    shows: ({ row }) => [row.snapshot?.item?.updateTime],
    sort: { label: 'Last update', compare: (a, b) => (a.updateTime ?? -1) - (b.updateTime ?? -1) },
    exported: {
      updateTime: (r) => r.snapshot?.item?.updateTime ?? null,
      updateTimeIso: (r) => (r.updateTime !== null ? new Date(r.updateTime).toISOString() : null),
    },
  },
  { id: 'eta', header: 'ETA', cell: etaCell, shows: ({ row, stallMs }) => [row.snapshot, stallMs] },
  {
    id: 'remove',
    header: () => <span className="visually-hidden">Remove</span>,
    cell: ({ row, onRemove }) => (
      <button type="button" className={styles.iconButton} aria-label={`Remove ${row.id}`} onClick={() => onRemove(row.id)}>
        Remove
      </button>
    ),
    shows: ({ row, onRemove }) => [row.id, onRemove],
  },
];

/** "Order added" (the watch list's own order), then every sortable column. */
export const SORT_OPTIONS: ReadonlyArray<{ key: string; label: string }> = [
  { key: 'list', label: 'Order added' },
  ...TASK_COLUMNS.flatMap((c) => (c.sort ? [{ key: c.id, label: c.sort.label }] : [])),
];

export function compareBy(key: string): ((a: WatchedTask, b: WatchedTask) => number) | null {
  return TASK_COLUMNS.find((c) => c.id === key)?.sort?.compare ?? null;
}
