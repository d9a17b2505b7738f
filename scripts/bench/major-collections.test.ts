import { describe, expect, it } from 'vitest';
import { majorCollectionIn } from './major-collections';

type Event = { name: string; ts: number; dur?: number; args?: { value?: Record<string, unknown> } };
const task = (...inside: Event[]) => ({ inside });

describe('majorCollectionIn', () => {
  it('sums marking steps and the finalization, and names why the marking started', () => {
    const found = majorCollectionIn([
      task({ name: 'V8.GCIncrementalMarkingStart', ts: 0, dur: 400, args: { value: { gc_reason: 'memory reducer' } } }),
      task({ name: 'FunctionCall', ts: 1_000, dur: 5_000 }, { name: 'V8.GCIncrementalMarking', ts: 2_000, dur: 1_500 }),
      task({ name: 'MajorGC', ts: 10_000, dur: 12_000 }),
    ]);
    expect(found.ms).toBeCloseTo(13.9);
    expect(found.reasons).toEqual(['memory reducer']);
  });

  it("counts Blink's sweeping after the collection, in tasks of its own", () => {
    const sweep = (ts: number, dur: number) =>
      task({ name: 'CppGC.IncrementalSweep', ts, dur }, { name: 'CppGC.SweepInLowPriorityTask', ts, dur: dur - 100 });
    expect(majorCollectionIn([task({ name: 'MajorGC', ts: 0, dur: 10_000 }), sweep(12_000, 3_600), sweep(20_000, 1_400)]).ms).toBeCloseTo(
      15,
    );
  });

  it('counts a step nested in another once, and leaves the page’s own work and minor collections out', () => {
    const found = majorCollectionIn([
      task(
        { name: 'Layout', ts: 0, dur: 10_000 },
        { name: 'V8.GCIncrementalMarking', ts: 2_000, dur: 5_000 },
        { name: 'V8.GCIncrementalMarking', ts: 3_000, dur: 1_000 },
      ),
      task({ name: 'MinorGC', ts: 20_000, dur: 7_000 }),
    ]);
    expect(found.ms).toBeCloseTo(5);
  });
});
