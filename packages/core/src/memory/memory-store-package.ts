import type { Configuration } from '../config/configuration.js';
import type { SettingsSection } from '../config/settings-section.js';
import type { ServiceCollection } from '../services/service-collection.js';

/**
 * What a memory store package exports as `memoryStorePackage`, so that a host loads it by
 * type (the `orkeon` command does, when `Memory:Provider` names the type or the store's
 * settings section is present): its type, its settings sections, its registration.
 */
export interface MemoryStorePackage {
  readonly type: string;
  readonly settingsSections: readonly SettingsSection[];
  register(services: ServiceCollection, configuration: Configuration): ServiceCollection;
}

/** True when `value` has the shape of a `MemoryStorePackage` (a package of another copy of core included). */
export function isMemoryStorePackage(value: unknown): value is MemoryStorePackage {
  const candidate = value as Partial<MemoryStorePackage> | undefined;
  return (
    typeof candidate?.type === 'string' &&
    Array.isArray(candidate.settingsSections) &&
    typeof candidate.register === 'function'
  );
}
