import { observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

type Observe<T> = (instance: Virtualizer<HTMLDivElement, Element>, cb: T) => void | (() => void);

/**
 * The virtualizer's size observer, started at the next frame instead of inside the commit that mounts the table.
 * Started at once, it reads the scroller's clientWidth and clientHeight in React's layout effect: a forced layout of
 * the whole page in the same task as the board's first commit (at 100,000 watched tasks, the first cycle's longest
 * task: 68 ms, 33 of them that read). At the next frame the layout is the frame's own. Until then the table renders
 * from `initialRect`, as it does before any measurement. (The scroll observer reads nothing until a scroll event.)
 * Where there is no ResizeObserver (jsdom) nothing is deferred: the library measures at once there, as before.
 */
function afterFirstFrame<T>(observe: Observe<T>): Observe<T> {
  return (instance, cb) => {
    if (typeof ResizeObserver === 'undefined' || typeof requestAnimationFrame === 'undefined') return observe(instance, cb);
    let stop: void | (() => void);
    let stopped = false;
    const frame = requestAnimationFrame(() => {
      if (!stopped) stop = observe(instance, cb);
    });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      if (stop) stop();
    };
  };
}

export const observeRectAfterFirstFrame = afterFirstFrame(observeElementRect);
