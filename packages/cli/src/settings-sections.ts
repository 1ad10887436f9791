import { a2aSecuritySettings, a2aSettings } from '@orkeon/a2a';
import { coreSettingsSections, type SettingsSection } from '@orkeon/core';
import { mcpSettings } from '@orkeon/mcp';
import { postgresCheckpointingSettings } from '@orkeon/store-postgres';
import { sqliteCheckpointingSettings } from '@orkeon/store-sqlite';
import { shellSettings, toolFamilySettingsSections } from '@orkeon/tools';
import { importToolFamilyPackage } from './run/tool-family-packages.js';

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

/**
 * The sections above and those of every installed tool family (`Svc:Tools:*`), so
 * their settings are judged at start too. Only the family packages' entry points
 * load here; their libraries wait until a runtime builds the tools.
 */
export async function loadCliSettingsSections(): Promise<SettingsSection[]> {
  const known = new Set(cliSettingsSections.map((section) => section.path.toLowerCase()));
  const families = await toolFamilySettingsSections({ load: importToolFamilyPackage });
  return [...cliSettingsSections, ...families.filter((section) => !known.has(section.path.toLowerCase()))];
}
