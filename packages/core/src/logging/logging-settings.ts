import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const loggingSettings = defineSettingsSection(
  'Logging',
  z.object({
    Level: z
      .enum(logLevels)
      .default('warn')
      .describe('Lowest level written. `-v` raises it to info, `-vv` to debug, `-vvv` to trace.'),
    Format: z
      .enum(['auto', 'json', 'pretty'])
      .default('auto')
      .describe('`auto` writes readable lines on a terminal and JSON lines otherwise.'),
  }),
  { description: 'Diagnostic logs, written to standard error.' },
);
