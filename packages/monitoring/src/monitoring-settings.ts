import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** `Svc:Monitoring`: the in-process monitoring backend (reference brief §11, item 2; Beta). */
export const monitoringSettings = defineSettingsSection(
  'Svc:Monitoring',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe(
        'Whether addSvcMonitoring registers the metrics aggregation and the trace explorer; false registers nothing.',
      ),
    MaxTraceHistory: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(1000)
      .describe(
        'How many traces (spans sharing a trace id) the ring buffer keeps; when a new trace arrives beyond it, the trace least recently updated is dropped.',
      ),
    MetricsRetentionMinutes: z
      .number()
      .int()
      .min(1)
      .max(10_080)
      .default(60)
      .describe(
        'How many minutes of per-minute activity buckets (crew runs, task executions, model and tool calls, failed spans) the metrics snapshot keeps; totals count since the start whatever this says.',
      ),
    TraceSourcePrefix: z
      .string()
      .min(1)
      .default('orkeon')
      .describe(
        'Only spans and metrics whose instrumentation scope name starts with this (case-sensitive) are kept; Orkeon’s own scope is "orkeon".',
      ),
    PrometheusEndpoint: z
      .boolean()
      .default(false)
      .describe(
        'true serves the metrics in the Prometheus text format at GET /metrics on the A2A server of orkeon serve, behind the same guards (A2A:Security) as its other routes.',
      ),
  }),
  {
    description:
      'The monitoring backend (@orkeon/monitoring, Beta): metrics aggregation and a trace explorer over a ring buffer, fed in process by the spans and metrics runs emit (see docs/monitoring.md).',
  },
);

export type MonitoringSettings = SectionSettings<typeof monitoringSettings>;
