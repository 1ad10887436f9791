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
    CaptureContent: z
      .boolean()
      .default(false)
      .describe(
        'Also record what was said: the messages sent to the model and its answer on each chat span (gen_ai.input.messages, gen_ai.output.messages), and each tool call’s arguments and result on its execute_tool span (gen_ai.tool.call.arguments, gen_ai.tool.call.result), each cut at 16,000 characters. Off by default: content may hold personal data and whatever the agents read.',
      ),
    Prices: z
      .record(z.string(), price)
      .default({})
      .describe(
        'Prices per model id, added to (and overriding) the built-in table used for the estimated-cost counter.',
      ),
  }),
  { description: 'OpenTelemetry export of the GenAI spans and metrics every run emits.' },
);
