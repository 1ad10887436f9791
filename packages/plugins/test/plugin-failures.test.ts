import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ConfigurationError,
  createRuntime,
  OrkeonError,
  ServiceCollection,
  type SettingsTree,
  ToolDefinitionError,
  ToolService,
} from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addSvcPlugins,
  PluginExportError,
  PluginLoadError,
  PluginRegistryService,
  PluginServicesBuildError,
} from '../src/index.js';
import { settingsOf, writeBundledPlugin, writeFiles } from './plugin-fixtures.js';

let folder: TemporaryDirectory;
let plugins: string;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
  plugins = join(folder.path, 'plugins');
  await mkdir(plugins);
});
afterEach(() => folder.remove());

const good = `export const name = 'good';
export const version = '2.0.0';
export function configureServices(services) {
  services.addInstance({ name: 'Tool' }, { name: 'never-used' });
  globalThis.goodPluginCalls = (globalThis.goodPluginCalls ?? 0) + 1;
}
`;

/** addSvcPlugins over `plugins` mounted at /plugins, with `Plugins` settings `section`. */
async function load(
  section: SettingsTree,
  services = new ServiceCollection(),
  logger = captureLogger({ level: 'info' }),
) {
  await addSvcPlugins(services, settingsOf({ Plugins: section }), {
    mounts: [`${plugins}:/plugins:ro`],
    logger: logger.logger,
  });
  return { services, registry: services.build().get(PluginRegistryService), logs: logger };
}

/** The error addSvcPlugins throws, or a failure of the test. */
async function loadError(section: SettingsTree): Promise<PluginLoadError> {
  const error = await load(section).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!PluginLoadError.isInstance(error)) throw new Error(`expected a PluginLoadError, got ${String(error)}`);
  return error;
}

describe('plugins that fail to load', () => {
  it('a broken module throws PluginLoadError naming the file, with the syntax error as its cause', async () => {
    await writeFiles(plugins, {
      'broken.mjs': 'export const name = "broken";\nexport function configureServices( {\n',
    });
    const error = await loadError({});
    expect(error.code).toBe('PLUGIN_LOAD_FAILED');
    expect(error.file).toBe('/plugins/broken.mjs');
    expect(error.message).toMatch(/^Plugin '\/plugins\/broken.mjs' could not be loaded: importing it failed: /);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('a module without configureServices gets an error naming what is missing', async () => {
    await writeFiles(plugins, { 'half.mjs': "export const name = 'half';\n" });
    const error = await loadError({});
    expect(error.message).toContain(
      "'/plugins/half.mjs' is not a plugin: it exports no 'version' (a non-empty string), no 'configureServices' (a function (services, context) => void).",
    );
    expect(PluginExportError.isInstance(error.cause)).toBe(true);
  });

  it('a missing directory, and a directory no mount covers, are load failures of the directory', async () => {
    expect(await loadError({ Directory: '/plugins/none' })).toMatchObject({
      file: '/plugins/none',
      message: expect.stringContaining('does not exist'),
    });
    expect((await loadError({ Directory: '/elsewhere' })).message).toContain(
      "No mount found for virtual path '/elsewhere'. Available mounts: /plugins",
    );
  });

  it('the mount decides what can be read: a plugin or a folder leading outside it is refused and never imported', async () => {
    const outside = join(folder.path, 'outside');
    await writeFiles(outside, {
      'escape.mjs': `export const name = 'escape'; export const version = '1';
export function configureServices() { globalThis.escapedPluginRan = true; }`,
    });
    await symlink(join(outside, 'escape.mjs'), join(plugins, 'escape.mjs'));
    const error = await loadError({});
    expect(error.file).toBe('/plugins/escape.mjs');
    expect(error.message).toContain('outside');
    expect((globalThis as { escapedPluginRan?: boolean }).escapedPluginRan).toBeUndefined();
    await symlink(outside, join(plugins, 'linked'));
    expect((await loadError({ Directory: '/plugins/linked' })).message).toContain('outside its mount');
  });

  it('ContinueOnError false stops at the first failure; true records it, warns and loads the others', async () => {
    await writeFiles(plugins, { 'a-broken.mjs': 'export default {', 'b-good.mjs': good });
    expect((await loadError({})).file).toBe('/plugins/a-broken.mjs');
    const { registry, logs } = await load({ ContinueOnError: true });
    expect(registry.plugins.map((plugin) => [plugin.name, plugin.version, plugin.file])).toEqual([
      ['good', '2.0.0', '/plugins/b-good.mjs'],
    ]);
    expect(registry.failures.map((failure) => failure.file)).toEqual(['/plugins/a-broken.mjs']);
    expect(registry.failures[0]?.error.code).toBe('PLUGIN_LOAD_FAILED');
    expect(logs.records().some((record) => record.level === 40 && String(record.msg).includes('a-broken.mjs'))).toBe(
      true,
    );
  });

  it('a configureServices that throws half-way leaves none of its registrations behind', async () => {
    await writeFiles(plugins, {
      'half-way.mjs': `export const name = 'half-way'; export const version = '1';
export function configureServices(services) {
  services.addInstance({ name: 'Tool' }, { name: 'half' });
  throw new Error('the licence file is missing');
}`,
    });
    const { services, registry } = await load({ ContinueOnError: true });
    expect(registry.failures[0]?.error.message).toContain('its configureServices threw: the licence file is missing');
    expect(services.has(ToolService)).toBe(false);
  });

  it('a plugin may not build the services, and two plugins may not share a name', async () => {
    await writeFiles(plugins, {
      'builds.mjs': `export const name = 'builds'; export const version = '1';
export function configureServices(services) { services.build(); }`,
      'copy-1.mjs': good,
      'copy-2.mjs': good,
    });
    const { registry } = await load({ ContinueOnError: true });
    expect(PluginServicesBuildError.isInstance(registry.failures[0]?.error.cause)).toBe(true);
    expect(registry.failures[1]?.error.message).toContain(
      "A plugin named 'good' is already loaded from '/plugins/copy-1.mjs'.",
    );
  });

  it('Plugins:Settings naming no loaded plugin is refused; unknown Plugins keys are refused at start', async () => {
    await writeFiles(plugins, { 'good.mjs': good });
    await expect(load({ Settings: { godo: {} } })).rejects.toMatchObject({
      code: 'PLUGIN_SETTINGS_UNKNOWN',
      message: expect.stringContaining(
        "Plugins:Settings names 'godo', which no loaded plugin is called. Loaded plugins: good.",
      ),
    });
    expect(() => settingsOf({ Plugins: { Directroy: '/x' } })).toThrow(ConfigurationError);
    expect(() => settingsOf({ Plugins: { Directroy: '/x' } })).toThrow(/Directroy/);
  });

  it('a second addSvcPlugins on the same collection loads nothing again', async () => {
    await writeFiles(plugins, { 'counted.mjs': good.replace("'good'", "'counted'") });
    const services = new ServiceCollection();
    const before = (globalThis as { goodPluginCalls?: number }).goodPluginCalls ?? 0;
    await load({}, services);
    await load({}, services);
    expect((globalThis as { goodPluginCalls?: number }).goodPluginCalls).toBe(before + 1);
  });
});

describe('a plugin that bundles its own copy of @orkeon/core', () => {
  it('registers with its own ToolService token and the tool reaches the host; its errors pass isInstance', async () => {
    await writeBundledPlugin(
      plugins,
      'bundled-tool.mjs',
      `import { defineTool, ToolService } from '@orkeon/core';
import { z } from 'zod';
export const name = 'bundled-tool';
export const version = '1.0.0';
export const ownToolService = ToolService;
export function configureServices(services) {
  services.addInstance(ToolService, defineTool({
    name: 'shout', description: 'Upper-cases a text', input: z.object({ text: z.string() }),
    execute: async ({ text }) => text.toUpperCase(),
  }));
}`,
    );
    await writeBundledPlugin(
      plugins,
      'bundled-failing.mjs',
      `import { defineTool } from '@orkeon/core';
import { z } from 'zod';
export const name = 'bundled-failing';
export const version = '1.0.0';
export function configureServices() {
  defineTool({ name: 'not a name', description: '', input: z.object({}), execute: async () => '' });
}`,
    );
    const { services, registry } = await load({ ContinueOnError: true });
    const loaded = registry.plugins[0];
    expect(loaded?.name).toBe('bundled-tool');
    // A different object from the host's token: only the name is the same.
    const ownToken = (loaded?.plugin as unknown as { ownToolService: unknown } | undefined)?.ownToolService;
    expect(ownToken).not.toBe(ToolService);
    expect(ownToken).toEqual(ToolService);
    await using runtime = await createRuntime({ services });
    expect(runtime.tools.get('shout')).toBeDefined();
    const cause = registry.failures[0]?.error.cause;
    expect(cause).not.toBeInstanceOf(ToolDefinitionError);
    expect(ToolDefinitionError.isInstance(cause)).toBe(true);
    expect(OrkeonError.isInstance(cause)).toBe(true);
  }, 20_000);
});
