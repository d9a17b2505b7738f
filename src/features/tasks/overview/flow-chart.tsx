import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { t as currentT, type MessageKey, type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { FLOW_BANDS, type FlowSample } from '../history';
import { axisStyle, bandColors, clockValues } from './chart-palette';
import { countAxis, countRange } from './count-axis';
import { flowHasData, flowTableRows, stackedData } from './flow-chart-data';
import { useDashboardSettings } from '../polling';
import { ChartCanvas } from './chart-canvas';
import { useOverviewPart } from './use-overview-part';
import { useClock } from '@/hooks/use-now';
import styles from './overview.module.css';

const CLOCK_STEP_MS = 15_000;

type BandKey = (typeof FLOW_BANDS)[number]['key'];
const BAND_NAME: Record<BandKey, MessageKey> = {
  finished: 'tasks.charts.band.finished',
  failed: 'tasks.charts.band.failed',
  aborted: 'tasks.charts.band.aborted',
  running: 'tasks.charts.band.running',
  queued: 'tasks.charts.band.queued',
  created: 'tasks.charts.band.created',
  other: 'tasks.charts.band.other',
};
const bandName = (key: BandKey, t: Translate = currentT) => t(BAND_NAME[key]);

function flowSummary(flow: readonly FlowSample[], t: Translate, f: ReturnType<typeof useFormat>): string {
  const last = flow[flow.length - 1];
  if (!last) return t('tasks.charts.flowEmpty');
  const now = FLOW_BANDS.flatMap((b, i) =>
    last.counts[i] ? [t('tasks.charts.bandCount', { count: last.counts[i], band: bandName(b.key, t).toLocaleLowerCase(f.locale) })] : [],
  );
  return t('tasks.charts.flowSummary', {
    since: f.dateTime(flow[0]!.at),
    now: now.length ? now.join(t('tasks.charts.separator')) : t('tasks.charts.flowNone'),
  });
}

export function FlowChart({ flow }: { flow: readonly FlowSample[] }) {
  const t = useT();
  const f = useFormat();
  const { locale, time } = f;
  const table = useOverviewPart('flowTable');
  const { intervalMs } = useDashboardSettings();
  // The clock to the quarter minute: the last counts hold until now while watched, and the time since turns to a gap
  // when no sample has come for longer than the interval allows (polling paused, a history loaded before an answer).
  const clock = useClock((now) => Math.floor(now / CLOCK_STEP_MS) * CLOCK_STEP_MS);
  const now = Math.max(clock, flow[flow.length - 1]?.at ?? 0);
  const data = useMemo(() => stackedData(flow, now, intervalMs), [flow, now, intervalMs]);
  const rows = useMemo(() => flowTableRows(flow, now, intervalMs), [flow, now, intervalMs]);
  // Made again on a switch of language or time zone: the axis labels and the series names follow them.
  const options = useCallback(
    (width: number, height: number): uPlot.Options => {
      const colors = bandColors();
      const axes = axisStyle();
      return {
        width,
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          // At least a minute wide, so the first few samples do not spread over the whole axis.
          x: { time: true, range: (_u, min, max) => [min, Math.max(max, min + 60)] },
          y: { range: countRange },
        },
        axes: [{ ...axes, space: 90, values: clockValues(locale, time.zone) }, countAxis(axes)],
        series: [
          {},
          ...[...FLOW_BANDS]
            .reverse()
            .map((b) => ({ label: bandName(b.key), stroke: colors[b.key], fill: colors[b.key], width: 1, points: { show: false } })),
        ],
      };
    },
    [locale, time.zone],
  );
  const summary = flowSummary(flow, t, f);
  return (
    <figure className={styles.chart}>
      <figcaption>
        <h3>{t('tasks.charts.flowTitle')}</h3>
      </figcaption>
      <ChartCanvas
        label={t('tasks.charts.flowLabel', { summary })}
        options={options}
        data={data}
        noData={flowHasData(flow) ? null : t('tasks.charts.flowNoData')}
      />
      <Legend />
      <details {...table}>
        <summary>{t('tasks.charts.flowTable')}</summary>
        <table className={styles.dataTable}>
          <caption className="visually-hidden">{t('tasks.charts.zone', { zone: f.zoneLabel() })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tasks.charts.time')}</th>
              {FLOW_BANDS.map((b) => (
                <th scope="col" key={b.key}>
                  {bandName(b.key, t)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) =>
              row.kind === 'sample' ? (
                <tr key={row.sample.at}>
                  <th scope="row">{f.dateTime(row.sample.at)}</th>
                  {row.sample.counts.map((n, i) => (
                    <td key={FLOW_BANDS[i]!.key}>{f.number(n)}</td>
                  ))}
                </tr>
              ) : (
                <tr key={`unwatched-${row.from}`}>
                  <th scope="row">{t('tasks.charts.span', { from: f.dateTime(row.from), to: f.dateTime(row.to) })}</th>
                  <td colSpan={FLOW_BANDS.length}>{t('tasks.charts.notWatched')}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function Legend() {
  const t = useT();
  return (
    <ul className={styles.legend} aria-hidden="true">
      {FLOW_BANDS.map((b) => (
        <li key={b.key}>
          <span className={`${styles.swatch} ${styles[`band-${b.key}`]}`} />
          {bandName(b.key, t)}
        </li>
      ))}
    </ul>
  );
}
