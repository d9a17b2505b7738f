import { Suspense } from 'react';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { PanelBoundary } from '@/components/panel-boundary';
import { STATUS_GROUPS, statusGroupName, type Freshness, type StatusGroup } from '../task';
import { progressLine, type Summary, type WatchedTask } from '../rows';
import styles from './summary.module.css';
import statusColors from './status-colors.module.css';
import { loadBatchOverview } from './chunks';

// The charts and their library are a chunk of their own, fetched after the table is on screen.
const BatchOverview = lazyWithMessages('tasks', loadBatchOverview);

type Props = {
  rows: readonly WatchedTask[];
  summary: Summary;
  selected: ReadonlySet<StatusGroup>;
  onToggle: (group: StatusGroup) => void;
  /** Not `live`: the batch ETA stands at the last good check (`polledAt`) and says why. */
  freshness: Freshness;
  polledAt: number;
};

/** The usual chips, plus "Unknown status" and "Unreadable answer" while some task has one (or they are filtering). */
function groupsShown(summary: Summary, selected: ReadonlySet<StatusGroup>): readonly StatusGroup[] {
  const extra = (['unknown', 'invalid'] as const).filter((g) => (summary.counts.get(g) ?? 0) > 0 || selected.has(g));
  return [...STATUS_GROUPS, ...extra];
}

/** Counts per status that double as the status filter (several may be on). */
export function Overview({ rows, summary, selected, onToggle, freshness, polledAt }: Props) {
  const t = useT();
  const f = useFormat();
  const finished = summary.counts.get(4) ?? 0;
  const percent = summary.total ? Math.round((finished / summary.total) * 100) : 0;
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title">{t('tasks.board.title')}</h2>
      <p className={styles.overviewLine}>
        <strong>{progressLine(summary)}</strong>
      </p>
      <div
        className={styles.overallBar}
        role="progressbar"
        aria-label={t('tasks.board.overall')}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ transform: `scaleX(${percent / 100})` }} />
      </div>
      <div className={styles.statusChips} role="group" aria-label={t('tasks.board.filter')}>
        {groupsShown(summary, selected).map((g) => (
          <button
            key={g}
            type="button"
            className={`${styles.chip} ${statusColors[`status-${g}`]}`}
            aria-pressed={selected.has(g)}
            onClick={() => onToggle(g)}
          >
            <span className={statusColors.dot} aria-hidden="true" />
            {statusGroupName(g)} <span className={styles.chipCount}>{f.number(summary.counts.get(g) ?? 0)}</span>
          </button>
        ))}
      </div>
      {/* The charts' chunk (uPlot) failing to load or to draw leaves the counts and chips above working. */}
      <PanelBoundary name={t('tasks.panel.charts')}>
        <Suspense
          fallback={
            <p className="loading" role="status">
              {t('tasks.board.loadingCharts')}
            </p>
          }
        >
          <BatchOverview
            rows={rows}
            live={summary.live}
            freshness={freshness}
            polledAt={polledAt}
            ended={`${rows.length} ${summary.counts.get(5) ?? 0} ${summary.counts.get(6) ?? 0}`}
          />
        </Suspense>
      </PanelBoundary>
    </section>
  );
}
