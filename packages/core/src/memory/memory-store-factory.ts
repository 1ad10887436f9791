import type { Configuration } from '../config/configuration.js';
import type { Logger } from '../logging/logger.js';
import { serviceToken } from '../services/service-token.js';
import type { MemoryProvider } from './memory-provider.js';

/** What a memory store is built from: the host's settings and its logger. */
export interface MemoryStoreContext {
  readonly configuration: Configuration;
  readonly logger: Logger;
}

/**
 * How a store package offers itself to `Memory:Provider` and a crew's `memoryProvider`:
 * its type, the aliases it answers to, and how to build it. Each `addSvc…Memory`
 * registration adds one; the store is built once, when a crew or agent first remembers.
 */
export interface MemoryStoreFactory {
  /** Lower case, as settings name it: `redis`. */
  readonly type: string;
  readonly aliases?: readonly string[];
  /** Builds the store; what it opens is released by the store's `close()` when the runtime is disposed. */
  create(context: MemoryStoreContext): MemoryProvider | Promise<MemoryProvider>;
}

/** Every store the host registered (`services.add`, one registration per store). */
export const MemoryStoreFactoryService = serviceToken<MemoryStoreFactory>('MemoryStoreFactory');
