import type { MemoryItem, ScoredMemoryItem } from '../memory/memory-item.js';
import type { MemoryProvider } from '../memory/memory-provider.js';
import { serviceToken } from '../services/service-token.js';

/** A memory crew memory hands to the layer to keep. */
export interface MemoryLayerRememberRequest {
  readonly store: MemoryProvider;
  /** The scope tag (`memoryScopeTag`): the layer keeps the memory in it and compares only within it. */
  readonly scope: string;
  readonly key: string;
  /** The memory as crew memory made it (content, type, tags with the scope tag, source). */
  readonly item: MemoryItem;
  /** What the memory came from (the task), for the layer's analysis. */
  readonly context?: string;
}

/** What crew memory asks the layer to recall. */
export interface MemoryLayerRecallRequest {
  readonly store: MemoryProvider;
  readonly scope: string;
  readonly query: string;
  readonly limit: number;
  readonly minScore: number;
}

/**
 * A layer between crew memory and its store (cognitive memory: analysis, contradictions,
 * composite scoring). Registered, it replaces crew memory's own keeping and recall;
 * the scope rules stay: a layer reads and writes only within the scope it is given.
 */
export interface MemoryLayer {
  remember(request: MemoryLayerRememberRequest): Promise<void>;
  recall(request: MemoryLayerRecallRequest): Promise<ScoredMemoryItem[]>;
}

export const MemoryLayerService = serviceToken<MemoryLayer>('MemoryLayer');
