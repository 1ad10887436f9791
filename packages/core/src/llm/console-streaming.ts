import { z } from 'zod';
import type { Configuration } from '../config/configuration.js';
import { defineSettingsSection } from '../config/settings-section.js';
import type { ServiceCollection } from '../services/service-collection.js';
import { serviceToken } from '../services/service-token.js';

/** Receives the streamed text of assistant turns, e.g. to show it on the console. */
export type LlmDeltaSink = (delta: string) => void;

export const LlmDeltaSinkService = serviceToken<LlmDeltaSink>('LlmDeltaSink');

export const consoleStreamingSettings = defineSettingsSection(
  'Svc:Cli:ConsoleStreaming',
  z.object({
    Enabled: z
      .boolean()
      .default(false)
      .describe(
        'Write the text of each assistant turn to the console as it streams (with a streaming-capable provider).',
      ),
  }),
  { description: 'Native console streaming of model output.' },
);

/**
 * With `Svc:Cli:ConsoleStreaming:Enabled = true`, registers a sink that writes each
 * streamed text delta of `act` to the console (standard output by default); a
 * caller's `onDelta` still receives them too. Without the flag, nothing is
 * registered and output stays buffered.
 */
export function addLlmConsoleStreaming(
  services: ServiceCollection,
  configuration: Configuration,
  output: NodeJS.WritableStream = process.stdout,
): ServiceCollection {
  if (!configuration.get(consoleStreamingSettings).Enabled) return services;
  return services.tryAddInstance(LlmDeltaSinkService, (delta: string) => {
    output.write(delta);
  });
}
