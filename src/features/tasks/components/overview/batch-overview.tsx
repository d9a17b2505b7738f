import { useTaskHistory } from '../../hooks/use-task-history';
import { useNow } from '../../hooks/use-now';
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
  const now = useNow();
  return (
    <div className={styles.overview}>
      <div className={styles.charts}>
        <FlowChart flow={series.flow} />
        <ThroughputChart perMinute={series.perMinute} now={now} />
      </div>
      <BatchEta series={series} live={live} now={now} />
      <FailuresTable rows={rows} ended={ended} />
    </div>
  );
}
