import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import { t as currentT, type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import type { MinuteBucket } from '../history';
import { axisStyle, bandColors, clockValues, fitLabels } from './chart-palette';
import { useUplot } from './use-uplot';
import { useOverviewPart } from './use-overview-part';
import { useClock } from '@/hooks/use-now';
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

function throughputSummary(minutes: readonly MinuteBucket[], t: Translate): string {
  const sum = (k: 'finished' | 'failed' | 'aborted') => minutes.reduce((n, b) => n + b[k], 0);
  if (minutes.every((b) => b.finished + b.failed + b.aborted === 0)) return t('tasks.charts.throughputNone');
  const peak = Math.max(...minutes.map((b) => b.finished));
  return t('tasks.charts.throughputSummary', {
    minutes: minutes.length,
    finished: sum('finished'),
    failed: sum('failed'),
    aborted: sum('aborted'),
    peak,
  });
}

export function ThroughputChart({ perMinute }: { perMinute: readonly MinuteBucket[] }) {
  const t = useT();
  const f = useFormat();
  const { locale, time } = f;
  const table = useOverviewPart('throughputTable');
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
  const options = useCallback(
    (width: number, height: number): uPlot.Options => {
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
        scales: {
          x: { time: true, range: (_u, min, max) => [min - 30, max + 30] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          { ...axes, space: 70, values: clockValues(locale, time.zone) },
          { ...axes, size: fitLabels },
        ],
        series: [
          {},
          series(currentT('tasks.charts.band.aborted'), colors.aborted!),
          series(currentT('tasks.charts.band.failed'), colors.failed!),
          series(currentT('tasks.charts.band.finished'), colors.finished!),
        ],
      };
      // Made again on a switch of language or time zone: the axis labels and the series names follow them.
    },
    [locale, time.zone],
  );
  const box = useUplot(options, data);
  const recent = minutes.slice(-15).reverse();
  return (
    <figure className={styles.chart}>
      <figcaption>
        <h3>{t('tasks.charts.throughputTitle')}</h3>
      </figcaption>
      <div
        role="img"
        aria-label={t('tasks.charts.throughputLabel', { summary: throughputSummary(minutes, t) })}
        className={styles.canvas}
        ref={box}
      />
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={`${styles.swatch} ${styles['band-finished']}`} />
          {t('tasks.charts.band.finished')}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles['band-failed']}`} />
          {t('tasks.charts.band.failed')}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles['band-aborted']}`} />
          {t('tasks.charts.band.aborted')}
        </li>
      </ul>
      <details {...table}>
        <summary>{t('tasks.charts.throughputTable')}</summary>
        <table className={styles.dataTable}>
          <caption className="visually-hidden">{t('tasks.charts.zone', { zone: f.zoneLabel() })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tasks.charts.minute')}</th>
              <th scope="col">{t('tasks.charts.band.finished')}</th>
              <th scope="col">{t('tasks.charts.band.failed')}</th>
              <th scope="col">{t('tasks.charts.band.aborted')}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((b) => (
              <tr key={b.minute}>
                <th scope="row">{f.clock(b.minute * 60_000)}</th>
                <td>{f.number(b.finished)}</td>
                <td>{f.number(b.failed)}</td>
                <td>{f.number(b.aborted)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
