/**
 * Histograms and counters for the hot paths (every HTTP request, NATS request, public read).
 * prom-client's own checks and hashes the labels at each observation, even through a labelled
 * child (a few microseconds per request with three families); here the caller keeps the series
 * of each label set, and an observation is a bucket search and two additions. The families
 * give prom-client's registry what its own histograms and counters give (get()), so that the
 * text of a scrape is the same.
 */

type Labels = Record<string, string>;

interface Value {
  labels: Labels;
  value: number;
  metricName?: string;
}

interface Exported {
  name: string;
  help: string;
  type: 'histogram' | 'counter';
  aggregator: 'sum';
  values: Value[];
}

/** One series of a HotHistogram. */
export class HotObserver {
  /** Observations per bucket (not cumulative), the last one past every bound (+Inf). */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number) {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]) i += 1;
    this.counts[i] += 1;
    this.sum += value;
    this.count += 1;
  }
}

export class HotHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly all: HotObserver[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  /** A new series with these labels: the caller keeps it and asks once per label set. */
  series(labels: Labels): HotObserver {
    const series = new HotObserver(labels, this.bounds);
    this.all.push(series);
    return series;
  }

  get(): Promise<Exported> {
    const values: Value[] = [];
    const bucket = `${this.name}_bucket`;
    for (const series of this.all) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += series.counts[i];
        values.push({
          labels: { le: String(bound), ...series.labels },
          value: cumulative,
          metricName: bucket,
        });
      });
      values.push(
        { labels: { le: '+Inf', ...series.labels }, value: series.count, metricName: bucket },
        { labels: series.labels, value: series.sum, metricName: `${this.name}_sum` },
        { labels: series.labels, value: series.count, metricName: `${this.name}_count` },
      );
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }

  reset() {
    for (const series of this.all) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}

/** One series of a HotCounter. */
export class HotCount {
  value = 0;

  constructor(readonly labels: Labels) {}

  inc() {
    this.value += 1;
  }
}

export class HotCounter {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  private readonly all: HotCount[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  series(labels: Labels): HotCount {
    const series = new HotCount(labels);
    this.all.push(series);
    return series;
  }

  get(): Promise<Exported> {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.all.map((series) => ({ labels: series.labels, value: series.value })),
    });
  }

  reset() {
    for (const series of this.all) series.value = 0;
  }
}
