import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { measureSince } from '../history';
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
  // The chart is made outside React's render (in a timer): a library that throws there is thrown
  // again here, in render, so the panel's error boundary shows it instead of an empty box.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    const resize = new ResizeObserver(() => {
      if (chart && el.clientWidth > 0 && el.clientWidth !== chart.width) chart.setSize({ width: el.clientWidth, height: HEIGHT });
    });
    // Each chart is made in a task of its own: made in the commit's task, the first one (canvas fonts
    // and all) and the page's render added up to a 65-74 ms task at 100,000 tasks. Its box keeps its height meanwhile.
    const later = setTimeout(() => {
      try {
        chart = new uPlot(makeOptions(el.clientWidth || 600, HEIGHT), latest.current, el);
      } catch (error) {
        setFailure({ error });
        return;
      }
      plot.current = chart;
      resize.observe(el);
    }, 0);
    return () => {
      clearTimeout(later);
      resize.disconnect();
      chart?.destroy();
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
