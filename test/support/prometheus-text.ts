import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export interface Sample {
  value?: string;
  labels?: Record<string, string>;
  buckets?: Record<string, string>;
}
export interface Family {
  name: string;
  help: string;
  type: string;
  metrics: Sample[];
}

/** Scrapes GET /metrics and parses it with a Prometheus text-format parser. */
export async function scrapeMetrics(url: string): Promise<{ text: string; contentType: string; families: Map<string, Family> }> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  const text = await response.text();
  const families = new Map((parsePrometheusTextFormat(text) as Family[]).map((family) => [family.name, family]));
  return { text, contentType: response.headers.get('content-type') ?? '', families };
}

/** The value of the sample of `name` whose labels include `labels` (undefined when absent). */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  const sample = families.get(name)?.metrics.find((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value));
  return sample?.value === undefined ? undefined : Number(sample.value);
}

/**
 * The cumulative bucket counts of one label set of a histogram. The parser merges every label set of
 * a histogram into one, so the family's lines for that label set are parsed on their own.
 */
export function histogramBuckets(text: string, name: string, labels: Record<string, string>): Record<string, number> {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const lines = text
    .split('\n')
    .filter((line) => line.startsWith(`# HELP ${name} `) || line.startsWith(`# TYPE ${name} `) || (line.startsWith(`${name}_bucket{`) && wanted.every((w) => line.includes(w))));
  const [family] = parsePrometheusTextFormat(`${lines.join('\n')}\n`) as Family[];
  return Object.fromEntries(Object.entries(family?.metrics[0]?.buckets ?? {}).map(([le, count]) => [le, Number(count)]));
}
