import { memo } from 'react';
import { PanelBoundary } from '@/components/panel-boundary';
import { useT } from '@/hooks/use-t';
import { useTaskHistorySeries } from '../history';
import type { WatchedTask } from '../rows';
import type { Freshness } from '../task';
import { BatchEta as BatchEtaView } from './batch-eta';
import { FailuresTable as FailuresTableView } from './failures-table';
import { FlowChart as FlowChartView } from './flow-chart';
import { ThroughputChart as ThroughputChartView } from './throughput-chart';
import styles from './overview.module.css';

/** Pictures of the batch over time; its own chunk, with the chart library (see overview.tsx). */
type Props = { rows: readonly WatchedTask[]; live: number; ended: string; freshness: Freshness; polledAt: number };

// Each part renders when its own inputs change: a poll update brings new rows every time, but the series changes
// only with a flow sample or a task ending, and the failures only with `ended`.
const FlowChart = memo(FlowChartView);
const ThroughputChart = memo(ThroughputChartView);
const BatchEta = memo(BatchEtaView);
// The failures are grouped again only when `ended` changes (see FailuresTable), so new rows alone need no render.
const FailuresTable = memo(FailuresTableView, (a, b) => a.ended === b.ended);

export function BatchOverview({ rows, live, ended, freshness, polledAt }: Props) {
  const t = useT();
  const series = useTaskHistorySeries();
  // Each part fails alone (a chart library that cannot draw leaves the estimate and the failures table).
  return (
    <div className={styles.overview}>
      <PanelBoundary name={t('tasks.panel.charts')}>
        <div className={styles.charts}>
          <FlowChart flow={series.flow} />
          <ThroughputChart perMinute={series.perMinute} flow={series.flow} />
        </div>
      </PanelBoundary>
      <PanelBoundary name={t('tasks.panel.batchEstimate')}>
        <BatchEta series={series} live={live} rows={rows} freshness={freshness} polledAt={polledAt} />
      </PanelBoundary>
      <PanelBoundary name={t('tasks.panel.failures')}>
        <FailuresTable rows={rows} ended={ended} />
      </PanelBoundary>
    </div>
  );
}
