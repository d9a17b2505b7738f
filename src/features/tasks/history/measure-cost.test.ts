import { afterEach, describe, expect, it } from 'vitest';
import { timed } from './measure-cost';

const seen = (name: string) => {
  const names: string[] = [];
  const observer = new PerformanceObserver((list) => names.push(...list.getEntries().map((e) => e.name)));
  observer.observe({ type: 'measure' });
  return { names, stop: () => (observer.takeRecords().forEach((e) => names.push(e.name)), observer.disconnect(), names.includes(name)) };
};

afterEach(() => delete (globalThis as { __consoleMeasureCosts?: unknown }).__consoleMeasureCosts);

describe('timed', () => {
  it('gives the work’s result and records no measure in an operator’s page', () => {
    const probe = seen('overview: test');
    expect(timed('overview: test', () => 42)).toBe(42);
    expect(probe.stop()).toBe(false);
  });

  it('records a measure when the page was opened to measure the overview', () => {
    (globalThis as { __consoleMeasureCosts?: unknown }).__consoleMeasureCosts = true;
    const probe = seen('overview: test');
    expect(timed('overview: test', () => 'x')).toBe('x');
    expect(probe.stop()).toBe(true);
  });
});
