/**
 * Prometheus's text format as a test reads it (GET /metrics, decision 101): every sample line parsed, every
 * `# TYPE` family named; a line that is neither a comment nor a well-formed sample fails the parse.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  /** Each family's name and its type (counter, gauge, histogram …). */
  families: Map<string, string>;
  /** The sum of a metric's samples whose labels include `labels`. */
  sum(name: string, labels?: Record<string, string>): number;
}

// Prometheus reads a value as Go's ParseFloat does, so NaN in any case (prom-client writes `Nan` for a gauge not yet
// measured, such as the event loop's lag before its first sample).
const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:[0-9.e+-]+|[Nn][Aa][Nn]|\+Inf|-Inf))(?: \d+)?$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Scrape {
  const samples: Sample[] = [];
  const families = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) families.set(type[1]!, type[2]!);
      continue;
    }
    const m = sampleLine.exec(line);
    if (!m) throw new Error(`Not a line of Prometheus's text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(labelPair)) labels[key!] = value!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return {
    samples,
    families,
    sum: (name, labels = {}) =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((total, s) => total + s.value, 0),
  };
}
