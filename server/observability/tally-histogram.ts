import type { Registry } from 'prom-client';

/** One label set's counts: per bucket (not yet cumulative), and the sum and count of what it saw. */
type Tally = { labels: Readonly<Record<string, string>>; buckets: Float64Array; sum: number; count: number };

/** One exposition line's parts, as prom-client's registry reads them from a metric. */
type ValuePair = {
  labels: Record<string, string | number>;
  sharedLabels: Readonly<Record<string, string>>;
  value: number;
  metricName: string;
};

/**
 * A histogram for the request path: a label set's child counts in plain numbers, so an observation is a bucket search
 * and three additions. prom-client's bound children build and hash their label object again on every observation
 * (3.7 µs a proxied status request for its three, measured). The same exposition as prom-client's `Histogram`
 * (cumulative `_bucket` lines with `le`, then `_sum` and `_count`), registered in its registry, which reads a metric's
 * `name`, `type` and values.
 */
export class TallyHistogram {
  readonly type = 'histogram';
  private readonly tallies = new Map<string, Tally>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // The registry keeps any object with a name and the reads below (prom-client's own metrics are such objects).
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** The child of one label set: made once, then kept by the caller. */
  child(labels: Readonly<Record<string, string>>): { observe(value: number): void } {
    const key = JSON.stringify(labels);
    let tally = this.tallies.get(key);
    if (tally === undefined) {
      tally = { labels, buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 };
      this.tallies.set(key, tally);
    }
    const { bounds } = this;
    const t = tally;
    return {
      observe(value) {
        if (!Number.isFinite(value)) return;
        t.sum += value;
        t.count += 1;
        for (let i = 0; i < bounds.length; i++)
          if (value <= bounds[i]!) {
            t.buckets[i]! += 1;
            return;
          }
      },
    };
  }

  /** What the registry prints: per label set, cumulative buckets, `+Inf`, the sum and the count. */
  getForPromString(): { name: string; help: string; type: string; values: ValuePair[]; aggregator: 'sum' } {
    const values: ValuePair[] = [];
    for (const { labels, buckets, sum, count } of this.tallies.values()) {
      let seen = 0;
      for (let i = 0; i < this.bounds.length; i++) {
        seen += buckets[i]!;
        values.push({ labels: { le: this.bounds[i]! }, sharedLabels: labels, value: seen, metricName: `${this.name}_bucket` });
      }
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' };
  }

  /** The same as JSON reads it: each line's labels in one object. */
  get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...sharedLabels, ...labels } })),
    };
  }

  /** Every count back to zero, in place: the children handed out keep counting into their tallies. */
  reset(): void {
    for (const tally of this.tallies.values()) {
      tally.buckets.fill(0);
      tally.sum = 0;
      tally.count = 0;
    }
  }
}
