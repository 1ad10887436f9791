import type { Configuration } from '../config/configuration.js';
import { DlpChannelGuardService } from '../dlp/dlp-channel-guard.js';
import { withDlpMemoryChannel } from '../dlp/dlp-memory-provider.js';
import { openMemoryEncryption } from '../encryption/memory-encryption.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { LoggerService } from '../logging/logger.js';
import type { ServiceFactory } from '../services/service-registration.js';
import { serviceToken } from '../services/service-token.js';
import { EncryptedMemoryProvider } from './encrypted-memory-provider.js';
import { encryptionSettings } from './encryption-settings.js';
import { InMemoryMemoryProvider } from './in-memory-memory-provider.js';
import type { MemoryProvider } from './memory-provider.js';
import { memorySettings } from './memory-settings.js';
import { type MemoryStoreContext, type MemoryStoreFactory, MemoryStoreFactoryService } from './memory-store-factory.js';

/** Where each store type comes from, for the error that says what to install. */
const storePackages: Readonly<Record<string, readonly [packageName: string, registration: string]>> = {
  sqlite: ['@orkeon/store-sqlite', 'addSvcSqliteMemory'],
  postgres: ['@orkeon/memory-postgres', 'addSvcPostgresMemory'],
  redis: ['@orkeon/memory-redis', 'addSvcRedisMemory'],
  lancedb: ['@orkeon/memory-lancedb', 'addSvcLanceDb'],
  chromadb: ['@orkeon/memory-chroma', 'addSvcChromaMemory'],
  pinecone: ['@orkeon/memory-pinecone', 'addSvcPineconeMemory'],
};

/** Other names settings may give a type. */
const typeAliases: Readonly<Record<string, string>> = {
  'in-memory': 'inmemory',
  memory: 'inmemory',
  chroma: 'chromadb',
  lance: 'lancedb',
  pgvector: 'postgres',
  postgresql: 'postgres',
};

/** `Memory:Provider` or a crew's `memoryProvider` names a store that is not registered. */
export class MemoryProviderUnknownError extends OrkeonError<CoreErrorCode> {
  constructor(type: string, registered: readonly string[], where: string) {
    const source = storePackages[canonicalMemoryType(type)];
    const fix =
      source === undefined
        ? `use one of: ${registered.join(', ')}`
        : `install ${source[0]} and call ${source[1]}(services, configuration) (orkeon run and serve do this themselves when the package is installed)`;
    super('MEMORY_PROVIDER_UNKNOWN', `${where} is '${type}', and no store of that type is registered: ${fix}.`);
  }
}

/** The type a store answers to, lower case, with the aliases resolved. */
export function canonicalMemoryType(type: string): string {
  const lower = type.trim().toLowerCase();
  return typeAliases[lower] ?? lower;
}

const inMemoryFactory: MemoryStoreFactory = { type: 'inmemory', create: () => new InMemoryMemoryProvider() };

/**
 * The memory stores of a runtime, one per type, each built when first asked for and
 * closed when the runtime is disposed. The in-memory store is always there; every other
 * type comes from its package's registration.
 */
export class MemoryStores implements AsyncDisposable {
  readonly #factories = new Map<string, MemoryStoreFactory>();
  readonly #built = new Map<string, Promise<MemoryProvider>>();
  readonly #context: MemoryStoreContext;
  readonly #defaultType: string;
  readonly #wrap: ((store: MemoryProvider) => Promise<MemoryProvider>) | undefined;

  /** `wrap` decorates every store once it is built (encryption at rest). */
  constructor(
    factories: readonly MemoryStoreFactory[],
    context: MemoryStoreContext,
    defaultType: string,
    wrap?: (store: MemoryProvider) => Promise<MemoryProvider>,
  ) {
    // The last registration of a type wins, as with every service.
    for (const factory of [inMemoryFactory, ...factories]) {
      this.#factories.set(canonicalMemoryType(factory.type), factory);
      for (const alias of factory.aliases ?? []) this.#factories.set(canonicalMemoryType(alias), factory);
    }
    this.#context = context;
    this.#wrap = wrap;
    this.#defaultType = this.checkedType(defaultType, 'Memory:Provider');
  }

  /** The registered types (aliases left out), sorted. */
  get types(): string[] {
    return [...new Set([...this.#factories.values()].map((factory) => canonicalMemoryType(factory.type)))].sort();
  }

  /** The canonical type when a store of it is registered; else `MemoryProviderUnknownError`. */
  checkedType(type: string, where = 'The memory provider'): string {
    const factory = this.#factories.get(canonicalMemoryType(type));
    if (factory === undefined) throw new MemoryProviderUnknownError(type, this.types, where);
    return canonicalMemoryType(factory.type);
  }

  /** The store of `type` (default: `Memory:Provider`), built on first use. */
  get(type: string = this.#defaultType): Promise<MemoryProvider> {
    const canonical = this.checkedType(type);
    let built = this.#built.get(canonical);
    if (built === undefined) {
      const factory = this.#factories.get(canonical) as MemoryStoreFactory;
      const wrap = this.#wrap;
      built = Promise.resolve()
        .then(() => factory.create(this.#context))
        .then(async (store) => {
          if (wrap === undefined) return store;
          try {
            return await wrap(store);
          } catch (error) {
            await store.close?.();
            throw error;
          }
        });
      // A store that failed to open is tried again on the next use, not remembered broken.
      built.catch(() => this.#built.delete(canonical));
      this.#built.set(canonical, built);
    }
    return built;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    const built = [...this.#built.values()];
    this.#built.clear();
    for (const store of await Promise.allSettled(built)) {
      if (store.status === 'fulfilled') await store.value.close?.();
    }
  }
}

/** The runtime's memory stores (`runtime.memory`). */
export const MemoryStoresService = serviceToken<MemoryStores>('MemoryStores');

/**
 * Builds the stores from every registered `MemoryStoreFactoryService`, with `Memory:Provider`
 * as the default type, else `fallbackType` (the runtime's is `inmemory`, the CLI's `sqlite`).
 */
export function memoryStoresFrom(
  configuration: Configuration,
  fallbackType = 'inmemory',
): ServiceFactory<MemoryStores> {
  return (resolver) => {
    const encryption = configuration.get(encryptionSettings);
    return new MemoryStores(
      resolver.getAll(MemoryStoreFactoryService),
      { configuration, logger: resolver.get(LoggerService) },
      configuration.get(memorySettings).Provider ?? fallbackType,
      // The DLP guard's Memory channel (Svc:Dlp:ApplyInPipeline) screens the plain text, outside the encryption.
      withDlpMemoryChannel(
        encryption.Enabled
          ? async (store) => new EncryptedMemoryProvider(store, await openMemoryEncryption(resolver, encryption))
          : undefined,
        resolver.tryGet(DlpChannelGuardService),
      ),
    );
  };
}
