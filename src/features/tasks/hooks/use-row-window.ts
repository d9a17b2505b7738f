import { useEffect, useState, type RefObject } from 'react';
import { rowWindow, type RowWindow } from '../utils/row-window';

/** Tracks the scroll container and returns which fixed-height rows to render (one update per frame). */
export function useRowWindow(ref: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 6): RowWindow {
  const [view, setView] = useState({ scrollTop: 0, height: 600 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((v) =>
        v.scrollTop === el.scrollTop && v.height === el.clientHeight ? v : { scrollTop: el.scrollTop, height: el.clientHeight },
      );
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(read);
    };
    el.addEventListener('scroll', schedule, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resize?.observe(el);
    schedule();
    return () => {
      el.removeEventListener('scroll', schedule);
      resize?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
  return rowWindow(count, rowHeight, view.scrollTop, view.height, overscan);
}
