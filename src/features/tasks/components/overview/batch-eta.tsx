import { formatDuration } from '@/lib/format-time';
import { batchEta, type BatchSeries } from '../../model/batch-series';
import { useClock } from '../../hooks/use-now';
import styles from './overview.module.css';

const clock = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export function batchEtaText(series: BatchSeries, live: number, now: number): string {
  if (live === 0) return 'No live tasks: the batch is done.';
  const eta = batchEta(series, live, now);
  if (!eta) return `${live} live; no task has ended in the last 10 minutes yet, so there is no rate to estimate from.`;
  const range =
    eta.lowMs === eta.highMs
      ? ''
      : ` (95 % range: ${formatDuration(eta.lowMs)} to ${formatDuration(eta.highMs)}, fewer ends seen make it wider)`;
  return `${live} live tasks done in about ${formatDuration(eta.remainingMs)}, around ${clock(now + eta.remainingMs)}${range}, at ${eta.perMinute.toFixed(1)} tasks ending per minute over the last 10 minutes.`;
}

export function BatchEta({ series, live }: { series: BatchSeries; live: number }) {
  const text = useClock((now) => batchEtaText(series, live, now));
  return (
    <section aria-labelledby="batch-eta-title" className={styles.eta}>
      <h3 id="batch-eta-title">Batch ETA</h3>
      <p>{text}</p>
    </section>
  );
}
