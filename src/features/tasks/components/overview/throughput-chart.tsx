import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import type { MinuteBucket } from '../../model/batch-series';
import { axisStyle, bandColors, clockValues, fitLabels } from './chart-palette';
import { useUplot } from '../../hooks/use-uplot';
import { useClock } from '../../hooks/use-now';
import styles from './overview.module.css';

const SHOWN_MINUTES = 60;
const MIN_SHOWN_MINUTES = 10;

/** The last hour (or since the first end, at least 10 minutes), one bucket per minute including the quiet ones, up to the current minute. */
function minuteRange(perMinute: readonly MinuteBucket[], now: number): MinuteBucket[] {
  const current = Math.floor(now / 60_000);
  const first = Math.max(current - SHOWN_MINUTES + 1, Math.min(perMinute[0]?.minute ?? current, current - MIN_SHOWN_MINUTES + 1));
  const byMinute = new Map(perMinute.map((b) => [b.minute, b]));
  const out: MinuteBucket[] = [];
  for (let m = first; m <= current; m++) out.push(byMinute.get(m) ?? { minute: m, finished: 0, failed: 0, aborted: 0 });
  return out;
}

function throughputSummary(minutes: readonly MinuteBucket[]): string {
  const sum = (k: 'finished' | 'failed' | 'aborted') => minutes.reduce((n, b) => n + b[k], 0);
  if (minutes.every((b) => b.finished + b.failed + b.aborted === 0)) return 'no task has finished, failed or been aborted yet';
  const peak = Math.max(...minutes.map((b) => b.finished));
  return `over the last ${minutes.length} min, ${sum('finished')} finished, ${sum('failed')} failed, ${sum('aborted')} aborted; at most ${peak} finished in one minute`;
}

// One formatter, not toLocaleTimeString per cell: that builds a formatter per call (15 per render).
const minuteFormat = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });
const clock = (minute: number) => minuteFormat.format(minute * 60_000);

export function ThroughputChart({ perMinute }: { perMinute: readonly MinuteBucket[] }) {
  // The minute, not the second: the chart renders when a minute turns, not on every clock tick.
  const minute = useClock((now) => Math.floor(now / 60_000));
  const minutes = useMemo(() => minuteRange(perMinute, minute * 60_000), [perMinute, minute]);
  // Stacked bars: aborted on top of failed on top of finished, each drawn as its running sum, tallest first.
  const data = useMemo<uPlot.AlignedData>(
    () => [
      minutes.map((b) => b.minute * 60),
      minutes.map((b) => b.finished + b.failed + b.aborted),
      minutes.map((b) => b.finished + b.failed),
      minutes.map((b) => b.finished),
    ],
    [minutes],
  );
  const options = useCallback((width: number, height: number): uPlot.Options => {
    const colors = bandColors();
    const axes = axisStyle();
    const bars = uPlot.paths.bars!({ size: [0.7, 24] });
    const series = (label: string, color: string) => ({
      label,
      stroke: color,
      fill: color,
      width: 0,
      paths: bars,
      points: { show: false },
    });
    return {
      width,
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true, range: (_u, min, max) => [min - 30, max + 30] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { ...axes, space: 70, values: clockValues },
        { ...axes, size: fitLabels },
      ],
      series: [{}, series('Aborted', colors.aborted!), series('Failed', colors.failed!), series('Finished', colors.finished!)],
    };
  }, []);
  const box = useUplot(options, data);
  const recent = minutes.slice(-15).reverse();
  return (
    <figure className={styles.chart}>
      <figcaption>
        <h3>Throughput</h3>
      </figcaption>
      <div role="img" aria-label={`Finished and failed per minute: ${throughputSummary(minutes)}`} className={styles.canvas} ref={box} />
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={`${styles.swatch} ${styles['band-finished']}`} />
          Finished
        </li>
        <li>
          <span className={`${styles.swatch} ${styles['band-failed']}`} />
          Failed
        </li>
        <li>
          <span className={`${styles.swatch} ${styles['band-aborted']}`} />
          Aborted
        </li>
      </ul>
      <details>
        <summary>Finished and failed per minute as a table</summary>
        <table className={styles.dataTable}>
          <thead>
            <tr>
              <th scope="col">Minute</th>
              <th scope="col">Finished</th>
              <th scope="col">Failed</th>
              <th scope="col">Aborted</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((b) => (
              <tr key={b.minute}>
                <th scope="row">{clock(b.minute)}</th>
                <td>{b.finished}</td>
                <td>{b.failed}</td>
                <td>{b.aborted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
