import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** `Plugins`: where plugins are found and what a failure does (reference brief §11, item 17). */
export const pluginSettings = defineSettingsSection(
  'Plugins',
  z.object({
    Directory: z
      .string()
      .min(1)
      .default('/plugins')
      .describe(
        'The virtual path (of a mount, internal mounts included) that holds the plugins; the mount must allow reading.',
      ),
    SearchPattern: z
      .string()
      .min(1)
      .default('*.mjs')
      .describe(
        "Which files directly in Directory are plugins (a glob on the name, e.g. '*.{mjs,js}'). A sub-folder is a plugin when it has a package.json naming its module (exports or main) or an index.mjs.",
      ),
    ContinueOnError: z
      .boolean()
      .default(false)
      .describe(
        'false: the first plugin that fails stops the start with PLUGIN_LOAD_FAILED. true: the failure is recorded in the registry, logged as a warning, and the other plugins load.',
      ),
    Settings: z
      .record(z.string(), z.record(z.string(), z.unknown()))
      .default({})
      .describe(
        "Settings per plugin, by the plugin's name: any JSON object, handed to its configureServices as context.settings (the plugin checks them). A name no plugin has is refused.",
      ),
  }),
  {
    description:
      'Plugins (@orkeon/plugins, Beta): ES modules found through the file system that register tools, model providers and stores. They run with full trust.',
  },
);

export type PluginSettings = SectionSettings<typeof pluginSettings>;
