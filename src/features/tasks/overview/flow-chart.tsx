import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { t as currentT, type MessageKey, type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { FLOW_BANDS, type FlowSample } from '../history';
import { axisStyle, bandColors, clockValues, fitLabels } from './chart-palette';
import { useUplot } from './use-uplot';
import { useOverviewPart } from './use-overview-part';
import styles from './overview.module.css';

const TABLE_ROWS = 12;

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

/** Each band drawn as the sum of itself and every band below, topmost first, so later fills stack on earlier ones. */
function stackedData(samples: readonly FlowSample[], now = Date.now()): uPlot.AlignedData {
  // The last counts hold until now: a batch first seen already done is one sample, and a single
  // point draws no area (uPlot then also spread the time axis from 1970).
  const last = samples[samples.length - 1];
  const flow = last && now > last.at ? [...samples, { ...last, at: now }] : samples;
  const xs = flow.map((s) => s.at / 1000);
  const tops = FLOW_BANDS.map((_, band) => flow.map((s) => s.counts.slice(0, band + 1).reduce((a, b) => a + b, 0))).reverse();
  return [xs, ...tops];
}

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

/** A few evenly spread samples, the last always included: the chart's text alternative. */
function tableSamples(flow: readonly FlowSample[]): FlowSample[] {
  if (flow.length <= TABLE_ROWS) return [...flow];
  const step = (flow.length - 1) / (TABLE_ROWS - 1);
  return Array.from({ length: TABLE_ROWS }, (_, i) => flow[Math.round(i * step)]!);
}

export function FlowChart({ flow }: { flow: readonly FlowSample[] }) {
  const t = useT();
  const f = useFormat();
  const { locale, time } = f;
  const table = useOverviewPart('flowTable');
  const data = useMemo(() => stackedData(flow), [flow]);
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
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          { ...axes, space: 90, values: clockValues(locale, time.zone) },
          { ...axes, size: fitLabels },
        ],
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
  const box = useUplot(options, data);
  const summary = flowSummary(flow, t, f);
  return (
    <figure className={styles.chart}>
      <figcaption>
        <h3>{t('tasks.charts.flowTitle')}</h3>
      </figcaption>
      <div role="img" aria-label={t('tasks.charts.flowLabel', { summary })} className={styles.canvas} ref={box} />
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
            {tableSamples(flow).map((s) => (
              <tr key={s.at}>
                <th scope="row">{f.dateTime(s.at)}</th>
                {s.counts.map((n, i) => (
                  <td key={FLOW_BANDS[i]!.key}>{f.number(n)}</td>
                ))}
              </tr>
            ))}
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
