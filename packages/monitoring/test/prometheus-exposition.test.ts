import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { describe, expect, it } from 'vitest';
import { InProcessMetricReader, labelName, metricName, renderPrometheus } from '../src/index.js';

// The Prometheus text rendering, fed by a real meter provider through the in-process reader.

async function rendered(record: (provider: MeterProvider) => void, scopePrefix = 'orkeon'): Promise<string> {
  const reader = new InProcessMetricReader();
  const provider = new MeterProvider({ readers: [reader] });
  record(provider);
  const text = renderPrometheus(await reader.read(), scopePrefix);
  await provider.shutdown();
  return text;
}

describe('renderPrometheus', () => {
  it('renders counters with _total, histograms with cumulative buckets, _sum and _count', async () => {
    const text = await rendered((provider) => {
      const meter = provider.getMeter('orkeon');
      meter
        .createCounter('orkeon.tool.executions', { description: 'Tool calls made.' })
        .add(2, { 'gen_ai.tool.name': 'a' });
      const histogram = meter.createHistogram('gen_ai.client.operation.duration', {
        unit: 's',
        description: 'Duration.',
        advice: { explicitBucketBoundaries: [0.1, 1] },
      });
      for (const seconds of [0.05, 0.5, 5]) histogram.record(seconds);
    });
    expect(text).toBe(
      [
        '# HELP orkeon_tool_executions_total Tool calls made.',
        '# TYPE orkeon_tool_executions_total counter',
        'orkeon_tool_executions_total{gen_ai_tool_name="a"} 2',
        '# HELP gen_ai_client_operation_duration Duration.',
        '# TYPE gen_ai_client_operation_duration histogram',
        'gen_ai_client_operation_duration_bucket{le="0.1"} 1',
        'gen_ai_client_operation_duration_bucket{le="1"} 2',
        'gen_ai_client_operation_duration_bucket{le="+Inf"} 3',
        'gen_ai_client_operation_duration_sum 5.55',
        'gen_ai_client_operation_duration_count 3',
        '',
      ].join('\n'),
    );
  });

  it('sanitizes names and escapes label values; other scopes are left out', async () => {
    const text = await rendered((provider) => {
      provider.getMeter('orkeon').createUpDownCounter('9.queue-depth').add(3, { 'task id': 'a "b"\\\nc' });
      provider.getMeter('acme').createCounter('acme.calls').add(1);
    });
    expect(text).toContain('# TYPE _9_queue_depth gauge');
    expect(text).toContain('_9_queue_depth{task_id="a \\"b\\"\\\\\\nc"} 3');
    expect(text).not.toContain('acme');
    expect(metricName('gen_ai.client.token.usage')).toBe('gen_ai_client_token_usage');
    expect(metricName('a:b')).toBe('a:b');
    expect(labelName('a:b')).toBe('a_b');
    expect(renderPrometheus(undefined, 'orkeon')).toBe('');
  });
});
