import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TallyHistogram } from './tally-histogram';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const SEEN = [0.0005, 0.001, 0.004, 0.2, 3, 0.05];

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const tally = new TallyHistogram('t_seconds', 'A test histogram.', BUCKETS, ours);
  const prom = new Histogram({
    name: 't_seconds',
    help: 'A test histogram.',
    labelNames: ['route', 'code'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  return { ours, theirs, tally, prom };
}

describe('TallyHistogram', () => {
  it("prints what prom-client's Histogram prints for the same observations, label set by label set", async () => {
    const { ours, theirs, tally, prom } = both();
    // In the order prom-client first sees them (label sets print in that order in both).
    const b = tally.child({ route: '/api/b', code: '5xx' });
    const a = tally.child({ route: '/api/a', code: '200' });
    for (const [i, value] of SEEN.entries()) {
      (i % 2 ? a : b).observe(value);
      prom.labels({ route: i % 2 ? '/api/a' : '/api/b', code: i % 2 ? '200' : '5xx' }).observe(value);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    // As JSON too, less prom-client's exemplars (none here: null on each line).
    const withoutExemplars = (await theirs.getMetricsAsJSON()).map((m) => ({
      ...m,
      values: m.values.map((line) => {
        const { exemplar: _, ...rest } = line as typeof line & { exemplar?: unknown };
        return rest;
      }),
    }));
    expect(await ours.getMetricsAsJSON()).toEqual(withoutExemplars);
  });

  it('keeps one tally per label set, so a child asked for again counts on', async () => {
    const { ours, tally } = both();
    tally.child({ route: '/x' }).observe(0.5);
    tally.child({ route: '/x' }).observe(0.5);
    expect(await ours.metrics()).toContain('t_seconds_count{route="/x"} 2');
  });

  it('skips a value that is not a finite number, and reset zeroes the counts its children keep adding to', async () => {
    const { ours, tally } = both();
    const child = tally.child({ route: '/x' });
    child.observe(Number.NaN);
    expect(await ours.metrics()).toContain('t_seconds_count{route="/x"} 0');
    child.observe(0.002);
    ours.resetMetrics();
    child.observe(0.002);
    expect(await ours.metrics()).toContain('t_seconds_sum{route="/x"} 0.002');
  });
});
