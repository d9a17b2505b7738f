import type uPlot from 'uplot';
import { useUplot } from './use-uplot';
import styles from './overview.module.css';

type Props = {
  /** The chart's accessible name: what it shows, in words. */
  label: string;
  options: (width: number, height: number) => uPlot.Options;
  data: uPlot.AlignedData;
  /** Said in place of the chart when there is nothing to draw (no axes scaled to nothing); null: draw it. */
  noData: string | null;
};

/** A chart's box: the uPlot chart, or the words saying why there is none yet (the same box, so nothing moves). */
export function ChartCanvas({ label, options, data, noData }: Props) {
  return (
    <div role="img" aria-label={label} className={styles.canvas}>
      {noData === null ? <Plot options={options} data={data} /> : <p className={styles.noData}>{noData}</p>}
    </div>
  );
}

function Plot({ options, data }: Pick<Props, 'options' | 'data'>) {
  const box = useUplot(options, data);
  return <div ref={box} />;
}
