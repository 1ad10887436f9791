import { coreSettingsSections, type SettingsSection } from '@orkeon/core';

/** Every settings section the `orkeon` command judges settings against. */
export const cliSettingsSections: readonly SettingsSection[] = [...coreSettingsSections];
