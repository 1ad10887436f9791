import {
  type Configuration,
  canonicalMemoryType,
  isMemoryStorePackage,
  type MemoryStorePackage,
  memorySettings,
  type ServiceCollection,
} from '@orkeon/core';

/**
 * The memory store packages `orkeon` uses when they are installed beside it. None is a
 * dependency of the command: a user of the SQLite store never downloads a Redis or
 * LanceDB client.
 */
export const memoryStorePackageNames = [
  '@orkeon/memory-postgres',
  '@orkeon/memory-redis',
  '@orkeon/memory-lancedb',
  '@orkeon/memory-chroma',
  '@orkeon/memory-pinecone',
] as const;

const importPackage = (name: string): Promise<unknown> => import(name);

/** The installed memory store packages, in the order above; one that is not installed is left out. */
export async function installedMemoryStorePackages(
  load: (name: string) => Promise<unknown> = importPackage,
): Promise<MemoryStorePackage[]> {
  const found: MemoryStorePackage[] = [];
  for (const name of memoryStorePackageNames) {
    let module: unknown;
    try {
      // The light entry point: settings and registration, no database client.
      module = await load(`${name}/store`);
    } catch (error) {
      if (isMissing(error, name)) continue;
      throw error;
    }
    const descriptor = (module as { memoryStorePackage?: unknown }).memoryStorePackage;
    if (isMemoryStorePackage(descriptor)) found.push(descriptor);
  }
  return found;
}

/**
 * Registers each installed store that `Memory:Provider` names or whose settings section is
 * present (so a crew's `memoryProvider` can use it); a store no setting mentions stays out,
 * and its required settings are not asked for.
 */
export function addConfiguredMemoryStores(
  services: ServiceCollection,
  configuration: Configuration,
  packages: readonly MemoryStorePackage[],
): void {
  const provider = configuration.get(memorySettings).Provider;
  const selected = provider === undefined ? undefined : canonicalMemoryType(provider);
  for (const descriptor of packages) {
    const named = canonicalMemoryType(descriptor.type) === selected;
    if (named || descriptor.settingsSections.some((section) => configuration.has(section.path)))
      descriptor.register(services, configuration);
  }
}

/** True when the import failed because the package itself is not installed (not one of its own imports). */
function isMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    message.includes(`'${name}`)
  );
}
