import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';

const price = z.strictObject({
  InputPerMillionTokens: z.number().min(0).describe('US dollars per million input tokens.'),
  OutputPerMillionTokens: z.number().min(0).describe('US dollars per million output tokens.'),
});

export const telemetrySettings = defineSettingsSection(
  'Telemetry',
  z.object({
    OtlpEndpoint: z
      .string()
      .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), {
        message: 'it must be an absolute http:// or https:// URL',
      })
      .optional()
      .describe(
        'OTLP/HTTP collector base URL (spans go to `<url>/v1/traces`, metrics to `<url>/v1/metrics`). The standard `OTEL_EXPORTER_OTLP_ENDPOINT` variable is used when this is absent.',
      ),
    ExportToConsole: z.boolean().default(false).describe('Also write spans and metrics to the console.'),
    ServiceName: z.string().min(1).default('orkeon').describe('The `service.name` of exported telemetry.'),
    Prices: z
      .record(z.string(), price)
      .default({})
      .describe(
        'Prices per model id, added to (and overriding) the built-in table used for the estimated-cost counter.',
      ),
  }),
  { description: 'OpenTelemetry export of the GenAI spans and metrics every run emits.' },
);
