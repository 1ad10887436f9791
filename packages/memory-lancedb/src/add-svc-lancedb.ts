import { resolve } from 'node:path';
import { type Configuration, MemoryStoreFactoryService, type ServiceCollection } from '@orkeon/core';
import { LanceDbMemorySettingsError } from './lancedb-memory-errors.js';
import type { LanceDbMemoryProviderOptions } from './lancedb-memory-provider-options.js';
import { type LanceDbMemorySettings, lanceDbMemorySettings } from './lancedb-memory-settings.js';

export interface AddSvcLanceDbOptions {
  /** What a relative folder `Uri` starts from. Default the working directory. */
  readonly baseDirectory?: string;
}

/**
 * Offers the LanceDB memory store as the `lancedb` type (alias `lance`) of `Memory:Provider`
 * and crews' `memoryProvider`. Reads and judges `Svc:Memory:LanceDb` now: a `db://` URI
 * without `ApiKey`, or `Deployment` `enterprise` without `HostOverride`, refuses the start.
 * The table opens when a crew or agent first remembers and closes with the runtime.
 *
 * @beta The API may change before v1.
 */
export function addSvcLanceDb(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcLanceDbOptions = {},
): ServiceCollection {
  const providerOptions = lanceDbProviderOptions(configuration.get(lanceDbMemorySettings), options);
  return services.add(MemoryStoreFactoryService, 'singleton', () => ({
    type: 'lancedb',
    create: async ({ logger }) => {
      // The native client loads when the store is first used, not when the package is.
      const { LanceDbMemoryProvider } = await import('./lancedb-memory-provider.js');
      const provider = new LanceDbMemoryProvider({ ...providerOptions, logger });
      // Opened now, so that a wrong folder, URI or key shows when the store is first asked for.
      await provider.open();
      return provider;
    },
  }));
}

/** The provider's options from the settings; `LanceDbMemorySettingsError` for settings that cannot work together. */
export function lanceDbProviderOptions(
  settings: LanceDbMemorySettings,
  options: AddSvcLanceDbOptions = {},
): LanceDbMemoryProviderOptions {
  const remote = settings.Uri.startsWith('db://');
  if (remote && settings.ApiKey === undefined)
    throw new LanceDbMemorySettingsError(
      'ApiKey',
      `is missing, and Uri '${settings.Uri}' names a LanceDB Cloud database`,
      'set Svc:Memory:LanceDb:ApiKey (for example SVC_Svc__Memory__LanceDb__ApiKey), or give a folder as Uri for the embedded database',
    );
  if (remote && settings.Deployment === 'enterprise' && settings.HostOverride === undefined)
    throw new LanceDbMemorySettingsError(
      'HostOverride',
      'is missing, and Deployment is enterprise',
      'set HostOverride to the address of your LanceDB Enterprise server (https://…)',
    );
  if (!remote && settings.Deployment === 'enterprise')
    throw new LanceDbMemorySettingsError(
      'Deployment',
      `is enterprise, and Uri '${settings.Uri}' is a folder`,
      'give Uri as db://<database> with HostOverride, or remove Deployment for the embedded database',
    );
  return {
    uri: remote ? settings.Uri : resolve(options.baseDirectory ?? process.cwd(), settings.Uri),
    table: settings.Table,
    indexThreshold: settings.IndexThreshold,
    ...(settings.Dimensions === undefined ? {} : { dimensions: settings.Dimensions }),
    ...(remote && settings.ApiKey !== undefined ? { apiKey: settings.ApiKey } : {}),
    ...(remote ? { region: settings.Region } : {}),
    ...(remote && settings.HostOverride !== undefined ? { hostOverride: settings.HostOverride } : {}),
  };
}
