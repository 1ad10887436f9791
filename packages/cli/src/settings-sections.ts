import { a2aSecuritySettings, a2aSettings } from '@orkeon/a2a';
import { coreSettingsSections, type SettingsSection } from '@orkeon/core';
import { postgresCheckpointingSettings } from '@orkeon/store-postgres';
import { shellSettings } from '@orkeon/tools';

/** Every settings section the `orkeon` command judges settings against. */
export const cliSettingsSections: readonly SettingsSection[] = [
  ...coreSettingsSections,
  shellSettings,
  postgresCheckpointingSettings,
  a2aSettings,
  a2aSecuritySettings,
];
