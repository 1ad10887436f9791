import type { SettingsSection } from '@orkeon/core';
import { loadToolFamilies, type ToolFamilyLoadOptions } from './load-tool-family.js';

/**
 * The settings sections of every family whose package is installed (`Svc:Tools:*`),
 * so a program judges them at start like its own. Only the family packages' entry
 * points load: their libraries wait for `createTools`.
 */
export async function toolFamilySettingsSections(options: ToolFamilyLoadOptions = {}): Promise<SettingsSection[]> {
  const sections = new Map<string, SettingsSection>();
  for (const availability of await loadToolFamilies(options)) {
    if ('error' in availability) continue;
    for (const section of availability.family.settingsSections) sections.set(section.path.toLowerCase(), section);
  }
  return [...sections.values()];
}
