import { useTaskHistory } from '../../hooks/use-task-history';
import type { WatchedTask } from '../../model/task-rows';
import { BatchEta } from './batch-eta';
import { FailuresTable } from './failures-table';
import { FlowChart } from './flow-chart';
import { ThroughputChart } from './throughput-chart';
import styles from './overview.module.css';

/** Pictures of the batch over time; its own chunk, with the chart library (see overview.tsx). */
type Props = { rows: readonly WatchedTask[]; live: number; ended: string };

export function BatchOverview({ rows, live, ended }: Props) {
  const { series } = useTaskHistory();
  return (
    <div className={styles.overview}>
      <div className={styles.charts}>
        <FlowChart flow={series.flow} />
        <ThroughputChart perMinute={series.perMinute} />
      </div>
      <BatchEta series={series} live={live} />
      <FailuresTable rows={rows} ended={ended} />
    </div>
  );
}
