import type { z } from 'zod';
import { ConfigurationError } from './configuration-error.js';
import type { SettingsSection } from './settings-section.js';

/**
 * Applies a section's defaults to settings written in code (a tool factory's options)
 * and checks them as the configuration would: a bad value throws a `ConfigurationError`
 * naming the full key (`Svc:Tools:Code:MaxStackBytes`), before anything is built.
 */
export function bindSettingsInCode<Schema extends z.ZodObject>(
  section: SettingsSection<Schema>,
  settings: z.input<Schema>,
): z.output<Schema> {
  const parsed = section.schema.safeParse(settings);
  if (parsed.success) return parsed.data;
  throw new ConfigurationError(
    parsed.error.issues.map((issue) => {
      const key = [section.path, ...issue.path.map(String)].join(':');
      return { key, message: `Setting '${key}' is not allowed: ${issue.message}.` };
    }),
  );
}
