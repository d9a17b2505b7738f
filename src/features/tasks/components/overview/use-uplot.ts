import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { measureSince } from '../../model/measure-cost';
import { useColorScheme } from './use-color-scheme';

const HEIGHT = 180;

/**
 * One uPlot chart in the returned element: made again when the theme or the options change
 * (colours are read from the page's CSS), fed new data in place, resized with its box.
 */
export function useUplot(makeOptions: (width: number, height: number) => uPlot.Options, data: uPlot.AlignedData) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(data);
  const scheme = useColorScheme();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = new uPlot(makeOptions(el.clientWidth || 600, HEIGHT), latest.current, el);
    plot.current = chart;
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== chart.width) chart.setSize({ width: el.clientWidth, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [makeOptions, scheme]);
  useEffect(() => {
    latest.current = data;
    if (plot.current) {
      const start = performance.now();
      plot.current.setData(data);
      measureSince('overview: draw', start);
    }
  }, [data]);
  return box;
}
