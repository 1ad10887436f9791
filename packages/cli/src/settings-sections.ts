import { a2aSecuritySettings, a2aSettings } from '@orkeon/a2a';
import { coreSettingsSections, type SettingsSection } from '@orkeon/core';
import { mcpSettings } from '@orkeon/mcp';
import { postgresCheckpointingSettings } from '@orkeon/store-postgres';
import { sqliteCheckpointingSettings } from '@orkeon/store-sqlite';
import { shellSettings } from '@orkeon/tools';

/** Every settings section the `orkeon` command judges settings against. */
export const cliSettingsSections: readonly SettingsSection[] = [
  ...coreSettingsSections,
  shellSettings,
  postgresCheckpointingSettings,
  sqliteCheckpointingSettings,
  a2aSettings,
  a2aSecuritySettings,
  mcpSettings,
];
