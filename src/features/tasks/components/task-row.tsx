import { memo } from 'react';
import { estimateRemainingMs, isStalled } from '../utils/eta';
import { formatDuration, formatExact, formatRelative } from '../utils/format-time';
import type { TaskRow as Row } from '../utils/task-rows';
import { copyText } from '../stores/announcer-store';
import { useNow } from '../hooks/use-now';
import { OutcomeCell, StatusBadge } from './task-status-cell';

/** Fixed row height (px) the table windows by; tasks.css keeps every cell to it. */
export const ROW_HEIGHT = 52;

type Props = {
  row: Row;
  rowIndex: number;
  selected: boolean;
  changed: boolean;
  stallMs: number;
  onSelect: (id: string, selected: boolean) => void;
  onRemove: (id: string) => void;
};

export const TaskRow = memo(function TaskRow({ row, rowIndex, selected, changed, stallMs, onSelect, onRemove }: Props) {
  const now = useNow();
  const { id, snapshot } = row;
  const stalled = isStalled(snapshot, now, stallMs);
  const eta = snapshot ? estimateRemainingMs(snapshot, now) : null;
  return (
    <tr aria-rowindex={rowIndex + 2} className={changed ? 'row-changed' : undefined}>
      <td>
        <input type="checkbox" aria-label={`Select ${id}`} checked={selected} onChange={(e) => onSelect(id, e.target.checked)} />
      </td>
      <td className="cell-id">
        <code>{id}</code>
        <button type="button" className="icon-button" aria-label={`Copy ${id}`} onClick={() => void copyText(id, id)}>
          Copy
        </button>
      </td>
      <td>
        <StatusBadge row={row} stalled={stalled} />
      </td>
      <td>
        {snapshot?.item ? (
          <div className="progress">
            <div
              role="progressbar"
              aria-label={`Progress of ${id}`}
              aria-valuenow={row.progress}
              aria-valuemin={0}
              aria-valuemax={100}
              className={`bar status-${row.group}`}
            >
              <span style={{ width: `${row.progress}%` }} />
            </div>
            <span className="progress-text">{row.progress}%</span>
          </div>
        ) : null}
      </td>
      <td>
        <OutcomeCell row={row} />
      </td>
      <td>
        {row.updateTime !== null ? (
          <time dateTime={new Date(row.updateTime).toISOString()} title={formatExact(row.updateTime)}>
            {formatRelative(row.updateTime, now)}
          </time>
        ) : row.snapshot?.item ? (
          <span title="The gateway's updateTime is not a time this console can show">unknown</span>
        ) : null}
      </td>
      <td>{eta !== null ? (eta === 0 ? 'any moment' : `~${formatDuration(eta)}`) : null}</td>
      <td>
        <button type="button" className="icon-button" aria-label={`Remove ${id}`} onClick={() => onRemove(id)}>
          Remove
        </button>
      </td>
    </tr>
  );
});
