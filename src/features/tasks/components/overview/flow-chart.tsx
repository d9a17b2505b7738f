import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { formatExact } from '@/lib/format-time';
import { FLOW_BANDS, type FlowSample } from '../../model/batch-series';
import { axisStyle, bandColors, clockValues, fitLabels } from './chart-palette';
import { useUplot } from '../../hooks/use-uplot';
import styles from './overview.module.css';

const TABLE_ROWS = 12;

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

function flowSummary(flow: readonly FlowSample[]): string {
  const last = flow[flow.length - 1];
  if (!last) return 'no samples yet';
  const now = FLOW_BANDS.flatMap((b, i) => (last.counts[i] ? [`${last.counts[i]} ${b.label.toLowerCase()}`] : [])).join(', ');
  return `since ${formatExact(flow[0]!.at)}, now ${now || 'no tasks'}`;
}

/** A few evenly spread samples, the last always included: the chart's text alternative. */
function tableSamples(flow: readonly FlowSample[]): FlowSample[] {
  if (flow.length <= TABLE_ROWS) return [...flow];
  const step = (flow.length - 1) / (TABLE_ROWS - 1);
  return Array.from({ length: TABLE_ROWS }, (_, i) => flow[Math.round(i * step)]!);
}

export function FlowChart({ flow }: { flow: readonly FlowSample[] }) {
  const data = useMemo(() => stackedData(flow), [flow]);
  const options = useCallback((width: number, height: number): uPlot.Options => {
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
        { ...axes, space: 90, values: clockValues },
        { ...axes, size: fitLabels },
      ],
      series: [
        {},
        ...[...FLOW_BANDS]
          .reverse()
          .map((b) => ({ label: b.label, stroke: colors[b.key], fill: colors[b.key], width: 1, points: { show: false } })),
      ],
    };
  }, []);
  const box = useUplot(options, data);
  const summary = flowSummary(flow);
  return (
    <figure className={styles.chart}>
      <figcaption>
        <h3>Tasks by status over time</h3>
      </figcaption>
      <div role="img" aria-label={`Tasks by status over time: ${summary}`} className={styles.canvas} ref={box} />
      <Legend />
      <details>
        <summary>Tasks by status over time as a table</summary>
        <table className={styles.dataTable}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {FLOW_BANDS.map((b) => (
                <th scope="col" key={b.key}>
                  {b.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tableSamples(flow).map((s) => (
              <tr key={s.at}>
                <th scope="row">{formatExact(s.at)}</th>
                {s.counts.map((n, i) => (
                  <td key={FLOW_BANDS[i]!.key}>{n}</td>
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
  return (
    <ul className={styles.legend} aria-hidden="true">
      {FLOW_BANDS.map((b) => (
        <li key={b.key}>
          <span className={`${styles.swatch} ${styles[`band-${b.key}`]}`} />
          {b.label}
        </li>
      ))}
    </ul>
  );
}
