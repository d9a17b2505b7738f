import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubIdleCallbacks } from '@/testing/idle-callbacks';
import { IDLE_SLICE_MS, whenIdle } from './idle-slices';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('ends a slice after IDLE_SLICE_MS even when the browser offers a longer idle period', () => {
    const idle = stubIdleCallbacks();
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const steps: number[] = [];
    whenIdle((slice) => {
      // Each step of work takes 1 ms; the stub offers 50 ms of idle time, always (so at most 100 steps here).
      while (slice.hasTime() && steps.length < 100) {
        steps.push(now);
        now += 1;
      }
    });
    idle.runNext();
    expect(steps).toHaveLength(IDLE_SLICE_MS);
  });

  it('ends a slice 2 ms before the deadline when that comes first', () => {
    vi.stubGlobal('requestIdleCallback', (work: IdleRequestCallback) => {
      let left = 5;
      work({ didTimeout: false, timeRemaining: () => left-- });
      return 1;
    });
    let steps = 0;
    whenIdle((slice) => {
      while (slice.hasTime()) steps++;
    });
    // 5, 4, 3 are over 2 ms; 2 is not.
    expect(steps).toBe(3);
  });

  it('cancels work that has not run', () => {
    const idle = stubIdleCallbacks();
    const work = vi.fn();
    const cancel = whenIdle(work);
    cancel();
    idle.drain();
    expect(work).not.toHaveBeenCalled();
  });
});
