import { memo } from 'react';
import { useTaskHistorySeries } from '../../hooks/use-task-history';
import type { WatchedTask } from '../../model/task-rows';
import { BatchEta as BatchEtaView } from './batch-eta';
import { FailuresTable as FailuresTableView } from './failures-table';
import { FlowChart as FlowChartView } from './flow-chart';
import { ThroughputChart as ThroughputChartView } from './throughput-chart';
import styles from './overview.module.css';

/** Pictures of the batch over time; its own chunk, with the chart library (see overview.tsx). */
type Props = { rows: readonly WatchedTask[]; live: number; ended: string };

// Each part renders when its own inputs change: a poll update brings new rows every time, but the series changes
// only with a flow sample or a task ending, and the failures only with `ended`.
const FlowChart = memo(FlowChartView);
const ThroughputChart = memo(ThroughputChartView);
const BatchEta = memo(BatchEtaView);
// The failures are grouped again only when `ended` changes (see FailuresTable), so new rows alone need no render.
const FailuresTable = memo(FailuresTableView, (a, b) => a.ended === b.ended);

export function BatchOverview({ rows, live, ended }: Props) {
  const series = useTaskHistorySeries();
  return (
    <div className={styles.overview}>
      <div className={styles.charts}>
        <FlowChart flow={series.flow} />
        <ThroughputChart perMinute={series.perMinute} />
      </div>
      <BatchEta series={series} live={live} rows={rows} />
      <FailuresTable rows={rows} ended={ended} />
    </div>
  );
}
