// Loading settings against the least work that gives the same typed result:
// JSON.parse of the file plus a zod parse of the section. The difference is what
// case-insensitive keys, three sources, origins and the start-up judgement cost.
import {
  Configuration,
  coreSettingsSections,
  llmSettings,
  parseSettingsText,
  settingsFromEnvironment,
} from '../packages/core/src/index.js';
import type { BenchmarkGroup } from './benchmark-group.js';

const text = JSON.stringify({
  Logging: { Level: 'info' },
  Llm: { Model: 'gpt-5', BaseUrl: 'https://api.example.com/v1', Temperature: 0.2, MaxRetries: 4 },
});
const environment = { SVC_Llm__ApiKey: 'sk-bench-key', PATH: '/usr/bin', HOME: '/root' };

export const configurationBenchmarks: BenchmarkGroup = {
  title: 'Configuration',
  anchor: 'JSON.parse + zod parse',
  notes:
    'Settings are loaded once per program start; the extra cost buys case-insensitive keys, three sources with origins for messages, and judging every key.',
  cases: [
    {
      name: 'read file text + environment, judge, bind Llm',
      ours: () =>
        Configuration.fromLayers(
          [parseSettingsText(text, 'appsettings.json'), settingsFromEnvironment(environment)],
          coreSettingsSections,
        ).get(llmSettings),
      anchor: () => {
        const tree = JSON.parse(text) as { Llm: Record<string, unknown> };
        return llmSettings.schema.parse({ ...tree.Llm, ApiKey: environment.SVC_Llm__ApiKey });
      },
    },
  ],
};
