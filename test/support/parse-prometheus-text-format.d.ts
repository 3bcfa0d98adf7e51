declare module 'parse-prometheus-text-format' {
  /** Metric families of a Prometheus text exposition (the package ships no types). */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
