import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Virtualizer } from '@tanstack/react-virtual';
import { observeRectAfterFirstFrame } from './observe-after-first-frame';

afterEach(() => vi.unstubAllGlobals());

/** A scroller whose size reads are counted: each would be a forced layout inside the mounting commit. */
function countedScroller() {
  const reads = { size: 0 };
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientHeight', { get: () => (reads.size++, 600) });
  Object.defineProperty(el, 'clientWidth', { get: () => (reads.size++, 1000) });
  const instance = { scrollElement: el, targetWindow: window, options: { horizontal: false } } as unknown as Virtualizer<
    HTMLDivElement,
    Element
  >;
  return { reads, instance };
}

/** A ResizeObserver and animation frames that run when the test says: the frames requested, the ones cancelled. */
function aBrowserWithFrames() {
  const frames: FrameRequestCallback[] = [];
  const cancelled: number[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => cancelled.push(id));
  return { frames, cancelled };
}

describe('the table observes its scroller from the next frame', () => {
  it('reads no size when it starts, then measures at the next frame', () => {
    const { frames } = aBrowserWithFrames();
    const { reads, instance } = countedScroller();
    const rect = vi.fn();
    observeRectAfterFirstFrame(instance, rect);
    expect(reads.size).toBe(0);
    expect(rect).not.toHaveBeenCalled();
    for (const frame of frames) frame(0);
    expect(reads.size).toBeGreaterThan(0);
    expect(rect).toHaveBeenCalledWith({ width: 1000, height: 600 });
  });

  it('stopped before the frame, it never starts', () => {
    const { frames, cancelled } = aBrowserWithFrames();
    const { reads, instance } = countedScroller();
    const stop = observeRectAfterFirstFrame(instance, vi.fn());
    stop?.();
    for (const frame of frames) frame(0);
    expect(cancelled).toHaveLength(1);
    expect(reads.size).toBe(0);
  });

  it('without a ResizeObserver (jsdom) measures at once, as the library does', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const { reads, instance } = countedScroller();
    const rect = vi.fn();
    observeRectAfterFirstFrame(instance, rect);
    expect(rect).toHaveBeenCalledWith({ width: 1000, height: 600 });
    expect(reads.size).toBeGreaterThan(0);
  });
});
