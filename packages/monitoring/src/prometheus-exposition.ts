import type { Attributes, AttributeValue } from '@opentelemetry/api';
import { DataPointType, type MetricData, type ResourceMetrics } from '@opentelemetry/sdk-metrics';

/** The content type of the Prometheus text exposition format, version 0.0.4. */
export const prometheusContentType = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * Renders cumulative OpenTelemetry metrics in the Prometheus text exposition format:
 * counters as `<name>_total`, histograms as `<name>_bucket{le=…}` (cumulative, ending at
 * `+Inf`), `<name>_sum` and `<name>_count`, gauges and up-down sums as gauges. Names and
 * label names are sanitized to Prometheus' rules (every other character becomes `_`, a
 * leading digit gets a `_` before it); label values are escaped.
 */
export function renderPrometheus(metrics: ResourceMetrics | undefined, scopePrefix: string): string {
  const lines: string[] = [];
  for (const scope of metrics?.scopeMetrics ?? []) {
    if (!scope.scope.name.startsWith(scopePrefix)) continue;
    for (const metric of scope.metrics) lines.push(...renderMetric(metric));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function renderMetric(metric: MetricData): string[] {
  const base = metricName(metric.descriptor.name);
  const help = metric.descriptor.description.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');
  switch (metric.dataPointType) {
    case DataPointType.SUM: {
      const counter = metric.isMonotonic;
      const name = counter && !base.endsWith('_total') ? `${base}_total` : base;
      return [
        `# HELP ${name} ${help}`,
        `# TYPE ${name} ${counter ? 'counter' : 'gauge'}`,
        ...metric.dataPoints.map((point) => `${name}${labels(point.attributes)} ${number(point.value)}`),
      ];
    }
    case DataPointType.GAUGE:
      return [
        `# HELP ${base} ${help}`,
        `# TYPE ${base} gauge`,
        ...metric.dataPoints.map((point) => `${base}${labels(point.attributes)} ${number(point.value)}`),
      ];
    case DataPointType.HISTOGRAM: {
      const lines = [`# HELP ${base} ${help}`, `# TYPE ${base} histogram`];
      for (const point of metric.dataPoints) {
        const { boundaries, counts } = point.value.buckets;
        let cumulative = 0;
        boundaries.forEach((boundary, index) => {
          cumulative += counts[index] ?? 0;
          lines.push(`${base}_bucket${labels(point.attributes, ['le', number(boundary)])} ${cumulative}`);
        });
        lines.push(`${base}_bucket${labels(point.attributes, ['le', '+Inf'])} ${point.value.count}`);
        lines.push(`${base}_sum${labels(point.attributes)} ${number(point.value.sum ?? 0)}`);
        lines.push(`${base}_count${labels(point.attributes)} ${point.value.count}`);
      }
      return lines;
    }
    default:
      // Exponential histograms: Orkeon's instruments never produce them, and the text format has no such type.
      return [];
  }
}

/** A metric name as Prometheus allows it: `[a-zA-Z_:][a-zA-Z0-9_:]*`. */
export function metricName(name: string): string {
  const sanitized = name.replace(/[^a-zA-Z0-9_:]/g, '_');
  return /^[0-9]/.test(sanitized) ? `_${sanitized}` : sanitized;
}

/** A label name as Prometheus allows it: `[a-zA-Z_][a-zA-Z0-9_]*`. */
export function labelName(name: string): string {
  const sanitized = name.replace(/[^a-zA-Z0-9_]/g, '_');
  return /^[0-9]/.test(sanitized) ? `_${sanitized}` : sanitized;
}

function labels(attributes: Attributes, extra?: readonly [string, string]): string {
  const pairs = Object.entries(attributes)
    .filter((entry): entry is [string, AttributeValue] => entry[1] !== undefined)
    .map(
      ([key, value]) =>
        `${labelName(key)}="${escapeValue(Array.isArray(value) ? JSON.stringify(value) : String(value))}"`,
    );
  if (extra !== undefined) pairs.push(`${extra[0]}="${extra[1]}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}

function escapeValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

function number(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}
