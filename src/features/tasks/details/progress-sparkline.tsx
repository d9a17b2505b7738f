import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import styles from './task-details.module.css';

const W = 240;
const H = 48;

/** Progress over local time as an SVG line (a few dozen points at most: no chart library needed). */
export function ProgressSparkline({ samples }: { samples: ReadonlyArray<readonly [number, number]> }) {
  const t = useT();
  const f = useFormat();
  if (samples.length === 0) return <p className={styles.hint}>{t('tasks.details.noProgress')}</p>;
  const t0 = samples[0]![0];
  const span = Math.max(1, samples[samples.length - 1]![0] - t0);
  const points = samples.map(
    ([at, p]) => `${(((at - t0) / span) * W).toFixed(1)},${(H - (Math.max(0, Math.min(100, p)) / 100) * H).toFixed(1)}`,
  );
  if (samples.length === 1) points.push(`${W},${points[0]!.split(',')[1]}`);
  const last = samples[samples.length - 1]!;
  const label = t('tasks.details.sparkline', {
    first: f.percent(samples[0]![1] / 100, 1),
    last: f.percent(last[1] / 100, 1),
    count: samples.length,
  });
  return (
    <svg className={styles.sparkline} viewBox={`0 -2 ${W} ${H + 4}`} role="img" aria-label={label} preserveAspectRatio="none">
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
