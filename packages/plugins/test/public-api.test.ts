import type { Configuration, Logger, ServiceCollection, ServiceToken } from '@orkeon/core';
import { OrkeonError } from '@orkeon/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AddSvcPluginsOptions,
  addSvcPlugins,
  definePlugin,
  type LoadedPlugin,
  type OrkeonPlugin,
  type PluginContext,
  type PluginErrorCode,
  type PluginFailure,
  PluginLoadError,
  type PluginRegistry,
  PluginRegistryService,
  type PluginSettings,
  pluginErrorCodes,
} from '../src/index.js';

describe('the public API of @orkeon/plugins', () => {
  it('types addSvcPlugins as an async registration like the other addSvc functions', () => {
    expectTypeOf(addSvcPlugins).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcPlugins).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addSvcPlugins).parameter(2).toEqualTypeOf<AddSvcPluginsOptions | undefined>();
    expectTypeOf(addSvcPlugins).returns.toEqualTypeOf<Promise<ServiceCollection>>();
    expectTypeOf(PluginRegistryService).toEqualTypeOf<ServiceToken<PluginRegistry>>();
    expectTypeOf<PluginRegistry['plugins']>().toEqualTypeOf<readonly LoadedPlugin[]>();
    expectTypeOf<PluginFailure['error']>().toEqualTypeOf<PluginLoadError>();
  });

  it('types a plugin: definePlugin keeps what it is given and refuses a plugin without configureServices', () => {
    const plugin = definePlugin({ name: 'p', version: '1.0.0', configureServices: () => {} });
    expectTypeOf(plugin).toExtend<OrkeonPlugin>();
    expectTypeOf(plugin.name).toEqualTypeOf<string>();
    expectTypeOf<OrkeonPlugin['configureServices']>().parameters.toEqualTypeOf<[ServiceCollection, PluginContext]>();
    expectTypeOf<OrkeonPlugin['configureServices']>().returns.toEqualTypeOf<void | Promise<void>>();
    expectTypeOf<PluginContext['logger']>().toEqualTypeOf<Logger>();
    expectTypeOf<PluginContext['settings']>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
    // @ts-expect-error a plugin needs configureServices
    definePlugin({ name: 'p', version: '1.0.0' });
    expect(plugin.version).toBe('1.0.0');
  });

  it('types the settings and the error codes', () => {
    expectTypeOf<PluginSettings>().toEqualTypeOf<{
      Directory: string;
      SearchPattern: string;
      ContinueOnError: boolean;
      Settings: Record<string, Record<string, unknown>>;
    }>();
    expectTypeOf<PluginErrorCode>().toEqualTypeOf<
      'PLUGIN_LOAD_FAILED' | 'PLUGIN_EXPORT_INVALID' | 'PLUGIN_SERVICES_BUILD_REFUSED' | 'PLUGIN_SETTINGS_UNKNOWN'
    >();
    expectTypeOf<PluginLoadError['code']>().toEqualTypeOf<PluginErrorCode>();
    const error = new PluginLoadError('/plugins/a.mjs', 'reason');
    expect(OrkeonError.isInstance(error)).toBe(true);
    expect(Object.keys(pluginErrorCodes)).toContain(error.code);
  });
});
