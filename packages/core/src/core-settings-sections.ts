import type { SettingsSection } from './config/settings-section.js';
import { llmSettings } from './llm/llm-settings.js';
import { loggingSettings } from './logging/logging-settings.js';

/** The settings sections `@orkeon/core` knows. Other packages export their own. */
export const coreSettingsSections: readonly SettingsSection[] = [loggingSettings, llmSettings];
