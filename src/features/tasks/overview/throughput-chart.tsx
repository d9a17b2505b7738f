import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import { t as currentT, type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { type FlowSample, type MinuteBucket, unwatchedPeriods } from '../history';
import { axisStyle, bandColors, clockValues } from './chart-palette';
import { countAxis, countRange } from './count-axis';
import { minuteRange, type ShownMinute, type Watching } from './throughput-data';
import { ChartCanvas } from './chart-canvas';
import { useDashboardSettings } from '../polling';
import { useOverviewPart } from './use-overview-part';
import { useClock } from '@/hooks/use-now';
import styles from './overview.module.css';

function throughputSummary(minutes: readonly ShownMinute[], t: Translate): string {
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

const hasEnds = (b: MinuteBucket) => b.finished + b.failed + b.aborted > 0;

export function ThroughputChart({ perMinute, flow }: { perMinute: readonly MinuteBucket[]; flow: readonly FlowSample[] }) {
  const t = useT();
  const f = useFormat();
  const { locale, time } = f;
  const table = useOverviewPart('throughputTable');
  // The minute, not the second: the chart renders when a minute turns, not on every clock tick.
  const minute = useClock((now) => Math.floor(now / 60_000));
  const { intervalMs } = useDashboardSettings();
  // What was watched, as a key: it changes with a gap, not with each flow sample, so a sample does not redraw this chart.
  const watchingKey = useMemo(
    () => JSON.stringify({ firstSample: flow[0]?.at ?? null, unwatched: unwatchedPeriods(flow, minute * 60_000, intervalMs) }),
    [flow, minute, intervalMs],
  );
  const minutes = useMemo(
    () => minuteRange(perMinute, minute * 60_000, JSON.parse(watchingKey) as Watching),
    [perMinute, minute, watchingKey],
  );
  // Stacked bars: aborted on top of failed on top of finished, each drawn as its running sum, tallest first.
  const data = useMemo<uPlot.AlignedData>(
    () => [
      minutes.map((b) => b.minute * 60),
      // A minute not watched is null (no bar), not a zero that was never seen.
      minutes.map((b) => (b.watched ? b.finished + b.failed + b.aborted : null)),
      minutes.map((b) => (b.watched ? b.finished + b.failed : null)),
      minutes.map((b) => (b.watched ? b.finished : null)),
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
          y: { range: countRange },
        },
        axes: [{ ...axes, space: 70, values: clockValues(locale, time.zone) }, countAxis(axes)],
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
  const recent = minutes.slice(-15).reverse();
  return (
    <figure className={styles.chart}>
      <figcaption>
        <h3>{t('tasks.charts.throughputTitle')}</h3>
      </figcaption>
      <ChartCanvas
        label={t('tasks.charts.throughputLabel', { summary: throughputSummary(minutes, t) })}
        options={options}
        data={data}
        noData={minutes.some(hasEnds) ? null : t('tasks.charts.throughputNoData', { minutes: minutes.length })}
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
                {b.watched ? (
                  <>
                    <td>{f.number(b.finished)}</td>
                    <td>{f.number(b.failed)}</td>
                    <td>{f.number(b.aborted)}</td>
                  </>
                ) : (
                  <td colSpan={3}>{t('tasks.charts.notWatched')}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
