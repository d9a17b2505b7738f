import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TallyCounter } from './tally-counter';

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const tally = new TallyCounter('t_total', 'A test counter.', ours);
  const prom = new Counter({ name: 't_total', help: 'A test counter.', labelNames: ['operation', 'code'], registers: [theirs] });
  return { ours, theirs, tally, prom };
}

describe('TallyCounter', () => {
  it("prints what prom-client's Counter prints for the same increments, a label set from its first increment on", async () => {
    const { ours, theirs, tally, prom } = both();
    // Children made up front, as the request path keeps them; one never incremented prints nothing in either.
    const children = [
      { labels: { operation: 'taskStatus', code: '0' }, by: [1, 1, 1] },
      { labels: { operation: 'textToSpeech', code: '2107' }, by: [] },
      { labels: { operation: 'taskStatus', code: 'other' }, by: [2, 0.5] },
    ].map((c) => ({ ...c, ours: tally.child(c.labels), theirs: prom.labels(c.labels) }));
    for (const c of [...children].reverse())
      for (const by of c.by) {
        c.ours.inc(by);
        c.theirs.inc(by);
      }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    expect(await ours.metrics()).not.toContain('2107');
  });

  it('counts on for a child asked for again, and skips what is not a finite count up', async () => {
    const { ours, tally } = both();
    tally.child({ code: '0' }).inc();
    const again = tally.child({ code: '0' });
    again.inc();
    again.inc(-1);
    again.inc(Number.NaN);
    expect(await ours.metrics()).toContain('t_total{code="0"} 2');
  });

  it('reset zeroes the counts its children keep adding to', async () => {
    const { ours, tally } = both();
    const child = tally.child({ code: '0' });
    child.inc(5);
    ours.resetMetrics();
    child.inc();
    expect(await ours.metrics()).toContain('t_total{code="0"} 1');
  });
});
