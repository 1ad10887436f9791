import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type ChatModel, Configuration, coreSettingsSections, type SettingsTree } from '@orkeon/core';
import { build } from 'esbuild';
import { pluginSettings } from '../src/index.js';

/** The folder of the example plugins (examples/plugins), mounted at /plugins by the tests. */
export const examplePlugins = fileURLToPath(new URL('../../../examples/plugins', import.meta.url));
const repositoryModules = fileURLToPath(new URL('../../../node_modules', import.meta.url));

/** Settings judged against the core sections and `Plugins`. */
export function settingsOf(tree: SettingsTree): Configuration {
  return Configuration.fromObject(tree, [...coreSettingsSections, pluginSettings]);
}

/** Writes files (path inside `folder` → text), making folders as needed. */
export async function writeFiles(folder: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), text);
  }
}

/**
 * Bundles `source` (a plugin importing `@orkeon/core`) into `folder/file` with its own copy of
 * `@orkeon/core` inside, as a bundler builds a plugin; other packages stay imports, found
 * through a `node_modules` link in `folder`.
 */
export async function writeBundledPlugin(folder: string, file: string, source: string): Promise<void> {
  const entry = join(folder, '.source', `${file}.ts`);
  await writeFiles(folder, { [join('.source', `${file}.ts`)]: source });
  await symlink(repositoryModules, join(folder, 'node_modules')).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await build({
    entryPoints: [entry],
    outfile: join(folder, file),
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: ['@orkeon/source'],
    keepNames: true,
    logLevel: 'error',
    plugins: [
      {
        name: 'only-core-inside',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === '@orkeon/core' ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/** A model that talks to the scripted model server's OpenAI dialect. */
export function scriptedModel(baseUrl: string, modelId = 'scripted'): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: baseUrl });
  return { provider: 'openai', modelId, model: provider.chatModel(modelId), supportsStreaming: true };
}
